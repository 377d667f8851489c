"""The admin endpoint (--admin): reset, snapshot and restore over HTTP, as a
test suite in any language would use it between tests."""

import json
import unittest
import urllib.error
import urllib.request

from dynamini_harness import ClientError, DynaminiServer


def admin(server, path):
    """POST /dynamini/admin/<path>; returns (status, parsed JSON body)."""
    request = urllib.request.Request(server.url + "/dynamini/admin/" + path, data=b"",
                                     method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def create_table(ddb, name):
    ddb.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])


class AdminEndpointTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = DynaminiServer(inbox=True, extra_args=["--admin"])
        cls.addClassCleanup(cls.server.stop)
        cls.server.start()
        cls.ddb = cls.server.client()

    def setUp(self):
        self.assertEqual(admin(self.server, "reset")[0], 200)

    def test_reset_drops_new_tables_and_restores_the_preloaded_inbox(self):
        create_table(self.ddb, "scratch")
        self.ddb.delete_item(TableName="inbox",
                             Key={"pk": {"S": "USER#u_alice"}, "sk": {"S": "#INBOX"}})
        status, body = admin(self.server, "reset")
        self.assertEqual((status, body), (200, {"reset": True}))
        self.assertEqual(self.ddb.list_tables()["TableNames"], ["inbox"])
        badge = self.ddb.get_item(TableName="inbox",
                                  Key={"pk": {"S": "USER#u_alice"}, "sk": {"S": "#INBOX"}})
        self.assertIn("Item", badge)

    def test_snapshot_then_restore_brings_back_the_data_of_that_moment(self):
        create_table(self.ddb, "kept")
        self.ddb.put_item(TableName="kept", Item={"id": {"S": "a"}, "v": {"N": "1"}})
        self.assertEqual(admin(self.server, "snapshot?name=before"),
                         (200, {"snapshot": "before"}))
        self.ddb.put_item(TableName="kept", Item={"id": {"S": "a"}, "v": {"N": "2"}})
        self.ddb.put_item(TableName="kept", Item={"id": {"S": "b"}})
        self.assertEqual(admin(self.server, "restore?name=before"),
                         (200, {"restored": "before"}))
        items = self.ddb.scan(TableName="kept")["Items"]
        self.assertEqual(items, [{"id": {"S": "a"}, "v": {"N": "1"}}])

    def test_restore_of_an_unknown_name_is_404_and_changes_nothing(self):
        create_table(self.ddb, "untouched")
        status, body = admin(self.server, "restore?name=never-taken")
        self.assertEqual(status, 404)
        self.assertIn("never-taken", body["message"])
        self.assertIn("untouched", self.ddb.list_tables()["TableNames"])

    def test_a_snapshot_without_a_name_is_400(self):
        self.assertEqual(admin(self.server, "snapshot")[0], 400)


class AdminEndpointOffTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = DynaminiServer(inbox=False)
        cls.addClassCleanup(cls.server.stop)
        cls.server.start()

    def test_without_admin_the_endpoint_is_404_and_nothing_is_reset(self):
        ddb = self.server.client()
        create_table(ddb, "stays")
        self.assertEqual(admin(self.server, "reset")[0], 404)
        self.assertEqual(ddb.list_tables()["TableNames"], ["stays"])


if __name__ == "__main__":
    unittest.main()
