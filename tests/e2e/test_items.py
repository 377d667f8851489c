"""Single-item operations through boto3: PutItem, GetItem, DeleteItem,
UpdateItem."""

import unittest

from dynamini_harness import ClientError, ServerTestCase


def key(pk, sk="0"):
    return {"pk": {"S": pk}, "sk": {"S": sk}}


class ItemTestCase(ServerTestCase):
    inbox = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.table = "items"
        cls.ddb.create_table(
            TableName=cls.table,
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "sk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}],
            BillingMode="PAY_PER_REQUEST")

    def put(self, pk, **attrs):
        item = dict(key(pk))
        item.update(attrs)
        self.ddb.put_item(TableName=self.table, Item=item)
        return item

    def get(self, pk, **kwargs):
        return self.ddb.get_item(TableName=self.table, Key=key(pk),
                                 **kwargs).get("Item")

    def update(self, pk, expr, values=None, names=None, **kwargs):
        args = {"TableName": self.table, "Key": key(pk),
                "UpdateExpression": expr}
        if values:
            args["ExpressionAttributeValues"] = values
        if names:
            args["ExpressionAttributeNames"] = names
        args.update(kwargs)
        return self.ddb.update_item(**args)


class PutGetDelete(ItemTestCase):

    def test_put_item_then_get_item_returns_every_attribute_type(self):
        item = self.put(
            "types",
            s={"S": "text"}, n={"N": "-12.5"}, b={"B": b"\x00\xff"},
            t={"BOOL": True}, z={"NULL": True}, ss={"SS": ["a", "b"]},
            ns={"NS": ["1", "2"]}, bs={"BS": [b"\x01"]},
            l={"L": [{"S": "x"}, {"N": "1"}]},
            m={"M": {"inner": {"M": {"deep": {"S": "y"}}}}})
        got = self.get("types")
        self.assertEqual(set(got), set(item))
        for name in ("pk", "sk", "s", "n", "b", "t", "z", "l", "m"):
            self.assertEqual(got[name], item[name], name)
        self.assertEqual(sorted(got["ss"]["SS"]), ["a", "b"])
        self.assertEqual(sorted(got["ns"]["NS"]), ["1", "2"])
        self.assertEqual(got["bs"]["BS"], [b"\x01"])

    def test_get_item_missing_key_returns_no_item(self):
        out = self.ddb.get_item(TableName=self.table, Key=key("absent"))
        self.assertNotIn("Item", out)

    def test_get_item_consistent_read_sees_the_latest_write(self):
        self.put("consistent", v={"N": "1"})
        self.put("consistent", v={"N": "2"})
        got = self.get("consistent", ConsistentRead=True)
        self.assertEqual(got["v"], {"N": "2"})

    def test_get_item_projection_expression_returns_only_named_paths(self):
        self.put("proj", a={"S": "A"}, b={"S": "B"},
                 m={"M": {"x": {"N": "1"}, "y": {"N": "2"}}},
                 l={"L": [{"S": "l0"}, {"S": "l1"}, {"S": "l2"}]})
        got = self.get("proj", ProjectionExpression="#a, m.y, l[1]",
                       ExpressionAttributeNames={"#a": "a"})
        self.assertEqual(got, {"a": {"S": "A"},
                               "m": {"M": {"y": {"N": "2"}}},
                               "l": {"L": [{"S": "l1"}]}})

    def test_put_item_replaces_the_whole_item(self):
        self.put("replace", a={"S": "1"}, b={"S": "2"})
        self.put("replace", c={"S": "3"})
        self.assertEqual(self.get("replace"), {**key("replace"), "c": {"S": "3"}})

    def test_put_item_return_values_all_old_returns_the_replaced_item(self):
        old = self.put("allold", v={"N": "1"})
        out = self.ddb.put_item(TableName=self.table,
                                Item={**key("allold"), "v": {"N": "2"}},
                                ReturnValues="ALL_OLD")
        self.assertEqual(out["Attributes"], old)
        fresh = self.ddb.put_item(TableName=self.table,
                                  Item={**key("allold-new"), "v": {"N": "1"}},
                                  ReturnValues="ALL_OLD")
        self.assertNotIn("Attributes", fresh)

    def test_put_item_condition_attribute_not_exists_fails_on_existing_item_and_changes_nothing(self):
        original = self.put("cond-put", v={"S": "original"})
        with self.assertRaises(ClientError) as ctx:
            self.ddb.put_item(TableName=self.table,
                              Item={**key("cond-put"), "v": {"S": "clobbered"}},
                              ConditionExpression="attribute_not_exists(pk)")
        self.assertClientError(ctx, "ConditionalCheckFailedException")
        self.assertEqual(self.get("cond-put"), original)

    def test_put_item_condition_on_attribute_value_succeeds_when_true(self):
        self.put("cond-ok", version={"N": "1"})
        self.ddb.put_item(TableName=self.table,
                          Item={**key("cond-ok"), "version": {"N": "2"}},
                          ConditionExpression="version = :v",
                          ExpressionAttributeValues={":v": {"N": "1"}})
        self.assertEqual(self.get("cond-ok")["version"], {"N": "2"})

    def test_delete_item_return_values_all_old_returns_the_deleted_item(self):
        old = self.put("del", v={"S": "bye"})
        out = self.ddb.delete_item(TableName=self.table, Key=key("del"),
                                   ReturnValues="ALL_OLD")
        self.assertEqual(out["Attributes"], old)
        self.assertIsNone(self.get("del"))

    def test_delete_item_failed_condition_keeps_the_item(self):
        old = self.put("del-cond", state={"S": "active"})
        with self.assertRaises(ClientError) as ctx:
            self.ddb.delete_item(TableName=self.table, Key=key("del-cond"),
                                 ConditionExpression="#s = :archived",
                                 ExpressionAttributeNames={"#s": "state"},
                                 ExpressionAttributeValues={
                                     ":archived": {"S": "archived"}})
        self.assertClientError(ctx, "ConditionalCheckFailedException")
        self.assertEqual(self.get("del-cond"), old)

    def test_delete_item_missing_key_succeeds_without_attributes(self):
        out = self.ddb.delete_item(TableName=self.table, Key=key("never"),
                                   ReturnValues="ALL_OLD")
        self.assertNotIn("Attributes", out)


