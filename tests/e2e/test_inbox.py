"""The inbox model's five access patterns against the preloaded `inbox` table
(server started without --no-inbox), through boto3.

Preloaded: u_alice has 3 notifications; the 2 newest are unread (in the
sparse GSI1), the oldest is read; her InboxMeta has unreadCount 2.
"""

import hashlib
import unittest

from dynamini_harness import ClientError, ServerTestCase

TABLE = "inbox"
ALICE = "u_alice"
OLD_READ = "01HWSPZ3H038NKRKAYDXR834N3"
MID_UNREAD = "01HWWVCKJ05CY4TQKFE20S58XM"
NEW_UNREAD = "01HWYQRBZ07H6NWVVGG69A7D65"
NOW = "2024-05-04T10:00:00.000Z"

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid(ms, seed):
    """A valid ULID: 48-bit time `ms`, 80 bits derived from `seed`."""
    rnd = int.from_bytes(hashlib.sha256(seed.encode()).digest()[:10], "big")
    value = (ms << 80) | rnd
    return "".join(CROCKFORD[(value >> (5 * i)) & 31] for i in range(25, -1, -1))


def notif_key(user, notif_id):
    return {"pk": {"S": "USER#" + user}, "sk": {"S": "NOTIF#" + notif_id}}


def meta_key(user):
    return {"pk": {"S": "USER#" + user}, "sk": {"S": "#INBOX"}}


# ---- the access patterns, as an application would issue them ---------------

def ap1_newest(ddb, user, limit=20, start=None):
    kwargs = {"TableName": TABLE,
              "KeyConditionExpression": "pk = :pk AND begins_with(sk, :p)",
              "ExpressionAttributeValues": {":pk": {"S": "USER#" + user},
                                            ":p": {"S": "NOTIF#"}},
              "ScanIndexForward": False, "Limit": limit}
    if start:
        kwargs["ExclusiveStartKey"] = start
    return ddb.query(**kwargs)


def ap2_badge(ddb, user):
    item = ddb.get_item(TableName=TABLE, Key=meta_key(user))["Item"]
    return item["unreadCount"]["N"]


def ap3_mark_read(ddb, user, notif_id, now=NOW):
    """Marks one notification read (it leaves GSI1), then decrements the
    badge without letting it go below zero. A real app would wrap both in
    TransactWriteItems."""
    ddb.update_item(
        TableName=TABLE, Key=notif_key(user, notif_id),
        UpdateExpression="SET #read = :true, readAt = :now "
                         "REMOVE gsi1pk, gsi1sk",
        ConditionExpression="attribute_exists(gsi1pk)",
        ExpressionAttributeNames={"#read": "read"},
        ExpressionAttributeValues={":true": {"BOOL": True},
                                   ":now": {"S": now}})
    ddb.update_item(
        TableName=TABLE, Key=meta_key(user),
        UpdateExpression="ADD unreadCount :dec",
        ConditionExpression="unreadCount > :zero",
        ExpressionAttributeValues={":dec": {"N": "-1"}, ":zero": {"N": "0"}})


def ap4_unread(ddb, user, limit=None, start=None):
    kwargs = {"TableName": TABLE, "IndexName": "GSI1",
              "KeyConditionExpression": "gsi1pk = :u",
              "ExpressionAttributeValues": {":u": {"S": "UNREAD#" + user}}}
    if limit:
        kwargs["Limit"] = limit
    if start:
        kwargs["ExclusiveStartKey"] = start
    return ddb.query(**kwargs)


def ap5_mark_all_read(ddb, user, now=NOW, page_size=1):
    """Zeroes the badge, then pages GSI1 and marks each notification read.
    Returns how many it marked."""
    ddb.update_item(TableName=TABLE, Key=meta_key(user),
                    UpdateExpression="SET unreadCount = :zero",
                    ExpressionAttributeValues={":zero": {"N": "0"}})
    marked, start = 0, None
    for _ in range(1000):
        page = ap4_unread(ddb, user, limit=page_size, start=start)
        for item in page["Items"]:
            ddb.update_item(
                TableName=TABLE,
                Key={"pk": item["pk"], "sk": item["sk"]},
                UpdateExpression="SET #read = :true, readAt = :now "
                                 "REMOVE gsi1pk, gsi1sk",
                ExpressionAttributeNames={"#read": "read"},
                ExpressionAttributeValues={":true": {"BOOL": True},
                                           ":now": {"S": now}})
            marked += 1
        start = page.get("LastEvaluatedKey")
        if not start:
            return marked
    raise AssertionError("GSI1 paging never ended")


def notif_ids(items):
    return [i["notifId"]["S"] for i in items]


# ---- tests -----------------------------------------------------------------

