"""TagResource, UntagResource and ListTagsOfResource through boto3 and the AWS CLI."""

import json
import unittest

from dynamini_harness import ClientError, ServerTestCase


class TagsTest(ServerTestCase):

    def setUp(self):
        self.table = self.create_table()
        self.arn = self.ddb.describe_table(TableName=self.table)["Table"]["TableArn"]

    def test_tag_list_and_untag(self):
        self.ddb.tag_resource(ResourceArn=self.arn, Tags=[
            {"Key": "env", "Value": "test"}, {"Key": "team", "Value": "core"}])
        tags = self.ddb.list_tags_of_resource(ResourceArn=self.arn)["Tags"]
        self.assertEqual(sorted(t["Key"] for t in tags), ["env", "team"])
        self.ddb.untag_resource(ResourceArn=self.arn, TagKeys=["env"])
        self.assertEqual(self.ddb.list_tags_of_resource(ResourceArn=self.arn)["Tags"],
                         [{"Key": "team", "Value": "core"}])

    def test_tag_and_untag_answer_an_empty_body(self):
        # Neither operation has an output shape: DynamoDB answers HTTP 200 with
        # an empty body (API reference, "Response Elements"; dynalite sends '').
        status, _, body = self.server.raw(
            json.dumps({"ResourceArn": self.arn, "Tags": [{"Key": "env", "Value": "x"}]}),
            target="DynamoDB_20120810.TagResource")
        self.assertEqual((status, body), (200, b""))
        status, _, body = self.server.raw(
            json.dumps({"ResourceArn": self.arn, "TagKeys": ["env"]}),
            target="DynamoDB_20120810.UntagResource")
        self.assertEqual((status, body), (200, b""))
        self.assertEqual(self.ddb.list_tags_of_resource(ResourceArn=self.arn)["Tags"], [])

    def test_paginator_collects_every_tag(self):
        self.ddb.tag_resource(ResourceArn=self.arn, Tags=[
            {"Key": "k%02d" % i, "Value": str(i)} for i in range(25)])
        tags = []
        token = None
        while True:
            kwargs = {"ResourceArn": self.arn}
            if token:
                kwargs["NextToken"] = token
            page = self.ddb.list_tags_of_resource(**kwargs)
            tags += page["Tags"]
            token = page.get("NextToken")
            if not token:
                break
        self.assertEqual(len(tags), 25)

    def test_unknown_table_is_resource_not_found(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.list_tags_of_resource(
                ResourceArn=self.arn.rsplit("/", 1)[0] + "/missing-table")
        self.assertClientError(ctx, "ResourceNotFoundException")

    def test_aws_cli_tag_resource(self):
        self.server.aws("tag-resource", "--resource-arn", self.arn,
                        "--tags", json.dumps([{"Key": "cli", "Value": "yes"}]))
        out = self.server.aws("list-tags-of-resource", "--resource-arn", self.arn)
        self.assertEqual(out["Tags"], [{"Key": "cli", "Value": "yes"}])


if __name__ == "__main__":
    unittest.main()
