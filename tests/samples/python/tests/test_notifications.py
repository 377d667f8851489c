"""The application's own tests: each gets a database reset to the schema and seed files."""

import pytest
from botocore.exceptions import ClientError

from notifications import Notifications


@pytest.fixture
def inbox(dynamodb):
    # The code under test builds its own client from AWS_ENDPOINT_URL_DYNAMODB.
    return Notifications()


def test_notify_adds_an_unread_notification_and_counts_it(inbox):
    inbox.notify("u_alice", "01", "Bob followed you")
    inbox.notify("u_alice", "02", "Bob liked your post")
    assert [n["text"] for n in inbox.recent("u_alice")] == ["Bob liked your post",
                                                            "Bob followed you"]
    assert inbox.unread("u_alice") == ["01", "02"]
    assert inbox.unread_count("u_alice") == 2


def test_mark_read_once_and_only_once(inbox):
    inbox.notify("u_alice", "01", "hello")
    inbox.mark_read("u_alice", "01")
    assert inbox.unread("u_alice") == []
    assert inbox.unread_count("u_alice") == 0
    with pytest.raises(ClientError) as e:
        inbox.mark_read("u_alice", "01")
    assert e.value.response["Error"]["Code"] == "TransactionCanceledException"
    assert inbox.unread_count("u_alice") == 0


def test_the_same_notification_twice_is_refused(inbox):
    inbox.notify("u_bob", "01", "first")
    with pytest.raises(ClientError):
        inbox.notify("u_bob", "01", "again")
    assert inbox.unread_count("u_bob") == 1


def test_the_fixture_resource_sees_what_the_application_wrote(inbox, dynamodb_resource):
    inbox.notify("u_bob", "07", "x")
    item = dynamodb_resource.Table("notifications").get_item(
        Key={"pk": "USER#u_bob", "sk": "NOTIF#07"})["Item"]
    assert item["gsi1pk"] == "UNREAD#u_bob"
