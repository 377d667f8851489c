package inbox

import (
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type event struct {
	PK    string `dynamodbav:"pk"`
	SK    string `dynamodbav:"sk"`
	N     int    `dynamodbav:"n"`
	Kind  string `dynamodbav:"kind"`
	Owner string `dynamodbav:"owner,omitempty"`
}

// 130 events in partition "a" (every third owned by "bob", indexed by byOwner), 20 in "b".
func loadEvents(t *testing.T) {
	createTable(t, "events", true, func(in *dynamodb.CreateTableInput) {
		in.AttributeDefinitions = append(in.AttributeDefinitions, types.AttributeDefinition{AttributeName: aws.String("owner"), AttributeType: types.ScalarAttributeTypeS})
		in.GlobalSecondaryIndexes = []types.GlobalSecondaryIndex{{
			IndexName: aws.String("byOwner"), Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
			KeySchema: []types.KeySchemaElement{{AttributeName: aws.String("owner"), KeyType: types.KeyTypeHash}, {AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange}},
		}}
	})
	for i := 0; i < 150; i++ {
		e := event{PK: "a", SK: fmt.Sprintf("e%03d", i), N: i, Kind: []string{"x", "y"}[i%2]}
		if i >= 130 {
			e.PK = "b"
		} else if i%3 == 0 {
			e.Owner = "bob"
		}
		item, err := attributevalue.MarshalMap(e)
		check(t, err)
		_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("events"), Item: item})
		check(t, err)
	}
}

func queryAll(t *testing.T, in *dynamodb.QueryInput) (events []event, pages int) {
	t.Helper()
	paginator := dynamodb.NewQueryPaginator(db, in)
	for paginator.HasMorePages() {
		page, err := paginator.NextPage(ctx)
		check(t, err)
		var items []event
		check(t, attributevalue.UnmarshalListOfMaps(page.Items, &items))
		events = append(events, items...)
		pages++
	}
	return events, pages
}

func TestQueryPagesInKeyOrderBothWays(t *testing.T) {
	dynamo.ResetT(t)
	loadEvents(t)
	values, err := attributevalue.MarshalMap(map[string]interface{}{":p": "a", ":lo": "e010", ":k": "x"})
	check(t, err)
	forward, pages := queryAll(t, &dynamodb.QueryInput{TableName: aws.String("events"),
		KeyConditionExpression: aws.String("pk = :p AND sk >= :lo"), ExpressionAttributeValues: values,
		FilterExpression: aws.String("kind = :k"), Limit: aws.Int32(25)})
	// 120 keys from e010 to e129 in pages of 25 evaluated items; the filter keeps the even ones.
	if len(forward) != 60 || pages != 5 || forward[0].SK != "e010" || forward[59].SK != "e128" {
		t.Fatalf("forward: %d items in %d pages, %v .. %v", len(forward), pages, forward[0], forward[len(forward)-1])
	}
	delete(values, ":k")
	backward, _ := queryAll(t, &dynamodb.QueryInput{TableName: aws.String("events"),
		KeyConditionExpression: aws.String("pk = :p AND sk >= :lo"), ExpressionAttributeValues: values,
		ScanIndexForward: aws.Bool(false), Limit: aws.Int32(7)})
	if len(backward) != 120 || backward[0].SK != "e129" || backward[119].SK != "e010" {
		t.Fatalf("backward: %d items", len(backward))
	}
}

func TestQueryAGlobalSecondaryIndexAndCount(t *testing.T) {
	dynamo.ResetT(t)
	loadEvents(t)
	values, err := attributevalue.MarshalMap(map[string]interface{}{":o": "bob"})
	check(t, err)
	owned, _ := queryAll(t, &dynamodb.QueryInput{TableName: aws.String("events"), IndexName: aws.String("byOwner"),
		KeyConditionExpression: aws.String("#o = :o"), ExpressionAttributeNames: map[string]string{"#o": "owner"},
		ExpressionAttributeValues: values, Limit: aws.Int32(10)})
	if len(owned) != 44 || owned[1].SK != "e003" {
		t.Fatalf("owned by bob: %d", len(owned))
	}
	count, err := db.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("events"), Select: types.SelectCount,
		KeyConditionExpression: aws.String("pk = :p"), ExpressionAttributeValues: map[string]types.AttributeValue{":p": s("b")}})
	check(t, err)
	if count.Count != 20 || count.Items != nil {
		t.Fatalf("count %d items %v", count.Count, count.Items)
	}
}

func TestScanPagesAndParallelSegments(t *testing.T) {
	dynamo.ResetT(t)
	loadEvents(t)
	total := 0
	for segment := int32(0); segment < 3; segment++ {
		pages := dynamodb.NewScanPaginator(db, &dynamodb.ScanInput{TableName: aws.String("events"),
			Segment: aws.Int32(segment), TotalSegments: aws.Int32(3), Limit: aws.Int32(40),
			ProjectionExpression: aws.String("pk, sk")})
		for pages.HasMorePages() {
			page, err := pages.NextPage(ctx)
			check(t, err)
			total += len(page.Items)
			for _, item := range page.Items {
				if len(item) != 2 {
					t.Fatalf("projection: %v", item)
				}
			}
		}
	}
	if total != 150 {
		t.Fatalf("scanned %d items in 3 segments, want 150", total)
	}
}
