"""The 400 KB item limit on each write path, and what transactions answer.

Item size by surface and UpdateItem's statement charge are as
paritysuite/dynamodb-conformance measured them against DynamoDB
(tests/tier3/limits/itemSizeBySurface.test.ts, eu-west-2): every path but
UpdateItem sizes the finished item, key included, up to exactly 409,600
bytes; UpdateItem refuses max(finished item, statement charge) over 409,600,
the charge being 3 + per clause (19 + target + what it writes for SET/ADD,
1 + target for REMOVE/DELETE). Each test here accepts at the predicted
ceiling, reads the item back, and is refused one byte over, so a wrong rule
fails on one side or the other.

Transactions: which key faults cancel (a ValidationError reason, its exact
message) and which refuse (transactWriteItems.test.ts,
transactIndexKeys.test.ts), and what a ClientRequestToken replay answers
(API reference; dynoxide's capture of the replay's ConsumedCapacity).

  DYNAMINI_BIN=build/tools/dynamini /usr/bin/python3 -m unittest -v test_size_transactions
"""

import unittest
import uuid

from dynamini_harness import ClientError, ServerTestCase

MAX = 409600
PUT_WORDING = "Item size has exceeded the maximum allowed size"
UPDATE_WORDING = "Item size to update has exceeded the maximum allowed size"


def size_of(value):
    """DynamoDB's size of one attribute value (Developer Guide, "Item sizes")."""
    (kind, v), = value.items()
    if kind == "S":
        return len(v.encode())
    if kind == "B":
        return len(v)
    if kind == "N":
        digits = v.lstrip("-").replace(".", "").lstrip("0").rstrip("0") or "0"
        return (len(digits) + 1) // 2 + 1
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "SS":
        return sum(len(s.encode()) for s in v)
    if kind == "L":
        return 3 + sum(1 + size_of(e) for e in v)
    if kind == "M":
        return 3 + sum(1 + len(k.encode()) + size_of(e) for k, e in v.items())
    raise ValueError(kind)


def item_size(item):
    return sum(len(name.encode()) + size_of(value) for name, value in item.items())


