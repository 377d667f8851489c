"""Backups, point-in-time recovery, export and import through the AWS CLI
(`aws dynamodb create-backup ... --endpoint-url URL`): every command of the
feature, as a user types it."""

import gzip
import json
import os
import shutil
import tempfile
import time
import unittest

from dynamini_harness import ServerTestCase

TABLE = "cli_backups"


class BackupsAwsCli(ServerTestCase):

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server.aws(
            "create-table", "--table-name", TABLE,
            "--attribute-definitions", "AttributeName=pk,AttributeType=S",
            "AttributeName=g,AttributeType=S",
            "--key-schema", "AttributeName=pk,KeyType=HASH",
            "--global-secondary-indexes",
            json.dumps([{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                         "Projection": {"ProjectionType": "ALL"}}]),
            "--billing-mode", "PAY_PER_REQUEST")
        # One call for the five items: each CLI run costs seconds on a busy machine.
        cls.server.aws("batch-write-item", "--request-items", json.dumps(
            {TABLE: [{"PutRequest": {"Item": {"pk": {"S": "k%d" % i}, "g": {"S": "G"}}}}
                     for i in range(5)]}))

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="dynamini-cli-export-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def aws(self, *args):
        return self.server.aws(*args)

    def test_backup_commands(self):
        created = self.aws("create-backup", "--table-name", TABLE, "--backup-name", "cli-backup")
        arn = created["BackupDetails"]["BackupArn"]
        described = self.aws("describe-backup", "--backup-arn", arn)
        self.assertEqual(described["BackupDescription"]["BackupDetails"]["BackupStatus"], "AVAILABLE")
        listed = self.aws("list-backups", "--table-name", TABLE, "--backup-type", "USER")
        self.assertIn(arn, [b["BackupArn"] for b in listed["BackupSummaries"]])
        restored = self.aws("restore-table-from-backup", "--target-table-name", "cli_restored",
                            "--backup-arn", arn)
        self.assertEqual(restored["TableDescription"]["TableStatus"], "CREATING")
        count = self.aws("scan", "--table-name", "cli_restored", "--select", "COUNT")
        self.assertEqual(count["Count"], 5)
        query = self.aws("query", "--table-name", "cli_restored", "--index-name", "byG",
                         "--key-condition-expression", "g = :g",
                         "--expression-attribute-values", json.dumps({":g": {"S": "G"}}))
        self.assertEqual(query["Count"], 5)
        deleted = self.aws("delete-backup", "--backup-arn", arn)
        self.assertEqual(deleted["BackupDescription"]["BackupDetails"]["BackupStatus"], "DELETED")
        proc = self.server.aws("describe-backup", "--backup-arn", arn, check=False)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("BackupNotFoundException", proc.stderr)

    def test_point_in_time_commands(self):
        before = self.aws("describe-continuous-backups", "--table-name", TABLE)
        self.assertEqual(before["ContinuousBackupsDescription"]["ContinuousBackupsStatus"], "ENABLED")
        # The CLI here (Debian's 2.9) predates RecoveryPeriodInDays:
        # test_backups.py sends that member as raw JSON.
        out = self.aws("update-continuous-backups", "--table-name", TABLE,
                       "--point-in-time-recovery-specification",
                       "PointInTimeRecoveryEnabled=true")
        pitr = out["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
        self.assertEqual(pitr["PointInTimeRecoveryStatus"], "ENABLED")
        self.assertIn("EarliestRestorableDateTime", pitr)
        time.sleep(1.1)
        between = time.time()
        time.sleep(1.1)
        self.aws("put-item", "--table-name", TABLE, "--item", json.dumps({"pk": {"S": "late"}}))
        self.aws("restore-table-to-point-in-time", "--source-table-name", TABLE,
                 "--target-table-name", "cli_pitr", "--restore-date-time", "%.3f" % between)
        self.assertEqual(self.aws("scan", "--table-name", "cli_pitr", "--select", "COUNT")["Count"], 5)
        self.aws("restore-table-to-point-in-time", "--source-table-name", TABLE,
                 "--target-table-name", "cli_pitr_latest", "--use-latest-restorable-time")
        self.assertEqual(self.aws("scan", "--table-name", "cli_pitr_latest", "--select", "COUNT")["Count"], 6)
        self.aws("delete-item", "--table-name", TABLE, "--key", json.dumps({"pk": {"S": "late"}}))

    def test_export_and_import_commands(self):
        self.aws("update-continuous-backups", "--table-name", TABLE,
                 "--point-in-time-recovery-specification", "PointInTimeRecoveryEnabled=true")
        arn = self.aws("describe-table", "--table-name", TABLE)["Table"]["TableArn"]
        # The CLI reads a top-level argument starting with file:// as a file
        # to load, so a file:// bucket goes in --cli-input-json.
        started = self.aws("export-table-to-point-in-time", "--cli-input-json", json.dumps(
            {"TableArn": arn, "S3Bucket": "file://" + self.dir, "S3Prefix": "cli",
             "ExportFormat": "DYNAMODB_JSON"}))
        export_arn = started["ExportDescription"]["ExportArn"]
        for _ in range(600):
            d = self.aws("describe-export", "--export-arn", export_arn)["ExportDescription"]
            if d["ExportStatus"] != "IN_PROGRESS":
                break
            time.sleep(0.05)
        self.assertEqual(d["ExportStatus"], "COMPLETED")
        listed = self.aws("list-exports", "--table-arn", arn)
        self.assertIn(export_arn, [e["ExportArn"] for e in listed["ExportSummaries"]])
        data = os.path.dirname(d["ExportManifest"]) + "/data/"
        imported = self.aws(
            "import-table", "--s3-bucket-source",
            json.dumps({"S3Bucket": "file://" + self.dir, "S3KeyPrefix": data}),
            "--input-format", "DYNAMODB_JSON", "--input-compression-type", "GZIP",
            "--table-creation-parameters",
            json.dumps({"TableName": "cli_imported",
                        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                        "BillingMode": "PAY_PER_REQUEST"}))
        import_arn = imported["ImportTableDescription"]["ImportArn"]
        for _ in range(600):
            i = self.aws("describe-import", "--import-arn", import_arn)["ImportTableDescription"]
            if i["ImportStatus"] != "IN_PROGRESS":
                break
            time.sleep(0.05)
        self.assertEqual((i["ImportStatus"], i["ImportedItemCount"]), ("COMPLETED", 5))
        listed = self.aws("list-imports", "--table-arn", i["TableArn"])
        self.assertEqual([s["ImportArn"] for s in listed["ImportSummaryList"]], [import_arn])
        self.assertEqual(self.aws("scan", "--table-name", "cli_imported", "--select", "COUNT")["Count"], 5)


if __name__ == "__main__":
    unittest.main()