class PreloadedInboxReads(ServerTestCase):
    """Read-only patterns on the untouched preloaded data."""
    inbox = True

    def test_ap1_newest_first_lists_alice_three_notifications_without_meta(self):
        out = ap1_newest(self.ddb, ALICE)
        self.assertEqual(notif_ids(out["Items"]),
                         [NEW_UNREAD, MID_UNREAD, OLD_READ])
        self.assertNotIn("LastEvaluatedKey", out)
        first = out["Items"][0]
        self.assertEqual(first["type"], {"S": "follow"})
        self.assertEqual(first["read"], {"BOOL": False})
        self.assertIn("M", first["payload"])
        self.assertEqual(first["createdAt"], {"S": "2024-05-03T08:05:00.000Z"})

    def test_ap2_badge_is_two(self):
        self.assertEqual(ap2_badge(self.ddb, ALICE), "2")

    def test_ap4_sparse_gsi1_lists_only_the_two_unread_oldest_first(self):
        out = ap4_unread(self.ddb, ALICE)
        self.assertEqual(notif_ids(out["Items"]), [MID_UNREAD, NEW_UNREAD])
        for item in out["Items"]:
            self.assertEqual(item["read"], {"BOOL": False})
            # Projection ALL: the whole item comes back from the index.
            self.assertIn("payload", item)
            self.assertIn("actorId", item)

    def test_ap4_gsi1_newest_first_with_scan_index_forward_false(self):
        out = self.ddb.query(
            TableName=TABLE, IndexName="GSI1",
            KeyConditionExpression="gsi1pk = :u AND begins_with(gsi1sk, :n)",
            ExpressionAttributeValues={":u": {"S": "UNREAD#" + ALICE},
                                       ":n": {"S": "NOTIF#"}},
            ScanIndexForward=False)
        self.assertEqual(notif_ids(out["Items"]), [NEW_UNREAD, MID_UNREAD])

    def test_gsi1_holds_neither_the_read_notification_nor_inbox_meta(self):
        out = self.ddb.scan(TableName=TABLE, IndexName="GSI1")
        self.assertEqual(sorted(notif_ids(out["Items"])),
                         sorted([MID_UNREAD, NEW_UNREAD]))

    def test_read_is_a_reserved_word_and_needs_an_expression_attribute_name(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.update_item(
                TableName=TABLE, Key=notif_key(ALICE, MID_UNREAD),
                UpdateExpression="SET read = :t",
                ExpressionAttributeValues={":t": {"BOOL": True}})
        self.assertClientError(ctx, "ValidationException")
        self.assertEqual(len(ap4_unread(self.ddb, ALICE)["Items"]), 2)


class InboxMarkOneRead(ServerTestCase):
    """AP3 mutates alice's inbox: its own server."""
    inbox = True

    def test_ap3_mark_read_removes_it_from_gsi1_and_decrements_the_badge(self):
        ap3_mark_read(self.ddb, ALICE, MID_UNREAD)
        self.assertEqual(notif_ids(ap4_unread(self.ddb, ALICE)["Items"]),
                         [NEW_UNREAD])
        self.assertEqual(ap2_badge(self.ddb, ALICE), "1")
        item = self.ddb.get_item(TableName=TABLE,
                                 Key=notif_key(ALICE, MID_UNREAD))["Item"]
        self.assertEqual(item["read"], {"BOOL": True})
        self.assertEqual(item["readAt"], {"S": NOW})
        self.assertNotIn("gsi1pk", item)
        self.assertNotIn("gsi1sk", item)
        # Still in the base table's newest-first listing.
        self.assertEqual(notif_ids(ap1_newest(self.ddb, ALICE)["Items"]),
                         [NEW_UNREAD, MID_UNREAD, OLD_READ])

        # Marking the same one again is refused and leaves the badge alone.
        with self.assertRaises(ClientError) as ctx:
            ap3_mark_read(self.ddb, ALICE, MID_UNREAD)
        self.assertClientError(ctx, "ConditionalCheckFailedException")
        self.assertEqual(ap2_badge(self.ddb, ALICE), "1")

        # The last unread one: index empty, badge 0.
        ap3_mark_read(self.ddb, ALICE, NEW_UNREAD)
        self.assertEqual(ap4_unread(self.ddb, ALICE)["Items"], [])
        self.assertEqual(ap2_badge(self.ddb, ALICE), "0")

    def test_ap3_badge_decrement_is_refused_at_zero(self):
        self.ddb.update_item(TableName=TABLE, Key=meta_key("u_zero"),
                             UpdateExpression="SET unreadCount = :z",
                             ExpressionAttributeValues={":z": {"N": "0"}})
        with self.assertRaises(ClientError) as ctx:
            self.ddb.update_item(
                TableName=TABLE, Key=meta_key("u_zero"),
                UpdateExpression="ADD unreadCount :dec",
                ConditionExpression="unreadCount > :zero",
                ExpressionAttributeValues={":dec": {"N": "-1"},
                                           ":zero": {"N": "0"}})
        self.assertClientError(ctx, "ConditionalCheckFailedException")
        self.assertEqual(ap2_badge(self.ddb, "u_zero"), "0")


class InboxMarkAllRead(ServerTestCase):
    """AP5 mutates alice's inbox: its own server."""
    inbox = True

    def test_ap5_mark_all_read_empties_gsi1_and_zeroes_the_badge(self):
        marked = ap5_mark_all_read(self.ddb, ALICE, page_size=1)
        self.assertEqual(marked, 2)
        self.assertEqual(ap4_unread(self.ddb, ALICE)["Items"], [])
        self.assertEqual(self.ddb.scan(TableName=TABLE, IndexName="GSI1")["Count"], 0)
        self.assertEqual(ap2_badge(self.ddb, ALICE), "0")
        items = ap1_newest(self.ddb, ALICE)["Items"]
        self.assertEqual(len(items), 3)
        self.assertTrue(all(i["read"] == {"BOOL": True} for i in items))


class InboxPaging(ServerTestCase):
    """A 100-notification inbox paged 20 at a time, newest first."""
    inbox = True
    USER = "u_pager"
    BASE_MS = 1714550400000  # 2024-05-01T08:00:00Z

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ids = [ulid(cls.BASE_MS + i * 60000, "n%d" % i) for i in range(100)]
        cls.unread = [nid for i, nid in enumerate(cls.ids) if i % 4 == 0]
        requests = []
        for i, nid in enumerate(cls.ids):
            item = {**notif_key(cls.USER, nid),
                    "userId": {"S": cls.USER}, "notifId": {"S": nid},
                    "type": {"S": "like"}, "actorId": {"S": "u_%d" % i},
                    "targetId": {"S": "post_%d" % i},
                    "targetType": {"S": "post"},
                    "payload": {"M": {"n": {"N": str(i)}}},
                    "read": {"BOOL": i % 4 != 0}}
            if i % 4 == 0:
                item["gsi1pk"] = {"S": "UNREAD#" + cls.USER}
                item["gsi1sk"] = item["sk"]
            requests.append({"PutRequest": {"Item": item}})
        for chunk in range(0, len(requests), 25):
            out = cls.ddb.batch_write_item(
                RequestItems={TABLE: requests[chunk:chunk + 25]})
            assert not out.get("UnprocessedItems"), out
        cls.ddb.put_item(TableName=TABLE, Item={
            **meta_key(cls.USER), "unreadCount": {"N": str(len(cls.unread))}})

    def test_ulids_are_26_crockford_chars_in_time_order(self):
        for nid in self.ids:
            self.assertEqual(len(nid), 26)
            self.assertTrue(set(nid) <= set(CROCKFORD))
        self.assertEqual(self.ids, sorted(self.ids))

    def test_ap1_pages_100_notifications_20_at_a_time_newest_first_without_gaps(self):
        pages, start = [], None
        for _ in range(10):
            out = ap1_newest(self.ddb, self.USER, limit=20, start=start)
            pages.append(notif_ids(out["Items"]))
            start = out.get("LastEvaluatedKey")
            if not start:
                break
        else:
            self.fail("paging never ended")
        full = [p for p in pages if p]
        self.assertEqual([len(p) for p in full], [20, 20, 20, 20, 20])
        # At most one trailing empty page (a Limit-sized last page may carry
        # a LastEvaluatedKey); never an empty page in the middle.
        self.assertLessEqual(len(pages) - len(full), 1)
        self.assertEqual(pages[:5], full)
        flat = [nid for p in full for nid in p]
        self.assertEqual(len(set(flat)), 100)           # no duplicates
        self.assertEqual(flat, list(reversed(self.ids)))  # no gaps, newest first
        self.assertTrue(all(a > b for a, b in zip(flat, flat[1:])))

    def test_ap4_unread_index_pages_past_the_first_page(self):
        seen, start = [], None
        for _ in range(20):
            out = ap4_unread(self.ddb, self.USER, limit=7, start=start)
            self.assertLessEqual(len(out["Items"]), 7)
            seen += notif_ids(out["Items"])
            start = out.get("LastEvaluatedKey")
            if not start:
                break
            self.assertEqual(set(start), {"pk", "sk", "gsi1pk", "gsi1sk"})
        self.assertEqual(seen, self.unread)
        self.assertEqual(ap2_badge(self.ddb, self.USER), "25")


if __name__ == "__main__":
    unittest.main()