class ItemSizeBySurface(ServerTestCase):
    pairs = 0  # keys used by update_ceiling_is
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.table = "size_surface"
        cls.ddb.create_table(
            TableName=cls.table, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])

    def key(self, text=None):
        return {"pk": {"S": text or "k-" + uuid.uuid4().hex[:8]}}

    def sized(self, key, total, name="p"):
        """`key` plus one attribute `name`, the whole item exactly `total` bytes."""
        item = dict(key)
        item[name] = {"S": "x" * (total - item_size(key) - len(name))}
        self.assertEqual(item_size(item), total)
        return item

    def stored_size(self, key):
        got = self.ddb.get_item(TableName=self.table, Key=key, ConsistentRead=True)
        return item_size(got["Item"])

    def refused(self, call, code="ValidationException", message=None):
        with self.assertRaises(ClientError) as ctx:
            call()
        self.assertClientError(ctx, code)
        if message is not None:
            self.assertEqual(ctx.exception.response["Error"]["Message"], message)
        return ctx.exception.response

    # ---- the flat surfaces: the finished item, key included ---------------

    def test_put_item_accepts_exactly_409600_and_refuses_one_more(self):
        key = self.key()
        self.ddb.put_item(TableName=self.table, Item=self.sized(key, MAX))
        self.assertEqual(self.stored_size(key), MAX)
        self.refused(lambda: self.ddb.put_item(TableName=self.table,
                                               Item=self.sized(self.key(), MAX + 1)),
                     message=PUT_WORDING)

    def test_batch_write_item_accepts_exactly_409600(self):
        key = self.key()
        self.ddb.batch_write_item(RequestItems={self.table: [
            {"PutRequest": {"Item": self.sized(key, MAX)}}]})
        self.assertEqual(self.stored_size(key), MAX)

    def test_transact_put_accepts_exactly_409600(self):
        key = self.key()
        self.ddb.transact_write_items(TransactItems=[
            {"Put": {"TableName": self.table, "Item": self.sized(key, MAX)}}])
        self.assertEqual(self.stored_size(key), MAX)

    def transact_update_to(self, key, total):
        pad = self.sized(key, total)["p"]
        self.ddb.transact_write_items(TransactItems=[{"Update": {
            "TableName": self.table, "Key": key, "UpdateExpression": "SET p = :p",
            "ExpressionAttributeValues": {":p": pad}}}])

    def test_transact_update_is_flat_and_cancels_one_byte_over(self):
        # A one-byte key: standalone UpdateItem refuses this finished item.
        key = self.key("Y")
        self.transact_update_to(key, MAX)
        self.assertEqual(self.stored_size(key), MAX)
        over = self.key()
        response = self.refused(lambda: self.transact_update_to(over, MAX + 1),
                                code="TransactionCanceledException")
        self.assertEqual(response["CancellationReasons"],
                         [{"Code": "ValidationError", "Message": UPDATE_WORDING}])

    def execute(self, statement, *parameters):
        self.ddb.execute_statement(Statement=statement, Parameters=list(parameters))

    def test_partiql_insert_and_update_are_flat(self):
        key = self.key()
        item = self.sized(key, MAX)
        self.execute('INSERT INTO "size_surface" VALUE {\'pk\': ?, \'p\': ?}', key["pk"], item["p"])
        self.assertEqual(self.stored_size(key), MAX)
        over = self.sized(self.key(), MAX + 1)
        self.refused(lambda: self.execute('INSERT INTO "size_surface" VALUE {\'pk\': ?, \'p\': ?}',
                                          over["pk"], over["p"]), message=PUT_WORDING)
        short = self.key("X")  # UpdateItem refuses this finished item at this key
        self.ddb.put_item(TableName=self.table, Item=short)
        self.execute('UPDATE "size_surface" SET p = ? WHERE pk = ?',
                     self.sized(short, MAX)["p"], short["pk"])
        self.assertEqual(self.stored_size(short), MAX)
        grown = self.key()
        self.ddb.put_item(TableName=self.table, Item=grown)
        self.refused(lambda: self.execute('UPDATE "size_surface" SET p = ? WHERE pk = ?',
                                          self.sized(grown, MAX + 1)["p"], grown["pk"]),
                     message=UPDATE_WORDING)

    def test_attribute_updates_sizes_the_finished_item(self):
        key = self.key("A")
        pad = self.sized(key, MAX, "b")["b"]
        self.ddb.update_item(TableName=self.table, Key=key,
                             AttributeUpdates={"b": {"Action": "PUT", "Value": pad}})
        self.assertEqual(self.stored_size(key), MAX)

    # ---- UpdateItem: max(finished item, statement charge) -----------------

    def update_ceiling_is(self, ceiling_padding, expression, names=None, values=None,
                          seed=None):
        """SET b = :pad (plus `expression`'s other clauses) is accepted with
        `ceiling_padding` bytes of padding and refused with one more."""
        def send(key, padding):
            if seed:
                self.ddb.put_item(TableName=self.table, Item=dict(key, **seed))
            request = dict(TableName=self.table, Key=key, UpdateExpression=expression,
                           ExpressionAttributeValues=dict(values or {}, **{
                               ":pad": {"S": "x" * padding}}))
            if names:
                request["ExpressionAttributeNames"] = names
            self.ddb.update_item(**request)
        # Fresh keys of three bytes: short enough that the charge, not the
        # finished item, is what binds.
        ItemSizeBySurface.pairs += 1
        accepted = self.key("C%02d" % ItemSizeBySurface.pairs)
        send(accepted, ceiling_padding)
        got = self.ddb.get_item(TableName=self.table, Key=accepted, ConsistentRead=True)
        self.assertEqual(len(got["Item"]["b"]["S"]), ceiling_padding)
        self.refused(lambda: send(self.key("D%02d" % ItemSizeBySurface.pairs), ceiling_padding + 1),
                     message=UPDATE_WORDING)

    # The charge of "SET b = :pad" alone: 3 + 19 + len("b").
    PAD = 3 + 19 + 1

    def test_one_set_at_a_short_key_sits_19_under_409600(self):
        self.update_ceiling_is(MAX - self.PAD, "SET b = :pad")

    def test_a_long_key_caps_the_finished_item_at_409600(self):
        key = self.key("k" * 100)
        pad = self.sized(key, MAX, "b")["b"]
        self.ddb.update_item(TableName=self.table, Key=key, UpdateExpression="SET b = :pad",
                             ExpressionAttributeValues={":pad": pad})
        self.assertEqual(self.stored_size(key), MAX)
        over = self.key("j" * 100)
        self.refused(lambda: self.ddb.update_item(
            TableName=self.table, Key=over, UpdateExpression="SET b = :pad",
            ExpressionAttributeValues={":pad": self.sized(over, MAX + 1, "b")["b"]}),
            message=UPDATE_WORDING)

    def test_a_second_set_costs_19_plus_what_it_writes(self):
        self.update_ceiling_is(MAX - self.PAD - (19 + 1 + 1), "SET b = :pad, c = :c",
                               values={":c": {"S": "y"}})

    def test_an_alias_costs_the_name_it_stands_for(self):
        self.update_ceiling_is(MAX - self.PAD, "SET #twelvechars = :pad",
                               names={"#twelvechars": "b"})

    def test_remove_costs_one_plus_its_path(self):
        self.update_ceiling_is(MAX - self.PAD - (1 + 10), "SET b = :pad REMOVE abcdefghij",
                               seed={"abcdefghij": {"S": "rrrrr"}})

    def test_a_nested_remove_costs_four_and_the_element_per_step(self):
        self.update_ceiling_is(MAX - self.PAD - (1 + 1 + 4 + 10), "SET b = :pad REMOVE m.yyyyyyyyyy",
                               seed={"m": {"M": {"x": {"S": "y" * 10}, "yyyyyyyyyy": {"S": "r"}}}})

    def test_a_path_operand_costs_fifteen_plus_its_name_not_its_value(self):
        self.update_ceiling_is(MAX - self.PAD - (19 + 1 + 1 + 14 + 3), "SET b = :pad, c = big",
                               seed={"big": {"S": "y" * 10}})

    def test_list_append_costs_37_plus_its_operands(self):
        ten = {"L": [{"S": "y" * 10}]}
        self.update_ceiling_is(MAX - self.PAD - (19 + 1 + 37 + (1 + 14 + 1) + size_of(ten)),
                               "SET b = :pad, l = list_append(l, :new)",
                               values={":new": ten}, seed={"l": {"L": [{"S": "e"}]}})

    def test_if_not_exists_costs_39_plus_its_operands_even_when_present(self):
        self.update_ceiling_is(MAX - self.PAD - (19 + 1 + 39 + (1 + 14 + 1) + 1),
                               "SET b = :pad, c = if_not_exists(c, :v)",
                               values={":v": {"S": "v"}}, seed={"c": {"S": "y" * 10}})

    def test_addition_and_subtraction_cost_34_and_37(self):
        one = {"N": "1"}
        self.update_ceiling_is(MAX - self.PAD - (19 + 1 + 34 + 16 + size_of(one)),
                               "SET b = :pad, n = n + :one", values={":one": one},
                               seed={"n": {"N": "12345678901234567890"}})
        self.update_ceiling_is(MAX - self.PAD - (19 + 1 + 37 + 16 + size_of(one)),
                               "SET b = :pad, n = n - :one", values={":one": one},
                               seed={"n": one})

    def test_add_to_a_set_costs_only_the_members_it_adds(self):
        self.update_ceiling_is(MAX - self.PAD - (19 + 2 + 500), "SET b = :pad ADD ss :new",
                               values={":new": {"SS": ["s" * 500, "p" * 5]}},
                               seed={"ss": {"SS": ["p" * 5]}})

    def test_delete_costs_one_plus_its_path_not_the_members(self):
        self.update_ceiling_is(MAX - self.PAD - (1 + 2), "SET b = :pad DELETE ss :rm",
                               values={":rm": {"SS": ["q" * 20]}},
                               seed={"ss": {"SS": ["p" * 5, "q" * 20]}})

    def test_an_untouched_attribute_is_not_charged(self):
        self.update_ceiling_is(MAX - self.PAD, "SET b = :pad", seed={"u": {"S": "y" * 10}})

    def test_the_charge_is_refused_before_the_condition(self):
        key = self.key()
        self.ddb.put_item(TableName=self.table, Item=dict(key, c={"S": "x"}))
        for condition in ("attribute_exists(nope)", "attribute_exists(c)"):
            self.refused(lambda: self.ddb.update_item(
                TableName=self.table, Key=key, UpdateExpression="SET c = if_not_exists(c, :huge)",
                ConditionExpression=condition,
                ExpressionAttributeValues={":huge": {"S": "h" * 409700}}),
                message=UPDATE_WORDING)
        got = self.ddb.get_item(TableName=self.table, Key=key, ConsistentRead=True)
        self.assertEqual(got["Item"]["c"], {"S": "x"})


