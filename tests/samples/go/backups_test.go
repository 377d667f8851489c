package inbox

// The backup, point-in-time recovery, export and import families and the account
// operations (DescribeLimits, DescribeEndpoints), through Debian's SDK (service/dynamodb
// 1.17.3 has them all; docs/backups.md, "Export and import": a
// file:// bucket stands for S3).

import (
	"errors"
	"path"
	"sort"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type entry struct {
	PK     string `dynamodbav:"pk"`
	Amount int    `dynamodbav:"amount"`
}

func putEntries(t *testing.T, table string, entries ...entry) {
	t.Helper()
	for _, e := range entries {
		item, err := attributevalue.MarshalMap(e)
		check(t, err)
		_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: item})
		check(t, err)
	}
}

// entries scans the whole table into entries, sorted by key.
func entries(t *testing.T, table string) []entry {
	t.Helper()
	var all []entry
	pages := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String(table)})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		check(t, err)
		var some []entry
		check(t, attributevalue.UnmarshalListOfMaps(page.Items, &some))
		all = append(all, some...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].PK < all[j].PK })
	return all
}

func sameEntries(t *testing.T, got []entry, want ...entry) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("entries %+v, want %+v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("entries %+v, want %+v", got, want)
		}
	}
}

func TestBackupsCreateListDescribeRestoreDelete(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "ledger", false)
	putEntries(t, "ledger", entry{"a", 1}, entry{"b", 2})
	created, err := db.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: aws.String("ledger"), BackupName: aws.String("before")})
	check(t, err)
	arn := created.BackupDetails.BackupArn
	putEntries(t, "ledger", entry{"c", 3}) // after the backup: not in it

	described, err := db.DescribeBackup(ctx, &dynamodb.DescribeBackupInput{BackupArn: arn})
	check(t, err)
	if d := described.BackupDescription.BackupDetails; d.BackupStatus != types.BackupStatusAvailable || *d.BackupName != "before" {
		t.Fatalf("backup %+v", d)
	}
	listed, err := db.ListBackups(ctx, &dynamodb.ListBackupsInput{TableName: aws.String("ledger")})
	check(t, err)
	if len(listed.BackupSummaries) != 1 || *listed.BackupSummaries[0].BackupArn != *arn {
		t.Fatalf("backups %+v", listed.BackupSummaries)
	}
	_, err = db.RestoreTableFromBackup(ctx, &dynamodb.RestoreTableFromBackupInput{BackupArn: arn, TargetTableName: aws.String("ledger_before")})
	check(t, err)
	sameEntries(t, entries(t, "ledger_before"), entry{"a", 1}, entry{"b", 2})

	_, err = db.DeleteBackup(ctx, &dynamodb.DeleteBackupInput{BackupArn: arn})
	check(t, err)
	_, err = db.DescribeBackup(ctx, &dynamodb.DescribeBackupInput{BackupArn: arn})
	var notFound *types.BackupNotFoundException
	if !errors.As(err, &notFound) {
		t.Fatalf("a deleted backup: %v", err)
	}
}

func enablePointInTimeRecovery(t *testing.T, table string) {
	t.Helper()
	_, err := db.UpdateContinuousBackups(ctx, &dynamodb.UpdateContinuousBackupsInput{TableName: aws.String(table),
		PointInTimeRecoverySpecification: &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(true)}})
	check(t, err)
}

func TestPointInTimeRecoveryRestoresTheTableAsItWas(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "ledger", false)
	enablePointInTimeRecovery(t, "ledger")
	described, err := db.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String("ledger")})
	check(t, err)
	if d := described.ContinuousBackupsDescription.PointInTimeRecoveryDescription; d.PointInTimeRecoveryStatus != types.PointInTimeRecoveryStatusEnabled {
		t.Fatalf("recovery %+v", d)
	}
	putEntries(t, "ledger", entry{"a", 1})
	time.Sleep(20 * time.Millisecond) // times are kept to the millisecond
	then := time.Now()
	time.Sleep(20 * time.Millisecond)
	putEntries(t, "ledger", entry{"a", 100}, entry{"b", 2})

	_, err = db.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("ledger"),
		TargetTableName: aws.String("ledger_then"), RestoreDateTime: aws.Time(then)})
	check(t, err)
	sameEntries(t, entries(t, "ledger_then"), entry{"a", 1})
	_, err = db.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("ledger"),
		TargetTableName: aws.String("ledger_now"), UseLatestRestorableTime: aws.Bool(true)})
	check(t, err)
	sameEntries(t, entries(t, "ledger_now"), entry{"a", 100}, entry{"b", 2})
}