class UpdateItem(ItemTestCase):

    def test_update_item_set_remove_add_delete_in_one_expression(self):
        self.put("ops", a={"S": "old"}, gone={"S": "x"}, n={"N": "5"},
                 tags={"SS": ["red", "green", "blue"]})
        out = self.update(
            "ops", "SET a = :a REMOVE gone ADD n :inc, fresh :one "
                   "DELETE tags :drop",
            {":a": {"S": "new"}, ":inc": {"N": "3"}, ":one": {"N": "1"},
             ":drop": {"SS": ["green"]}},
            ReturnValues="ALL_NEW")
        attrs = out["Attributes"]
        self.assertEqual(attrs["a"], {"S": "new"})
        self.assertNotIn("gone", attrs)
        self.assertEqual(attrs["n"], {"N": "8"})
        self.assertEqual(attrs["fresh"], {"N": "1"})
        self.assertEqual(sorted(attrs["tags"]["SS"]), ["blue", "red"])
        self.assertEqual(self.get("ops"), attrs)

    def test_update_item_delete_last_set_element_removes_the_attribute(self):
        self.put("lastset", tags={"SS": ["only"]})
        self.update("lastset", "DELETE tags :t", {":t": {"SS": ["only"]}})
        self.assertNotIn("tags", self.get("lastset"))

    def test_update_item_missing_item_is_created_by_upsert(self):
        self.update("upsert", "SET v = :v", {":v": {"S": "hello"}})
        self.assertEqual(self.get("upsert"), {**key("upsert"), "v": {"S": "hello"}})

    def test_update_item_set_nested_path_a_b_index_1(self):
        self.put("nested", a={"M": {"b": {"L": [{"N": "0"}, {"N": "1"},
                                               {"N": "2"}]},
                                    "keep": {"S": "k"}}})
        self.update("nested", "SET a.b[1] = :v", {":v": {"S": "one"}})
        got = self.get("nested")["a"]["M"]
        self.assertEqual(got["b"]["L"], [{"N": "0"}, {"S": "one"}, {"N": "2"}])
        self.assertEqual(got["keep"], {"S": "k"})

    def test_update_item_remove_nested_list_element_shifts_the_rest(self):
        self.put("rmlist", l={"L": [{"S": "a"}, {"S": "b"}, {"S": "c"}]})
        self.update("rmlist", "REMOVE l[0]")
        self.assertEqual(self.get("rmlist")["l"], {"L": [{"S": "b"}, {"S": "c"}]})

    def test_update_item_if_not_exists_initialises_then_keeps_the_counter(self):
        for _ in range(3):
            self.update("counter", "SET hits = if_not_exists(hits, :zero) + :one",
                        {":zero": {"N": "0"}, ":one": {"N": "1"}})
        self.assertEqual(self.get("counter")["hits"], {"N": "3"})

    def test_update_item_list_append_at_end_and_front(self):
        self.put("la", l={"L": [{"S": "b"}]})
        self.update("la", "SET l = list_append(l, :end)",
                    {":end": {"L": [{"S": "c"}]}})
        self.update("la", "SET l = list_append(:front, l)",
                    {":front": {"L": [{"S": "a"}]}})
        self.assertEqual(self.get("la")["l"],
                         {"L": [{"S": "a"}, {"S": "b"}, {"S": "c"}]})

    def test_update_item_decimal_subtraction_is_exact(self):
        self.put("dec", x={"N": "0.3"})
        out = self.update("dec", "SET x = x - :v", {":v": {"N": "0.1"}},
                          ReturnValues="UPDATED_NEW")
        self.assertEqual(out["Attributes"]["x"], {"N": "0.2"})
        self.assertEqual(self.get("dec")["x"], {"N": "0.2"})

    def test_update_item_add_decimal_is_exact(self):
        self.put("dec-add", x={"N": "0.1"})
        self.update("dec-add", "ADD x :v", {":v": {"N": "0.2"}})
        self.assertEqual(self.get("dec-add")["x"], {"N": "0.3"})

    def test_update_item_add_keeps_38_significant_digits(self):
        self.put("big", x={"N": "12345678901234567890123456789012345678"})
        self.update("big", "ADD x :v", {":v": {"N": "1"}})
        self.assertEqual(self.get("big")["x"],
                         {"N": "12345678901234567890123456789012345679"})

    def test_update_item_return_values_all_old_returns_the_item_before(self):
        before = self.put("rv-allold", a={"N": "1"}, b={"S": "x"})
        out = self.update("rv-allold", "SET a = :a", {":a": {"N": "2"}},
                          ReturnValues="ALL_OLD")
        self.assertEqual(out["Attributes"], before)

    def test_update_item_return_values_all_new_returns_the_item_after(self):
        self.put("rv-allnew", a={"N": "1"}, b={"S": "x"})
        out = self.update("rv-allnew", "SET a = :a", {":a": {"N": "2"}},
                          ReturnValues="ALL_NEW")
        self.assertEqual(out["Attributes"],
                         {**key("rv-allnew"), "a": {"N": "2"}, "b": {"S": "x"}})

    def test_update_item_return_values_updated_old_returns_only_changed_attributes_before(self):
        self.put("rv-uold", a={"N": "1"}, b={"S": "x"})
        out = self.update("rv-uold", "SET a = :a", {":a": {"N": "2"}},
                          ReturnValues="UPDATED_OLD")
        self.assertEqual(out["Attributes"], {"a": {"N": "1"}})

    def test_update_item_return_values_updated_new_returns_only_changed_attributes_after(self):
        self.put("rv-unew", a={"N": "1"}, b={"S": "x"})
        out = self.update("rv-unew", "SET a = :a, c = :c",
                          {":a": {"N": "2"}, ":c": {"S": "new"}},
                          ReturnValues="UPDATED_NEW")
        self.assertEqual(out["Attributes"], {"a": {"N": "2"}, "c": {"S": "new"}})

    def test_update_item_updated_new_on_nested_path_returns_only_the_fragment(self):
        self.put("rv-frag", a={"M": {"b": {"L": [{"N": "0"}, {"N": "1"}]},
                                     "other": {"S": "o"}}})
        out = self.update("rv-frag", "SET a.b[1] = :v", {":v": {"N": "9"}},
                          ReturnValues="UPDATED_NEW")
        self.assertEqual(out["Attributes"],
                         {"a": {"M": {"b": {"L": [{"N": "9"}]}}}})

    def test_update_item_updated_new_after_remove_only_returns_no_attributes(self):
        self.put("rv-rm", a={"S": "x"})
        out = self.update("rv-rm", "REMOVE a", ReturnValues="UPDATED_NEW")
        self.assertNotIn("Attributes", out)

    def test_update_item_failed_condition_is_conditional_check_failed_and_changes_nothing(self):
        before = self.put("upd-cond", n={"N": "0"}, s={"S": "keep"})
        with self.assertRaises(ClientError) as ctx:
            self.update("upd-cond", "SET s = :s ADD n :dec",
                        {":s": {"S": "changed"}, ":dec": {"N": "-1"},
                         ":zero": {"N": "0"}},
                        ConditionExpression="n > :zero")
        self.assertClientError(ctx, "ConditionalCheckFailedException")
        self.assertEqual(self.get("upd-cond"), before)

    def test_update_item_unused_expression_attribute_value_is_rejected(self):
        self.put("unused", a={"S": "x"})
        with self.assertRaises(ClientError) as ctx:
            self.update("unused", "SET a = :a",
                        {":a": {"S": "y"}, ":spare": {"S": "z"}})
        self.assertClientError(ctx, "ValidationException")
        self.assertEqual(self.get("unused")["a"], {"S": "x"})

    def test_update_item_updating_a_key_attribute_is_rejected(self):
        self.put("keyupd")
        with self.assertRaises(ClientError) as ctx:
            self.update("keyupd", "SET sk = :v", {":v": {"S": "other"}})
        self.assertClientError(ctx, "ValidationException")


if __name__ == "__main__":
    unittest.main()
