"""What dynamini_pytest promises (docs/clients.md, "pytest"), checked from a user's test suite."""

import os

import pytest


def test_schema_tables_exist_and_seed_items_are_loaded(dynamodb_client):
    assert dynamodb_client.list_tables()["TableNames"] == ["notifications", "users"]
    names = sorted(i["name"]["S"] for i in dynamodb_client.scan(TableName="users")["Items"])
    assert names == ["Alice", "Bob"]


# Both tests change the start-up data and create the same table: whichever runs second
# fails unless the database was reset in between.
@pytest.mark.parametrize("run", ["first", "second"])
def test_each_test_starts_from_the_start_up_state(dynamodb, run):
    users = dynamodb.table("users")
    assert users.get_item(Key={"id": "u_alice"})["Item"]["name"] == "Alice"
    assert "Item" not in users.get_item(Key={"id": "u_carol"})
    users.delete_item(Key={"id": "u_alice"})
    users.put_item(Item={"id": "u_carol", "run": run})
    dynamodb.client.create_table(
        TableName="scratch", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])


def test_the_endpoint_variable_names_this_server(dynamodb, dynamini_server):
    assert os.environ["AWS_ENDPOINT_URL_DYNAMODB"] == dynamini_server.endpoint == dynamodb.endpoint
    assert dynamini_server.endpoint == "http://127.0.0.1:%d" % dynamini_server.port
    assert os.environ["AWS_ACCESS_KEY_ID"] == "dynamini"


def test_each_xdist_worker_has_its_own_server(dynamini_server):
    assert dynamini_server.worker == os.environ.get("PYTEST_XDIST_WORKER", "main")
    assert dynamini_server.process.poll() is None