class TransactionFaults(ServerTestCase):
    """Which faults cancel with a ValidationError reason, and its message."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ddb.create_table(
            TableName="tx_faults", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "gk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            GlobalSecondaryIndexes=[{"IndexName": "gsi1",
                                     "KeySchema": [{"AttributeName": "gk", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"}}])

    def reasons(self, *actions):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.transact_write_items(TransactItems=list(actions))
        self.assertClientError(ctx, "TransactionCanceledException")
        return ctx.exception.response["CancellationReasons"]

    def test_wrong_type_keys_cancel_with_the_operation_s_words(self):
        put = {"Put": {"TableName": "tx_faults", "Item": {"pk": {"N": "5"}}}}
        self.assertEqual(self.reasons(put), [{
            "Code": "ValidationError",
            "Message": "One or more parameter values were invalid: Type mismatch for key pk "
                       "expected: S actual: N"}])
        for action in ({"Delete": {"TableName": "tx_faults", "Key": {"pk": {"L": [{"S": "x"}]}}}},
                       {"ConditionCheck": {"TableName": "tx_faults", "Key": {"pk": {"N": "5"}},
                                           "ConditionExpression": "attribute_not_exists(pk)"}}):
            self.assertEqual(self.reasons(action), [{
                "Code": "ValidationError",
                "Message": "The provided key element does not match the schema"}])

    def test_wrong_type_index_keys_cancel(self):
        message = ("One or more parameter values were invalid: Type mismatch for Index Key gk "
                   "Expected: S Actual: N IndexName: gsi1")
        put = {"Put": {"TableName": "tx_faults", "Item": {"pk": {"S": "a"}, "gk": {"N": "5"}}}}
        update = {"Update": {"TableName": "tx_faults", "Key": {"pk": {"S": "b"}},
                             "UpdateExpression": "SET gk = :v",
                             "ExpressionAttributeValues": {":v": {"N": "5"}}}}
        self.assertEqual(self.reasons(put, update),
                         [{"Code": "ValidationError", "Message": message}] * 2)
        self.assertNotIn("Item", self.ddb.get_item(TableName="tx_faults", Key={"pk": {"S": "a"}}))

    def test_other_actions_keep_their_own_reasons(self):
        self.ddb.put_item(TableName="tx_faults", Item={"pk": {"S": "there"}})
        reasons = self.reasons(
            {"Put": {"TableName": "tx_faults", "Item": {"pk": {"S": "fresh"}}}},
            {"ConditionCheck": {"TableName": "tx_faults", "Key": {"pk": {"S": "there"}},
                                "ConditionExpression": "attribute_not_exists(pk)"}},
            {"Put": {"TableName": "tx_faults", "Item": {"pk": {"N": "5"}}}})
        self.assertEqual([r["Code"] for r in reasons],
                         ["None", "ConditionalCheckFailed", "ValidationError"])
        self.assertNotIn("Item", self.ddb.get_item(TableName="tx_faults",
                                                   Key={"pk": {"S": "fresh"}}))

    def test_ten_puts_of_400_kb_fit_in_4_mb_and_eleven_of_390_kb_do_not(self):
        def puts(count, size, prefix):
            return [{"Put": {"TableName": "tx_faults",
                             "Item": {"pk": {"S": "%s%d" % (prefix, i)}, "p": {"S": "x" * size}}}}
                    for i in range(count)]
        self.ddb.transact_write_items(TransactItems=puts(10, 409000, "fit"))
        with self.assertRaises(ClientError) as ctx:
            self.ddb.transact_write_items(TransactItems=puts(11, 390000, "over"))
        self.assertClientError(ctx, "ValidationException", message_contains="4MB limit")
        self.assertNotIn("Item", self.ddb.get_item(TableName="tx_faults",
                                                   Key={"pk": {"S": "over0"}}))


class ClientRequestTokenReplay(ServerTestCase):
    """A replay within 10 minutes: the same answer, no second write, and
    read units as its ConsumedCapacity (API reference, ClientRequestToken).
    The 10-minute expiry itself runs on an injected clock in
    tests/engine/transact_write_items_test.cc."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ddb.create_table(
            TableName="tx_token", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])

    def request(self, token, **extra):
        # 5,000 bytes: 5 write units, 2 read units (4 KB each); doubled.
        return dict(ClientRequestToken=token, TransactItems=[
            {"Put": {"TableName": "tx_token",
                     "Item": {"pk": {"S": token[:8]}, "p": {"S": "x" * (5000 - 11)}}}},
            {"Update": {"TableName": "tx_token", "Key": {"pk": {"S": token[:8] + "n"}},
                        "UpdateExpression": "ADD n :one",
                        "ExpressionAttributeValues": {":one": {"N": "1"}}}}], **extra)

    def test_a_replay_reports_read_units_and_writes_nothing(self):
        token = str(uuid.uuid4())
        first = self.ddb.transact_write_items(**self.request(token, ReturnConsumedCapacity="TOTAL"))
        self.assertEqual(first["ConsumedCapacity"][0]["CapacityUnits"], 12.0)
        again = self.ddb.transact_write_items(**self.request(token, ReturnConsumedCapacity="TOTAL"))
        self.assertEqual(again["ConsumedCapacity"][0]["CapacityUnits"], 6.0)
        counter = self.ddb.get_item(TableName="tx_token", Key={"pk": {"S": token[:8] + "n"}})
        self.assertEqual(counter["Item"]["n"], {"N": "1"})

    def test_a_replay_answers_its_own_return_consumed_capacity(self):
        token = str(uuid.uuid4())
        first = self.ddb.transact_write_items(**self.request(token))
        self.assertNotIn("ConsumedCapacity", first)
        again = self.ddb.transact_write_items(**self.request(token, ReturnConsumedCapacity="INDEXES"))
        self.assertEqual(again["ConsumedCapacity"][0]["Table"]["CapacityUnits"], 6.0)
        quiet = self.ddb.transact_write_items(**self.request(token, ReturnConsumedCapacity="NONE"))
        self.assertNotIn("ConsumedCapacity", quiet)

    def test_the_same_token_with_other_items_is_a_mismatch(self):
        token = str(uuid.uuid4())
        self.ddb.transact_write_items(**self.request(token))
        other = self.request(token)
        other["TransactItems"][1]["Update"]["ExpressionAttributeValues"][":one"] = {"N": "2"}
        with self.assertRaises(ClientError) as ctx:
            self.ddb.transact_write_items(**other)
        self.assertClientError(ctx, "IdempotentParameterMismatchException")

    def test_execute_transaction_replays_the_same_way(self):
        token = str(uuid.uuid4())
        request = dict(ClientRequestToken=token, ReturnConsumedCapacity="TOTAL", TransactStatements=[
            {"Statement": 'UPDATE "tx_token" SET n = n + 1 WHERE pk = \'et\''}])
        # 4,998 bytes: 5 write units, 2 read units; doubled.
        self.ddb.put_item(TableName="tx_token", Item={"pk": {"S": "et"}, "n": {"N": "0"},
                                                      "p": {"S": "x" * 4990}})
        first = self.ddb.execute_transaction(**request)
        self.assertEqual(first["ConsumedCapacity"][0]["CapacityUnits"], 10.0)
        again = self.ddb.execute_transaction(**request)
        self.assertEqual(again["ConsumedCapacity"][0]["CapacityUnits"], 4.0)
        got = self.ddb.get_item(TableName="tx_token", Key={"pk": {"S": "et"}})
        self.assertEqual(got["Item"]["n"], {"N": "1"})


if __name__ == "__main__":
    unittest.main()
