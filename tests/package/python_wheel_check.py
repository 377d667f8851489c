"""Run by tests/package/python_wheel.sh with the virtual environment's pytest, in a folder
with no conftest.py and nothing on PYTHONPATH: the wheel's pytest11 entry point loads the
plugin, which runs the executable the wheel installed (no DYNAMINI_BIN, no dynamini on
PATH)."""

import os
import sysconfig


def test_the_fixture_runs_the_wheels_executable(dynamodb):
    installed = os.path.join(sysconfig.get_path("platlib"), "dynamini", "bin", "dynamini")
    assert dynamodb.server.binary == installed
    assert "DYNAMINI_BIN" not in os.environ
    dynamodb.client.create_table(
        TableName="things", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
    dynamodb.table("things").put_item(Item={"id": "a", "n": 1})
    assert dynamodb.table("things").get_item(Key={"id": "a"})["Item"] == {"id": "a", "n": 1}


def test_the_next_test_gets_a_reset_database(dynamodb):
    assert dynamodb.client.list_tables()["TableNames"] == []
