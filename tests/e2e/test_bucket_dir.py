"""Export and import buckets confined to --bucket-dir (docs/security.md):
through boto3, exports and imports whose bucket or prefix tries to leave the
root (absolute file:// paths, "..", symbolic links) write and read nothing
outside it; a bucket outside answers S3NoSuchBucket. Without --bucket-dir on
loopback, absolute file:// buckets keep working, and ".." in a prefix is
still not followed. On a non-loopback --host the confinement is on by
default, to a folder beside the --db file."""

import gzip
import json
import os
import shutil
import tempfile
import time
import unittest

from dynamini_harness import ClientError, DynaminiServer, ServerTestCase, unique_name

SECRET = {"Item": {"id": {"S": "stolen"}}}
KEY = {"AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
       "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
       "BillingMode": "PAY_PER_REQUEST"}


def wait(ddb, describe, arn_name, arn, member, status_name):
    deadline = time.time() + 60
    while True:
        d = getattr(ddb, describe)(**{arn_name: arn})[member]
        if d[status_name] != "IN_PROGRESS" or time.time() > deadline:
            return d
        time.sleep(0.05)


def tree(path):
    """Every file and folder under `path`, with file contents: what must not
    change."""
    out = {}
    for root, dirs, files in os.walk(path):
        for d in dirs:
            out[os.path.relpath(os.path.join(root, d), path)] = None
        for f in files:
            full = os.path.join(root, f)
            with open(full, "rb") as fh:
                out[os.path.relpath(full, path)] = fh.read()
    return out


def source_table(ddb):
    name = unique_name("src")
    ddb.create_table(TableName=name, **KEY)
    ddb.update_continuous_backups(
        TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
    ddb.put_item(TableName=name, Item={"id": {"S": "exported"}})
    return ddb.describe_table(TableName=name)["Table"]["TableArn"]


def export(ddb, arn, bucket, prefix=None):
    args = {"TableArn": arn, "S3Bucket": bucket}
    if prefix is not None:
        args["S3Prefix"] = prefix
    started = ddb.export_table_to_point_in_time(**args)
    return wait(ddb, "describe_export", "ExportArn", started["ExportDescription"]["ExportArn"],
                "ExportDescription", "ExportStatus")


def import_(ddb, bucket, prefix):
    table = unique_name("imp")
    started = ddb.import_table(
        S3BucketSource={"S3Bucket": bucket, "S3KeyPrefix": prefix}, InputFormat="DYNAMODB_JSON",
        InputCompressionType="NONE", TableCreationParameters={"TableName": table, **KEY})
    d = wait(ddb, "describe_import", "ImportArn", started["ImportTableDescription"]["ImportArn"],
             "ImportTableDescription", "ImportStatus")
    return d, table


class Confined(ServerTestCase):
    """--bucket-dir ROOT, with ROOT/bk a bucket and links in it leading out."""

    @classmethod
    def setUpClass(cls):
        cls.work = tempfile.mkdtemp(prefix="dynamini-confined-")
        cls.root = os.path.join(cls.work, "root")
        cls.outside = os.path.join(cls.work, "outside")
        cls.bucket = os.path.join(cls.root, "bk")
        os.makedirs(os.path.join(cls.bucket, "data"))
        os.makedirs(cls.outside)
        with open(os.path.join(cls.outside, "secret.json"), "w") as f:
            f.write(json.dumps(SECRET) + "\n")
        with open(os.path.join(cls.bucket, "data", "ok.json"), "w") as f:
            f.write(json.dumps({"Item": {"id": {"S": "inside"}}}) + "\n")
        # Links inside the root that lead out of it: a bucket, a folder in a
        # bucket, and a file among a bucket's objects.
        os.symlink(cls.outside, os.path.join(cls.root, "escape"))
        os.symlink(cls.outside, os.path.join(cls.bucket, "link-out"))
        os.symlink(os.path.join(cls.outside, "secret.json"),
                   os.path.join(cls.bucket, "data", "stolen.json"))
        cls.server_args = ("--bucket-dir", cls.root)
        super().setUpClass()
        cls.arn = source_table(cls.ddb)

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.work, ignore_errors=True)

    def setUp(self):
        self.before = tree(self.outside)

    def tearDown(self):
        self.assertEqual(tree(self.outside), self.before, "something was written outside the root")

    def test_a_bucket_inside_the_root_works_by_name_and_by_file_uri(self):
        for bucket in ("bk", "file://" + self.bucket, "file://" + self.root + "/./bk/"):
            d = export(self.ddb, self.arn, bucket, "nightly")
            self.assertEqual(d["ExportStatus"], "COMPLETED", d)
            self.assertTrue(os.path.isfile(os.path.join(self.bucket, d["ExportManifest"])))

    def test_a_bucket_outside_the_root_does_not_exist(self):
        for bucket in ("file://" + self.outside, "file://" + self.root + "/../outside",
                       "file://" + self.root + "/bk/../../outside", "escape",
                       "file://" + os.path.join(self.root, "escape"), "file:///tmp", "file:///"):
            d = export(self.ddb, self.arn, bucket)
            self.assertEqual((d["ExportStatus"], d["FailureCode"]), ("FAILED", "S3NoSuchBucket"),
                             bucket)
            self.assertIn("The specified bucket does not exist", d["FailureMessage"])
            d, table = import_(self.ddb, bucket, "")
            self.assertEqual((d["ImportStatus"], d["FailureCode"]), ("FAILED", "S3NoSuchBucket"),
                             bucket)
            with self.assertRaises(ClientError):
                self.ddb.describe_table(TableName=table)

    def test_a_bucket_name_with_dots_or_slashes_is_refused(self):
        for bucket in ("../outside", "/tmp", "bk/../../outside"):
            with self.assertRaises(ClientError) as ctx:
                self.ddb.export_table_to_point_in_time(TableArn=self.arn, S3Bucket=bucket)
            self.assertClientError(ctx, "ValidationException")

    def test_a_prefix_that_leaves_the_bucket_writes_nothing(self):
        for prefix in ("../escaped", "x/../../escaped", "link-out", "link-out/deeper"):
            d = export(self.ddb, self.arn, "bk", prefix)
            self.assertEqual((d["ExportStatus"], d["FailureCode"]), ("FAILED", "S3AccessDenied"),
                             prefix)
        self.assertFalse(os.path.exists(os.path.join(self.root, "escaped")))
        self.assertFalse(os.path.exists(os.path.join(self.work, "escaped")))

    def test_an_absolute_prefix_stays_inside_the_bucket(self):
        d = export(self.ddb, self.arn, "bk", self.outside)
        self.assertEqual(d["ExportStatus"], "COMPLETED", d)
        manifest = os.path.join(self.bucket, d["ExportManifest"].lstrip("/"))
        self.assertTrue(manifest.startswith(self.bucket + os.sep))
        self.assertTrue(os.path.isfile(manifest), manifest)

    def test_an_import_reads_nothing_through_links_or_dots(self):
        d, table = import_(self.ddb, "bk", "data/")
        self.assertEqual(d["ImportStatus"], "COMPLETED", d)
        ids = sorted(i["id"]["S"] for i in self.ddb.scan(TableName=table)["Items"])
        self.assertEqual(ids, ["inside"])  # not stolen.json, a link to a file outside
        for prefix in ("link-out/", "link-out", "../outside/", "../", self.outside):
            d, table = import_(self.ddb, "bk", prefix)
            self.assertEqual(d.get("ImportedItemCount", 0), 0, prefix)
            if d["ImportStatus"] == "COMPLETED":
                self.assertEqual(self.ddb.scan(TableName=table)["Items"], [], prefix)


