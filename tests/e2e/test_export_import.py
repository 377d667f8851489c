"""Export and import through boto3 and the `dynamini export` / `dynamini
import` subcommands: ExportTableToPointInTime to a local directory standing
for the bucket (S3Bucket file:///dir, and a bucket name under --bucket-dir),
DescribeExport, ListExports, ImportTable, DescribeImport, ListImports; a round
trip of 10,000 items compared item for item; a hand-written file in
DynamoDB's export layout; ION, written by dynamini and by hand in both of the
Developer Guide's layouts; ExportTime; the subcommands' flags."""

import gzip
import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from dynamini_harness import ClientError, DynaminiServer, ServerTestCase, unique_name

TEN_THOUSAND = 10000


def scan_all(ddb, table):
    items, start = [], None
    while True:
        page = ddb.scan(TableName=table, **({"ExclusiveStartKey": start} if start else {}))
        items += page["Items"]
        start = page.get("LastEvaluatedKey")
        if not start:
            return sorted(items, key=lambda i: (i["pk"]["S"], i["sk"]["N"]))


def wait(ddb, describe, arn_name, arn, member, status_name):
    deadline = time.time() + 120
    while True:
        d = getattr(ddb, describe)(**{arn_name: arn})[member]
        if d[status_name] != "IN_PROGRESS" or time.time() > deadline:
            return d
        time.sleep(0.05)


def key_params(name):
    return {"TableName": name,
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                     {"AttributeName": "sk", "AttributeType": "N"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                          {"AttributeName": "sk", "KeyType": "RANGE"}],
            "BillingMode": "PAY_PER_REQUEST"}