// waitFor calls status until it answers something other than IN_PROGRESS.
func waitFor(t *testing.T, status func() string) string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if s := status(); s != "IN_PROGRESS" {
			return s
		}
	}
	t.Fatal("still IN_PROGRESS after 30 s")
	return ""
}

func TestExportThenImportThroughADirectoryBucket(t *testing.T) {
	dynamo.ResetT(t)
	bucket := "file://" + t.TempDir()
	createTable(t, "ledger", false)
	enablePointInTimeRecovery(t, "ledger")
	putEntries(t, "ledger", entry{"a", 1}, entry{"b", 2}, entry{"c", 3})
	table, err := db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("ledger")})
	check(t, err)

	started, err := db.ExportTableToPointInTime(ctx, &dynamodb.ExportTableToPointInTimeInput{
		TableArn: table.Table.TableArn, S3Bucket: aws.String(bucket), ExportFormat: types.ExportFormatDynamodbJson})
	check(t, err)
	exportArn := started.ExportDescription.ExportArn
	var manifest string
	status := waitFor(t, func() string {
		d, err := db.DescribeExport(ctx, &dynamodb.DescribeExportInput{ExportArn: exportArn})
		check(t, err)
		manifest = aws.ToString(d.ExportDescription.ExportManifest)
		return string(d.ExportDescription.ExportStatus)
	})
	exports, err := db.ListExports(ctx, &dynamodb.ListExportsInput{TableArn: table.Table.TableArn})
	check(t, err)
	if status != "COMPLETED" || len(exports.ExportSummaries) != 1 || *exports.ExportSummaries[0].ExportArn != *exportArn {
		t.Fatalf("export %s, listed %+v", status, exports.ExportSummaries)
	}

	imported, err := db.ImportTable(ctx, &dynamodb.ImportTableInput{
		S3BucketSource:       &types.S3BucketSource{S3Bucket: aws.String(bucket), S3KeyPrefix: aws.String(path.Dir(manifest) + "/data/")},
		InputFormat:          types.InputFormatDynamodbJson,
		InputCompressionType: types.InputCompressionTypeGzip,
		TableCreationParameters: &types.TableCreationParameters{TableName: aws.String("ledger_copy"), BillingMode: types.BillingModePayPerRequest,
			AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
			KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}}},
	})
	check(t, err)
	importArn := imported.ImportTableDescription.ImportArn
	var count int64
	status = waitFor(t, func() string {
		d, err := db.DescribeImport(ctx, &dynamodb.DescribeImportInput{ImportArn: importArn})
		check(t, err)
		count = d.ImportTableDescription.ImportedItemCount
		return string(d.ImportTableDescription.ImportStatus)
	})
	imports, err := db.ListImports(ctx, &dynamodb.ListImportsInput{})
	check(t, err)
	if status != "COMPLETED" || count != 3 || len(imports.ImportSummaryList) != 1 || *imports.ImportSummaryList[0].ImportArn != *importArn {
		t.Fatalf("import %s of %d items, listed %+v", status, count, imports.ImportSummaryList)
	}
	sameEntries(t, entries(t, "ledger_copy"), entries(t, "ledger")...)
}

func TestDescribeLimitsAndEndpoints(t *testing.T) {
	limits, err := db.DescribeLimits(ctx, &dynamodb.DescribeLimitsInput{})
	check(t, err)
	if aws.ToInt64(limits.TableMaxWriteCapacityUnits) <= 0 || aws.ToInt64(limits.AccountMaxReadCapacityUnits) < aws.ToInt64(limits.TableMaxReadCapacityUnits) {
		t.Fatalf("limits %+v", limits)
	}
	endpoints, err := db.DescribeEndpoints(ctx, &dynamodb.DescribeEndpointsInput{})
	check(t, err)
	if len(endpoints.Endpoints) != 1 || aws.ToString(endpoints.Endpoints[0].Address) == "" || endpoints.Endpoints[0].CachePeriodInMinutes <= 0 {
		t.Fatalf("endpoints %+v", endpoints.Endpoints)
	}
}
