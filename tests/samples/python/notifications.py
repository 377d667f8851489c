"""The code under test: a small notification inbox on DynamoDB (boto3's resource API).

It builds its own boto3 resource, as application code does. The endpoint comes from
AWS_ENDPOINT_URL_DYNAMODB, which dynamini_pytest sets for the whole test session; newer
boto3 versions read that variable by themselves, Debian 12's boto3 (1.26) does not, so it
is passed explicitly (None means "the real DynamoDB").
"""

import os

import boto3
from boto3.dynamodb.conditions import Key


def dynamodb_resource():
    return boto3.resource("dynamodb", endpoint_url=os.environ.get("AWS_ENDPOINT_URL_DYNAMODB"))


class Notifications:
    """notifications table: USER#<id> / NOTIF#<id> items; unread ones carry gsi1pk, so the
    GSI1 index holds exactly the unread notifications; USER#<id> / #INBOX holds the badge."""

    def __init__(self, resource=None, table_name="notifications"):
        self.resource = resource or dynamodb_resource()
        self.table = self.resource.Table(table_name)
        # The resource's client takes plain Python values, as the resource does.
        self.client = self.resource.meta.client
        self.table_name = table_name

    def notify(self, user, notif_id, text):
        """Adds an unread notification and increments the badge, in one transaction."""
        self.client.transact_write_items(TransactItems=[
            {"Put": {"TableName": self.table_name,
                     "Item": {"pk": "USER#" + user, "sk": "NOTIF#" + notif_id, "text": text,
                              "gsi1pk": "UNREAD#" + user, "gsi1sk": notif_id},
                     "ConditionExpression": "attribute_not_exists(pk)"}},
            {"Update": {"TableName": self.table_name,
                        "Key": {"pk": "USER#" + user, "sk": "#INBOX"},
                        "UpdateExpression": "ADD unreadCount :one",
                        "ExpressionAttributeValues": {":one": 1}}},
        ])

    def recent(self, user, limit=20):
        """The newest notifications first."""
        page = self.table.query(
            KeyConditionExpression=Key("pk").eq("USER#" + user) & Key("sk").begins_with("NOTIF#"),
            ScanIndexForward=False, Limit=limit)
        return page["Items"]

    def unread(self, user):
        page = self.table.query(IndexName="GSI1",
                                KeyConditionExpression=Key("gsi1pk").eq("UNREAD#" + user))
        return [item["sk"][len("NOTIF#"):] for item in page["Items"]]

    def unread_count(self, user):
        item = self.table.get_item(Key={"pk": "USER#" + user, "sk": "#INBOX"}).get("Item")
        return int(item["unreadCount"]) if item else 0

    def mark_read(self, user, notif_id):
        """Marks one notification read and decrements the badge, if it was unread."""
        self.client.transact_write_items(TransactItems=[
            {"Update": {"TableName": self.table_name,
                        "Key": {"pk": "USER#" + user, "sk": "NOTIF#" + notif_id},
                        "UpdateExpression": "REMOVE gsi1pk, gsi1sk SET #r = :t",
                        "ConditionExpression": "attribute_exists(gsi1pk)",
                        "ExpressionAttributeNames": {"#r": "read"},
                        "ExpressionAttributeValues": {":t": True}}},
            {"Update": {"TableName": self.table_name,
                        "Key": {"pk": "USER#" + user, "sk": "#INBOX"},
                        "UpdateExpression": "ADD unreadCount :m",
                        "ConditionExpression": "unreadCount > :z",
                        "ExpressionAttributeValues": {":m": -1, ":z": 0}}},
        ])
