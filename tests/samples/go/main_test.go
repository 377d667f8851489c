package inbox

// One dynamini for this test binary (dynaminitest, docs/clients.md, "Go"), with the inbox model
// preloaded; every test starts with dynamo.ResetT(t): back to the preloaded state, so the
// tables a test creates are gone and the inbox's sample data is whole again.

import (
	"context"
	"os"
	"testing"

	"dynamini/dynaminitest"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
)

var (
	dynamo  *dynaminitest.Server
	ctx     = context.Background()
	db      *dynamodb.Client
	streams *dynamodbstreams.Client
)

func TestMain(m *testing.M) {
	dynamo = dynaminitest.MustStart(dynaminitest.Options{Inbox: true})
	cfg, err := LoadConfig(ctx) // region and credentials from the environment dynaminitest set
	if err != nil {
		dynamo.Stop()
		panic(err)
	}
	db, streams = NewDynamoDB(cfg), NewStreams(cfg)
	code := m.Run()
	dynamo.Stop()
	os.Exit(code)
}

func check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// createTable makes a PAY_PER_REQUEST table keyed pk (S) [+ sk (S)], changed by edit.
func createTable(t *testing.T, name string, withSortKey bool, edit ...func(*dynamodb.CreateTableInput)) {
	t.Helper()
	in := &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
	}
	if withSortKey {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{AttributeName: aws.String("sk"), AttributeType: types.ScalarAttributeTypeS})
		in.KeySchema = append(in.KeySchema, types.KeySchemaElement{AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange})
	}
	for _, e := range edit {
		e(in)
	}
	_, err := db.CreateTable(ctx, in)
	check(t, err)
}

func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