class ExportImport(ServerTestCase):

    @classmethod
    def setUpClass(cls):
        cls.buckets = tempfile.mkdtemp(prefix="dynamini-buckets-")
        os.mkdir(os.path.join(cls.buckets, "my-bucket"))
        super().setUpClass()
        # A server of its own with --bucket-dir (the class's server has none).
        cls.bucket_server = DynaminiServer(inbox=False, extra_args=["--bucket-dir", cls.buckets])
        cls.addClassCleanup(cls.bucket_server.stop)
        cls.bucket_server.start()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.buckets, ignore_errors=True)

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="dynamini-export-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def fill(self, ddb, table, count):
        for start in range(0, count, 25):
            ddb.batch_write_item(RequestItems={table: [
                {"PutRequest": {"Item": {
                    "pk": {"S": "p%d" % (i % 97)}, "sk": {"N": str(i)},
                    "text": {"S": "item %d ünïcødé" % i}, "bin": {"B": bytes([i % 256, 0, 255])},
                    "nums": {"NS": [str(i), "1.5"]}, "map": {"M": {"k": {"L": [{"BOOL": True}, {"NULL": True}]}}}}}}
                for i in range(start, min(start + 25, count))]})

    def source_table(self, ddb, count):
        name = unique_name("exp")
        ddb.create_table(**key_params(name))
        ddb.update_continuous_backups(
            TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        self.fill(ddb, name, count)
        return name, ddb.describe_table(TableName=name)["Table"]["TableArn"]

    def test_round_trip_of_ten_thousand_items(self):
        name, arn = self.source_table(self.ddb, TEN_THOUSAND)
        started = self.ddb.export_table_to_point_in_time(
            TableArn=arn, S3Bucket="file://" + self.dir, S3Prefix="backups/today",
            ExportFormat="DYNAMODB_JSON", ClientToken="round-trip-token")
        self.assertEqual(started["ExportDescription"]["ExportStatus"], "IN_PROGRESS")
        export_arn = started["ExportDescription"]["ExportArn"]
        done = wait(self.ddb, "describe_export", "ExportArn", export_arn, "ExportDescription", "ExportStatus")
        self.assertEqual(done["ExportStatus"], "COMPLETED", done)
        self.assertEqual(done["ItemCount"], TEN_THOUSAND)
        self.assertTrue(done["ExportManifest"].startswith("backups/today/AWSDynamoDB/"))
        summaries = self.ddb.list_exports(TableArn=arn)["ExportSummaries"]
        self.assertEqual(summaries, [{"ExportArn": export_arn, "ExportStatus": "COMPLETED"}])
        # ExportType is newer than Debian's boto3 model, which drops it: read it raw.
        status, raw = self.server.raw_json("ListExports", {"TableArn": arn})
        self.assertEqual(raw["ExportSummaries"], [{"ExportArn": export_arn, "ExportStatus": "COMPLETED",
                                                   "ExportType": "FULL_EXPORT"}])
        export_dir = os.path.dirname(done["ExportManifest"])
        imported = unique_name("imp")
        started = self.ddb.import_table(
            S3BucketSource={"S3Bucket": "file://" + self.dir, "S3KeyPrefix": export_dir + "/data/"},
            InputFormat="DYNAMODB_JSON", InputCompressionType="GZIP",
            TableCreationParameters=key_params(imported))
        import_arn = started["ImportTableDescription"]["ImportArn"]
        self.assertEqual(started["ImportTableDescription"]["ImportStatus"], "IN_PROGRESS")
        result = wait(self.ddb, "describe_import", "ImportArn", import_arn, "ImportTableDescription",
                      "ImportStatus")
        self.assertEqual(result["ImportStatus"], "COMPLETED", result)
        self.assertEqual(result["ImportedItemCount"], TEN_THOUSAND)
        self.assertEqual(result["ErrorCount"], 0)
        self.assertGreater(result["ProcessedSizeBytes"], 0)
        self.assertIn(import_arn, [i["ImportArn"] for i in self.ddb.list_imports()["ImportSummaryList"]])
        self.assertEqual(scan_all(self.ddb, imported), scan_all(self.ddb, name))

    def test_hand_written_export_layout_imports(self):
        data = os.path.join(self.dir, "AWSDynamoDB", "01700000000000-1a2b3c4d", "data")
        os.makedirs(data)
        lines = [{"Item": {"pk": {"S": "a"}, "sk": {"N": "1"}, "tags": {"SS": ["x", "y"]}}},
                 {"Item": {"pk": {"S": "b"}, "sk": {"N": "2"}, "blob": {"B": "AAEC"}}}]
        with gzip.open(os.path.join(data, "f1.json.gz"), "wt") as f:
            f.write("\n".join(json.dumps(line) for line in lines) + "\n")
        with gzip.open(os.path.join(data, "f2.json.gz"), "wt") as f:
            f.write(json.dumps({"Item": {"pk": {"S": "c"}, "sk": {"N": "3"}}}))
        name = unique_name("hand")
        out = self.ddb.import_table(
            S3BucketSource={"S3Bucket": "file://" + self.dir,
                            "S3KeyPrefix": "AWSDynamoDB/01700000000000-1a2b3c4d/data/"},
            InputFormat="DYNAMODB_JSON", InputCompressionType="GZIP",
            TableCreationParameters=key_params(name))
        d = wait(self.ddb, "describe_import", "ImportArn", out["ImportTableDescription"]["ImportArn"],
                 "ImportTableDescription", "ImportStatus")
        self.assertEqual((d["ImportStatus"], d["ProcessedItemCount"], d["ImportedItemCount"]),
                         ("COMPLETED", 3, 3))
        self.assertEqual(d["InputCompressionType"], "GZIP")
        self.assertEqual(d["S3BucketSource"]["S3BucketOwner"], "000000000000")
        items = scan_all(self.ddb, name)
        self.assertEqual([i["pk"]["S"] for i in items], ["a", "b", "c"])
        self.assertEqual(items[1]["blob"], {"B": b"\x00\x01\x02"})

    def test_hand_written_ion_in_both_documented_layouts_imports(self):
        # The Developer Guide shows Ion twice: an export's line, formatted over
        # several lines ("DynamoDB table export output format"), and an import
        # file as one list of {Item:...} after one version marker ("Amazon S3
        # import formats for DynamoDB"). Numbers are Ion decimals: 6d2 is 600.
        os.makedirs(os.path.join(self.dir, "ion"))
        with gzip.open(os.path.join(self.dir, "ion", "export-style.ion.gz"), "wt") as f:
            f.write('$ion_1_0 {\n  Item:{\n    pk:"b103", sk:103.,\n'
                    '    Authors:$dynamodb_SS::["Author1","Author2"],\n'
                    '    InPublication:false, PageCount:6d2, Price:2d3, Cover:{{aGk=}}\n  }\n}\n')
        with gzip.open(os.path.join(self.dir, "ion", "import-style.ion.gz"), "wt") as f:
            f.write('\n$ion_1_0\n[\n  { Item:{ pk:"b104", sk:104., Title:"Book 104 Title" } },\n'
                    '  { Item:{ pk:"b105", sk:105., Ratings:$dynamodb_NS::[1,2.5] } }\n]\n')
        name = unique_name("ionhand")
        out = self.ddb.import_table(
            S3BucketSource={"S3Bucket": "file://" + self.dir, "S3KeyPrefix": "ion/"},
            InputFormat="ION", InputCompressionType="GZIP", TableCreationParameters=key_params(name))
        d = wait(self.ddb, "describe_import", "ImportArn", out["ImportTableDescription"]["ImportArn"],
                 "ImportTableDescription", "ImportStatus")
        self.assertEqual((d["ImportStatus"], d["ImportedItemCount"], d["ErrorCount"]),
                         ("COMPLETED", 3, 0), d)
        items = {i["pk"]["S"]: i for i in scan_all(self.ddb, name)}
        self.assertEqual(sorted(items), ["b103", "b104", "b105"])
        self.assertEqual(items["b103"]["PageCount"], {"N": "600"})
        self.assertEqual(items["b103"]["Price"], {"N": "2000"})
        self.assertEqual(items["b103"]["Authors"], {"SS": ["Author1", "Author2"]})
        self.assertEqual(items["b103"]["Cover"], {"B": b"hi"})
        self.assertEqual(items["b104"]["sk"], {"N": "104"})
        self.assertEqual(sorted(items["b105"]["Ratings"]["NS"]), ["1", "2.5"])

    def test_export_time_between_two_writes(self):
        name, arn = self.source_table(self.ddb, 0)
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "first"}, "sk": {"N": "1"}})
        time.sleep(1.1)
        between = time.time()
        time.sleep(1.1)
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "second"}, "sk": {"N": "2"}})
        started = self.ddb.export_table_to_point_in_time(
            TableArn=arn, S3Bucket="file://" + self.dir, ExportTime=between)
        d = wait(self.ddb, "describe_export", "ExportArn", started["ExportDescription"]["ExportArn"],
                 "ExportDescription", "ExportStatus")
        self.assertEqual((d["ExportStatus"], d["ItemCount"]), ("COMPLETED", 1), d)
        # Debian's botocore sends a timestamp in whole seconds.
        self.assertEqual(d["ExportTime"].timestamp(), int(between))
        root = os.path.join(self.dir, os.path.dirname(d["ExportManifest"]), "data")
        lines = []
        for data_file in os.listdir(root):
            with gzip.open(os.path.join(root, data_file), "rt") as f:
                lines += [json.loads(line) for line in f if line.strip()]
        self.assertEqual(lines, [{"Item": {"pk": {"S": "first"}, "sk": {"N": "1"}}}])

    def test_bad_lines_fail_the_import_but_keep_the_good_items(self):
        with open(os.path.join(self.dir, "in.json"), "w") as f:
            f.write('{"Item":{"pk":{"S":"ok"},"sk":{"N":"1"}}}\n{"Item":{"pk":{"S":"bad"}}}\n')
        name = unique_name("bad")
        out = self.ddb.import_table(S3BucketSource={"S3Bucket": "file://" + self.dir},
                                    InputFormat="DYNAMODB_JSON", TableCreationParameters=key_params(name))
        d = wait(self.ddb, "describe_import", "ImportArn", out["ImportTableDescription"]["ImportArn"],
                 "ImportTableDescription", "ImportStatus")
        self.assertEqual((d["ImportStatus"], d["FailureCode"], d["ErrorCount"], d["ImportedItemCount"]),
                         ("FAILED", "ItemValidationError", 1, 1))
        self.assertEqual(len(self.ddb.scan(TableName=name)["Items"]), 1)

    def test_ion_export_and_import(self):
        name, arn = self.source_table(self.ddb, 50)
        started = self.ddb.export_table_to_point_in_time(TableArn=arn, S3Bucket="file://" + self.dir,
                                                         ExportFormat="ION")
        d = wait(self.ddb, "describe_export", "ExportArn", started["ExportDescription"]["ExportArn"],
                 "ExportDescription", "ExportStatus")
        self.assertEqual((d["ExportStatus"], d["ExportFormat"]), ("COMPLETED", "ION"))
        root = os.path.join(self.dir, os.path.dirname(d["ExportManifest"]))
        with open(os.path.join(root, "manifest-summary.json")) as f:
            self.assertEqual(json.load(f)["outputFormat"], "ION")
        data_files = os.listdir(os.path.join(root, "data"))
        self.assertTrue(all(f.endswith(".ion.gz") for f in data_files), data_files)
        with gzip.open(os.path.join(root, "data", data_files[0]), "rt") as f:
            first = f.readline()
        self.assertTrue(first.startswith("$ion_1_0 {Item:{"), first)
        imported = unique_name("ion")
        out = self.ddb.import_table(
            S3BucketSource={"S3Bucket": "file://" + self.dir,
                            "S3KeyPrefix": os.path.relpath(root, self.dir) + "/data/"},
            InputFormat="ION", InputCompressionType="GZIP", TableCreationParameters=key_params(imported))
        i = wait(self.ddb, "describe_import", "ImportArn", out["ImportTableDescription"]["ImportArn"],
                 "ImportTableDescription", "ImportStatus")
        self.assertEqual(i["ImportStatus"], "COMPLETED", i)
        self.assertEqual(scan_all(self.ddb, imported), scan_all(self.ddb, name))

    def test_a_bucket_name_under_bucket_dir_and_a_missing_bucket(self):
        ddb = self.bucket_server.client()
        name, arn = self.source_table(ddb, 10)
        started = ddb.export_table_to_point_in_time(TableArn=arn, S3Bucket="my-bucket")
        d = wait(ddb, "describe_export", "ExportArn", started["ExportDescription"]["ExportArn"],
                 "ExportDescription", "ExportStatus")
        self.assertEqual(d["ExportStatus"], "COMPLETED")
        self.assertTrue(os.path.exists(os.path.join(self.buckets, "my-bucket", d["ExportManifest"])))
        missing = ddb.export_table_to_point_in_time(TableArn=arn, S3Bucket="no-such-bucket")
        d = wait(ddb, "describe_export", "ExportArn", missing["ExportDescription"]["ExportArn"],
                 "ExportDescription", "ExportStatus")
        self.assertEqual((d["ExportStatus"], d["FailureCode"]), ("FAILED", "S3NoSuchBucket"))
        self.assertIn("The specified bucket does not exist", d["FailureMessage"])

    def run_dynamini(self, *args):
        return subprocess.run([os.environ["DYNAMINI_BIN"], *args], capture_output=True, text=True,
                              timeout=300)

    def test_dynamini_export_and_import_commands_against_an_endpoint(self):
        name, _ = self.source_table(self.ddb, 1000)
        out = self.run_dynamini("export", name, "--to", self.dir, "--endpoint", self.server.url)
        self.assertEqual(out.returncode, 0, out.stderr)
        export_dir = out.stdout.strip()
        self.assertTrue(os.path.exists(os.path.join(export_dir, "manifest-summary.json")), out.stdout)
        self.assertIn("export " + name, out.stderr)  # the progress bar's summary line
        imported = unique_name("cli")
        out = self.run_dynamini("import", export_dir, "--table", imported, "--key", "pk:S,sk:N",
                                "--endpoint", self.server.url)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("imported 1000 of 1000 items into " + imported, out.stdout)
        self.assertEqual(scan_all(self.ddb, imported), scan_all(self.ddb, name))

    def test_dynamini_export_refuses_a_table_without_recovery_unless_asked(self):
        name = unique_name("nopitr")
        self.ddb.create_table(**key_params(name))
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "a"}, "sk": {"N": "1"}})
        out = self.run_dynamini("export", name, "--to", self.dir, "--endpoint", self.server.url)
        self.assertEqual(out.returncode, 1)
        self.assertIn("point-in-time recovery is off", out.stderr)
        out = self.run_dynamini("export", name, "--to", self.dir, "--endpoint", self.server.url,
                                "--enable-pitr", "--format", "ION", "--quiet")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stderr, "")

    def test_dynamini_subcommands_prefix_format_time_and_schema(self):
        # export --prefix --format ION --time; import --schema (a DescribeTable
        # file with its GSI) of that export, and of hand-written files with
        # --format and --compression.
        name, _ = self.source_table(self.ddb, 0)
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "early"}, "sk": {"N": "1"}, "g": {"S": "G"}})
        time.sleep(1.1)
        between = time.time()
        time.sleep(1.1)
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "late"}, "sk": {"N": "2"}, "g": {"S": "G"}})
        out = self.run_dynamini("export", name, "--to", self.dir, "--endpoint", self.server.url,
                                "--prefix", "nightly", "--format", "ION", "--time", "%.3f" % between)
        self.assertEqual(out.returncode, 0, out.stderr)
        export_dir = out.stdout.strip()
        self.assertTrue(export_dir.startswith(os.path.join(self.dir, "nightly", "AWSDynamoDB") + "/"),
                        export_dir)
        self.assertTrue(all(f.endswith(".ion.gz") for f in os.listdir(os.path.join(export_dir, "data"))))
        described = self.ddb.describe_table(TableName=name)["Table"]
        described["GlobalSecondaryIndexes"] = [{
            "IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}]
        described["AttributeDefinitions"].append({"AttributeName": "g", "AttributeType": "S"})
        schema = os.path.join(self.dir, "table.json")
        with open(schema, "w") as f:
            json.dump({"Table": described}, f, default=str)
        imported = unique_name("schema")
        out = self.run_dynamini("import", export_dir, "--table", imported, "--schema", schema,
                                "--endpoint", self.server.url)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("imported 1 of 1 items into " + imported, out.stdout)
        by_g = self.ddb.query(TableName=imported, IndexName="byG", KeyConditionExpression="g = :g",
                              ExpressionAttributeValues={":g": {"S": "G"}})["Items"]
        self.assertEqual(by_g, [{"pk": {"S": "early"}, "sk": {"N": "1"}, "g": {"S": "G"}}])
        hand = os.path.join(self.dir, "hand")
        os.makedirs(hand)
        with open(os.path.join(hand, "items.txt"), "w") as f:  # no .ion suffix: --format says
            f.write('$ion_1_0 [{Item:{pk:"h", sk:1.}}, {Item:{pk:"h", sk:2d0}}]\n')
        from_hand = unique_name("hand")
        out = self.run_dynamini("import", hand, "--table", from_hand, "--key", "pk:S,sk:N",
                                "--format", "ION", "--compression", "NONE", "--endpoint", self.server.url)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(scan_all(self.ddb, from_hand),
                         [{"pk": {"S": "h"}, "sk": {"N": "1"}}, {"pk": {"S": "h"}, "sk": {"N": "2"}}])

    def test_export_and_import_errors_over_the_wire(self):
        name, arn = self.source_table(self.ddb, 1)
        # ExportType is newer than Debian's boto3 model: sent as raw JSON.
        status, out = self.server.raw_json("ExportTableToPointInTime", {
            "TableArn": arn, "S3Bucket": "file://" + self.dir, "ExportType": "INCREMENTAL_EXPORT",
            "IncrementalExportSpecification": {"ExportFromTime": time.time() - 60}})
        self.assertEqual((status, out["__type"].rsplit("#", 1)[-1]), (400, "ValidationException"))
        self.assertIn("INCREMENTAL_EXPORT", out["message"])
        with self.assertRaises(ClientError) as ctx:
            self.ddb.describe_export(ExportArn=arn + "/export/01700000000000-00000000")
        self.assertClientError(ctx, "ExportNotFoundException")
        with self.assertRaises(ClientError) as ctx:
            self.ddb.import_table(S3BucketSource={"S3Bucket": "file://" + self.dir},
                                  InputFormat="DYNAMODB_JSON", TableCreationParameters=key_params(name))
        self.assertClientError(ctx, "ResourceInUseException", message_contains="Table already exists")


class CommandsOnADatabaseFile(unittest.TestCase):

    def test_dynamini_export_and_import_on_a_db_file(self):
        directory = tempfile.mkdtemp(prefix="dynamini-cli-db-")
        self.addCleanup(shutil.rmtree, directory, True)
        db = os.path.join(directory, "data.db")
        server = DynaminiServer(inbox=False, extra_args=["--db", db]).start()
        try:
            ddb = server.client()
            ddb.create_table(**key_params("orders"))
            for i in range(30):
                ddb.put_item(TableName="orders", Item={"pk": {"S": "o"}, "sk": {"N": str(i)}})
        finally:
            server.stop()
        binary = os.environ["DYNAMINI_BIN"]
        out = subprocess.run([binary, "export", "orders", "--to", os.path.join(directory, "out"),
                              "--db", db, "--enable-pitr"], capture_output=True, text=True, timeout=120)
        self.assertEqual(out.returncode, 0, out.stderr)
        out = subprocess.run([binary, "import", os.path.join(directory, "out"), "--table", "orders_copy",
                              "--key", "pk:S,sk:N", "--db", db], capture_output=True, text=True, timeout=120)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("imported 30 of 30 items", out.stdout)
        server = DynaminiServer(inbox=False, extra_args=["--db", db]).start()
        try:
            self.assertEqual(server.client().scan(TableName="orders_copy", Select="COUNT")["Count"], 30)
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
