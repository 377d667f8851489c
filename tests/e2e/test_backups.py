"""Backups and point-in-time recovery through boto3: CreateBackup,
DescribeBackup, ListBackups, DeleteBackup, RestoreTableFromBackup (a table
with GSIs restored under a new name, compared item for item, its GSI queried;
overrides), UpdateContinuousBackups, DescribeContinuousBackups,
RestoreTableToPointInTime between two writes in real time, the SYSTEM backup
of a table deleted with recovery on, and backups surviving a restart of a
--db server."""

import os
import re
import shutil
import tempfile
import time
import unittest

from dynamini_harness import ClientError, DynaminiServer, ServerTestCase, unique_name


def scan_all(ddb, table, **kwargs):
    items, start = [], None
    while True:
        page = ddb.scan(TableName=table, **({"ExclusiveStartKey": start} if start else {}), **kwargs)
        items += page["Items"]
        start = page.get("LastEvaluatedKey")
        if not start:
            return sorted(items, key=lambda i: (i["pk"]["S"], i["sk"]["S"]))


class Backups(ServerTestCase):

    def make_source(self):
        """A table with two GSIs and 300 items, 100 of them in each GSI."""
        name = self.create_table(
            attributes=[("g1", "S"), ("g2", "N")],
            GlobalSecondaryIndexes=[
                {"IndexName": "byG1", "KeySchema": [{"AttributeName": "g1", "KeyType": "HASH"}],
                 "Projection": {"ProjectionType": "ALL"}},
                {"IndexName": "byG2", "KeySchema": [{"AttributeName": "g2", "KeyType": "HASH"},
                                                    {"AttributeName": "sk", "KeyType": "RANGE"}],
                 "Projection": {"ProjectionType": "KEYS_ONLY"}}])
        with_items = []
        for i in range(300):
            item = {"pk": {"S": "p%03d" % i}, "sk": {"S": "s"}, "data": {"B": bytes([i % 256, 7])},
                    "list": {"L": [{"N": str(i)}, {"SS": ["a", "b"]}]}}
            if i % 3 == 0:
                item["g1"] = {"S": "G%d" % (i % 2)}
            if i % 3 == 1:
                item["g2"] = {"N": str(i % 5)}
            with_items.append({"PutRequest": {"Item": item}})
        for chunk in range(0, len(with_items), 25):
            self.ddb.batch_write_item(RequestItems={name: with_items[chunk:chunk + 25]})
        return name

    def test_backup_of_a_table_with_gsis_restored_under_a_new_name(self):
        source = self.make_source()
        created = self.ddb.create_backup(TableName=source, BackupName="before-change")
        details = created["BackupDetails"]
        self.assertEqual(details["BackupStatus"], "CREATING")
        arn = details["BackupArn"]
        self.assertRegex(arn, r"^arn:aws:dynamodb:us-east-1:\d{12}:table/%s/backup/\d{14}-[0-9a-f]{8}$"
                         % re.escape(source))
        described = self.ddb.describe_backup(BackupArn=arn)["BackupDescription"]
        self.assertEqual(described["BackupDetails"]["BackupStatus"], "AVAILABLE")
        self.assertEqual(described["SourceTableDetails"]["ItemCount"], 300)
        self.assertEqual(
            sorted(g["IndexName"] for g in described["SourceTableFeatureDetails"]["GlobalSecondaryIndexes"]),
            ["byG1", "byG2"])
        before = scan_all(self.ddb, source)
        self.ddb.put_item(TableName=source, Item={"pk": {"S": "after"}, "sk": {"S": "s"}})
        target = unique_name("restored")
        restored = self.ddb.restore_table_from_backup(TargetTableName=target, BackupArn=arn)
        summary = restored["TableDescription"]["RestoreSummary"]
        self.assertEqual(summary["SourceBackupArn"], arn)
        self.assertTrue(summary["RestoreInProgress"])
        self.assertEqual(scan_all(self.ddb, target), before)
        g1 = self.ddb.query(TableName=target, IndexName="byG1", KeyConditionExpression="g1 = :g",
                            ExpressionAttributeValues={":g": {"S": "G0"}})
        self.assertEqual(g1["Count"], 50)
        g2 = self.ddb.query(TableName=target, IndexName="byG2", KeyConditionExpression="g2 = :g",
                            ExpressionAttributeValues={":g": {"N": "1"}})
        self.assertEqual(g2["Count"], 20)
        self.assertEqual(set(g2["Items"][0]), {"pk", "sk", "g2"})
        table = self.ddb.describe_table(TableName=target)["Table"]
        self.assertEqual(table["TableStatus"], "ACTIVE")
        self.assertNotIn("RestoreSummary", table)

    def test_restore_overrides_billing_and_drops_indexes(self):
        source = self.make_source()
        arn = self.ddb.create_backup(TableName=source, BackupName="bkp")["BackupDetails"]["BackupArn"]
        target = unique_name("prov")
        out = self.ddb.restore_table_from_backup(
            TargetTableName=target, BackupArn=arn, BillingModeOverride="PROVISIONED",
            ProvisionedThroughputOverride={"ReadCapacityUnits": 4, "WriteCapacityUnits": 2},
            GlobalSecondaryIndexOverride=[
                {"IndexName": "renamed", "KeySchema": [{"AttributeName": "g1", "KeyType": "HASH"}],
                 "Projection": {"ProjectionType": "ALL"},
                 "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}],
            LocalSecondaryIndexOverride=[],
            SSESpecificationOverride={"Enabled": False})
        t = out["TableDescription"]
        self.assertEqual(t["ProvisionedThroughput"]["ReadCapacityUnits"], 4)
        self.assertEqual([g["IndexName"] for g in t["GlobalSecondaryIndexes"]], ["renamed"])
        self.assertEqual(len(scan_all(self.ddb, target)), 300)
        with self.assertRaises(ClientError) as ctx:
            self.ddb.restore_table_from_backup(TargetTableName=target, BackupArn=arn)
        self.assertClientError(ctx, "TableAlreadyExistsException",
                               message_contains="Table already exists: " + target)

    def test_list_and_delete_backups(self):
        source = self.create_table()
        lower = time.time()
        arns = [self.ddb.create_backup(TableName=source, BackupName="bkp%d" % i)["BackupDetails"]["BackupArn"]
                for i in range(3)]
        listed = self.ddb.list_backups(TableName=source)["BackupSummaries"]
        self.assertEqual([b["BackupArn"] for b in listed], arns)
        self.assertEqual(listed[0]["BackupType"], "USER")
        page = self.ddb.list_backups(TableName=source, Limit=2, BackupType="USER",
                                     TimeRangeLowerBound=lower - 1, TimeRangeUpperBound=time.time() + 1)
        self.assertEqual(len(page["BackupSummaries"]), 2)
        rest = self.ddb.list_backups(TableName=source, ExclusiveStartBackupArn=page["LastEvaluatedBackupArn"])
        self.assertEqual([b["BackupArn"] for b in rest["BackupSummaries"]], arns[2:])
        deleted = self.ddb.delete_backup(BackupArn=arns[0])["BackupDescription"]
        self.assertEqual(deleted["BackupDetails"]["BackupStatus"], "DELETED")
        with self.assertRaises(ClientError) as ctx:
            self.ddb.describe_backup(BackupArn=arns[0])
        self.assertClientError(ctx, "BackupNotFoundException", message_contains=arns[0])
        self.assertEqual(len(self.ddb.list_backups(TableName=source)["BackupSummaries"]), 2)

    def test_point_in_time_restore_between_two_writes_in_real_time(self):
        source = self.create_table()
        # RecoveryPeriodInDays is newer than Debian's boto3 model (botocore
        # 1.29): test_backups_aws_cli.py sends it through the AWS CLI.
        out = self.ddb.update_continuous_backups(
            TableName=source, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        pitr = out["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
        self.assertEqual(pitr["PointInTimeRecoveryStatus"], "ENABLED")
        time.sleep(1.1)
        self.ddb.put_item(TableName=source, Item={"pk": {"S": "first"}, "sk": {"S": "s"}})
        time.sleep(1.1)
        between = time.time()
        time.sleep(1.1)
        self.ddb.put_item(TableName=source, Item={"pk": {"S": "second"}, "sk": {"S": "s"}})
        self.ddb.delete_item(TableName=source, Key={"pk": {"S": "first"}, "sk": {"S": "s"}})
        described = self.ddb.describe_continuous_backups(TableName=source)
        window = described["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
        self.assertLessEqual(window["EarliestRestorableDateTime"].timestamp(), between)
        self.assertGreaterEqual(window["LatestRestorableDateTime"].timestamp(), between)
        target = unique_name("pitr")
        out = self.ddb.restore_table_to_point_in_time(
            SourceTableName=source, TargetTableName=target, RestoreDateTime=between)
        self.assertEqual(out["TableDescription"]["RestoreSummary"]["SourceTableArn"],
                         self.ddb.describe_table(TableName=source)["Table"]["TableArn"])
        self.assertEqual([i["pk"]["S"] for i in scan_all(self.ddb, target)], ["first"])
        latest = unique_name("latest")
        self.ddb.restore_table_to_point_in_time(
            SourceTableArn=self.ddb.describe_table(TableName=source)["Table"]["TableArn"],
            TargetTableName=latest, UseLatestRestorableTime=True)
        self.assertEqual([i["pk"]["S"] for i in scan_all(self.ddb, latest)], ["second"])
        with self.assertRaises(ClientError) as ctx:
            self.ddb.restore_table_to_point_in_time(
                SourceTableName=source, TargetTableName=unique_name("x"),
                RestoreDateTime=time.time() + 3600)
        self.assertClientError(ctx, "InvalidRestoreTimeException")
        self.assertRegex(ctx.exception.response["Error"]["Message"],
                         r"^RestoreDateTime '\S+Z' must be within EarliestRestorableDateTime '\S+Z' "
                         r"and LatestRestorableDateTime '\S+Z'$")

    def test_recovery_period_in_days_as_raw_json(self):
        # RecoveryPeriodInDays (1..35) is newer than the boto3 and AWS CLI
        # models installed here, so it goes as raw JSON (API reference,
        # PointInTimeRecoverySpecification).
        source = self.create_table()
        status, out = self.server.raw_json("UpdateContinuousBackups", {
            "TableName": source, "PointInTimeRecoverySpecification": {
                "PointInTimeRecoveryEnabled": True, "RecoveryPeriodInDays": 3}})
        self.assertEqual(status, 200, out)
        pitr = out["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
        self.assertEqual((pitr["PointInTimeRecoveryStatus"], pitr["RecoveryPeriodInDays"]), ("ENABLED", 3))
        status, out = self.server.raw_json("DescribeContinuousBackups", {"TableName": source})
        self.assertEqual(out["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
                         ["RecoveryPeriodInDays"], 3)
        status, out = self.server.raw_json("UpdateContinuousBackups", {
            "TableName": source, "PointInTimeRecoverySpecification": {
                "PointInTimeRecoveryEnabled": True, "RecoveryPeriodInDays": 36}})
        self.assertEqual((status, out["__type"].rsplit("#", 1)[-1]), (400, "ValidationException"), out)

    def test_deleting_a_recoverable_table_leaves_a_system_backup(self):
        source = self.create_table()
        self.ddb.put_item(TableName=source, Item={"pk": {"S": "kept"}, "sk": {"S": "s"}})
        self.ddb.update_continuous_backups(
            TableName=source, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        self.ddb.delete_table(TableName=source)
        self.assertEqual(self.ddb.list_backups(TableName=source)["BackupSummaries"], [])
        system = self.ddb.list_backups(TableName=source, BackupType="SYSTEM")["BackupSummaries"]
        self.assertEqual([b["BackupName"] for b in system], [source + "$DeletedTableBackup"])
        arn = system[0]["BackupArn"]
        with self.assertRaises(ClientError) as ctx:
            self.ddb.delete_backup(BackupArn=arn)
        self.assertClientError(ctx, "ValidationException")
        self.assertRegex(ctx.exception.response["Error"]["Message"],
                         r"^User is not allowed to delete the system backup with arn %s\. It will "
                         r"automatically expire on \S+Z$" % re.escape(arn))
        target = unique_name("undeleted")
        self.ddb.restore_table_from_backup(TargetTableName=target, BackupArn=arn)
        self.assertEqual([i["pk"]["S"] for i in scan_all(self.ddb, target)], ["kept"])


class BackupsSurviveRestart(unittest.TestCase):

    def test_a_db_server_keeps_backups_and_recovery_across_a_restart(self):
        directory = tempfile.mkdtemp(prefix="dynamini-backups-")
        self.addCleanup(shutil.rmtree, directory, True)
        db = os.path.join(directory, "data.db")
        server = DynaminiServer(inbox=False, extra_args=["--db", db]).start()
        try:
            ddb = server.client()
            ddb.create_table(TableName="keep", BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
            ddb.update_continuous_backups(
                TableName="keep", PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
            ddb.put_item(TableName="keep", Item={"pk": {"S": "one"}})
            arn = ddb.create_backup(TableName="keep", BackupName="bkp")["BackupDetails"]["BackupArn"]
            time.sleep(1.1)
            between = time.time()
            time.sleep(1.1)
            ddb.put_item(TableName="keep", Item={"pk": {"S": "two"}})
        finally:
            server.stop()
        server = DynaminiServer(inbox=False, extra_args=["--db", db]).start()
        try:
            ddb = server.client()
            self.assertEqual(ddb.describe_backup(BackupArn=arn)["BackupDescription"]["BackupDetails"]
                             ["BackupStatus"], "AVAILABLE")
            ddb.restore_table_from_backup(TargetTableName="from_backup", BackupArn=arn)
            self.assertEqual(ddb.scan(TableName="from_backup")["Items"], [{"pk": {"S": "one"}}])
            ddb.restore_table_to_point_in_time(SourceTableName="keep", TargetTableName="from_pitr",
                                               RestoreDateTime=between)
            self.assertEqual(ddb.scan(TableName="from_pitr")["Items"], [{"pk": {"S": "one"}}])
        finally:
            server.stop()


if __name__ == "__main__":
    unittest.main()
