package inbox

import (
	"errors"
	"reflect"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func TestTablesCreateDescribeListUpdateDelete(t *testing.T) {
	dynamo.ResetT(t)
	for _, name := range []string{"tbl1", "tbl2", "tbl3"} {
		createTable(t, name, name != "tbl3")
	}
	var names []string
	pages := dynamodb.NewListTablesPaginator(db, &dynamodb.ListTablesInput{Limit: aws.Int32(2)})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		check(t, err)
		names = append(names, page.TableNames...)
	}
	if want := []string{"inbox", "tbl1", "tbl2", "tbl3"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("tables %v, want %v", names, want)
	}
	described, err := db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("tbl1")})
	check(t, err)
	if described.Table.TableStatus != types.TableStatusActive || len(described.Table.KeySchema) != 2 {
		t.Fatalf("described %+v", described.Table)
	}
	_, err = db.UpdateTable(ctx, &dynamodb.UpdateTableInput{
		TableName:            aws.String("tbl1"),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("g"), AttributeType: types.ScalarAttributeTypeS}},
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName:  aws.String("byG"),
			KeySchema:  []types.KeySchemaElement{{AttributeName: aws.String("g"), KeyType: types.KeyTypeHash}},
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly},
		}}},
	})
	check(t, err)
	described, err = db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("tbl1")})
	check(t, err)
	if len(described.Table.GlobalSecondaryIndexes) != 1 || aws.ToString(described.Table.GlobalSecondaryIndexes[0].IndexName) != "byG" {
		t.Fatalf("indexes %+v", described.Table.GlobalSecondaryIndexes)
	}
	_, err = db.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("tbl2")})
	check(t, err)
	_, err = db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("tbl2")})
	var missing *types.ResourceNotFoundException
	if !errors.As(err, &missing) {
		t.Fatalf("DescribeTable of a deleted table: %v", err)
	}
	_, err = db.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("tbl1"),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}}})
	var inUse *types.ResourceInUseException
	if !errors.As(err, &inUse) {
		t.Fatalf("creating t1 twice: %v", err)
	}
}

func TestResetBetweenTestsDropsWhatATestCreated(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "tbl1", false) // TestTablesCreateDescribeListUpdateDelete made one too
	out, err := db.ListTables(ctx, &dynamodb.ListTablesInput{})
	check(t, err)
	if !reflect.DeepEqual(out.TableNames, []string{"inbox", "tbl1"}) {
		t.Fatalf("tables %v", out.TableNames)
	}
}