class LoopbackWithoutBucketDir(ServerTestCase):
    """The default on loopback: file:// buckets anywhere, for local test
    suites; ".." in a prefix is still not followed."""

    def setUp(self):
        self.work = tempfile.mkdtemp(prefix="dynamini-unconfined-")
        self.addCleanup(shutil.rmtree, self.work, True)
        self.bucket = os.path.join(self.work, "bucket")
        os.mkdir(self.bucket)

    def test_an_absolute_file_bucket_works(self):
        d = export(self.ddb, source_table(self.ddb), "file://" + self.bucket, "p")
        self.assertEqual(d["ExportStatus"], "COMPLETED", d)
        data = os.path.join(self.bucket, os.path.dirname(d["ExportManifest"]), "data")
        lines = b"".join(gzip.open(os.path.join(data, f)).read() for f in os.listdir(data))
        self.assertIn(b'"exported"', lines)

    def test_dot_dot_in_a_prefix_is_not_followed(self):
        d = export(self.ddb, source_table(self.ddb), "file://" + self.bucket, "../escaped")
        self.assertEqual((d["ExportStatus"], d["FailureCode"]), ("FAILED", "S3AccessDenied"))
        self.assertEqual(sorted(os.listdir(self.work)), ["bucket"])
        self.assertEqual(os.listdir(self.bucket), [])


class NonLoopbackDefault(unittest.TestCase):
    """--host 0.0.0.0 --db FILE: buckets confined to the folder "buckets"
    beside FILE, without any flag."""

    def test_buckets_beside_the_db_file_and_nowhere_else(self):
        work = tempfile.mkdtemp(prefix="dynamini-container-")
        self.addCleanup(shutil.rmtree, work, True)
        outside = os.path.join(work, "outside")
        os.mkdir(outside)
        server = DynaminiServer(inbox=False, extra_args=[
            "--host", "0.0.0.0", "--db", os.path.join(work, "data.db")])
        self.addCleanup(server.stop)
        server.start()
        server.url = "http://127.0.0.1:%d" % server.port
        ddb = server.client()
        root = os.path.join(work, "buckets")
        self.assertTrue(os.path.isdir(root))
        os.mkdir(os.path.join(root, "bk"))
        arn = source_table(ddb)
        d = export(ddb, arn, "bk")
        self.assertEqual(d["ExportStatus"], "COMPLETED", d)
        self.assertTrue(os.path.isfile(os.path.join(root, "bk", d["ExportManifest"])))
        d = export(ddb, arn, "file://" + outside)
        self.assertEqual((d["ExportStatus"], d["FailureCode"]), ("FAILED", "S3NoSuchBucket"))
        self.assertEqual(os.listdir(outside), [])


if __name__ == "__main__":
    unittest.main()
