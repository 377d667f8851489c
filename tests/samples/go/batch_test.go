package inbox

import (
	"fmt"
	"sort"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type user struct {
	PK   string `dynamodbav:"pk"`
	Name string `dynamodbav:"name"`
}

// writeAll sends BatchWriteItem requests of at most 25, resending unprocessed items.
func writeAll(t *testing.T, table string, requests []types.WriteRequest) {
	t.Helper()
	for start := 0; start < len(requests); start += 25 {
		end := start + 25
		if end > len(requests) {
			end = len(requests)
		}
		pending := map[string][]types.WriteRequest{table: requests[start:end]}
		for len(pending) > 0 {
			out, err := db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: pending})
			check(t, err)
			pending = out.UnprocessedItems
		}
	}
}

// getAll sends BatchGetItem requests of at most 100 keys, resending unprocessed keys.
func getAll(t *testing.T, table string, keys []map[string]types.AttributeValue) []user {
	t.Helper()
	var users []user
	for start := 0; start < len(keys); start += 100 {
		end := start + 100
		if end > len(keys) {
			end = len(keys)
		}
		pending := map[string]types.KeysAndAttributes{table: {Keys: keys[start:end]}}
		for len(pending) > 0 {
			out, err := db.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{RequestItems: pending})
			check(t, err)
			var page []user
			check(t, attributevalue.UnmarshalListOfMaps(out.Responses[table], &page))
			users = append(users, page...)
			pending = out.UnprocessedKeys
		}
	}
	sort.Slice(users, func(i, j int) bool { return users[i].PK < users[j].PK })
	return users
}

func TestBatchWriteThenBatchGetThenBatchDelete(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "users", false)
	var puts, deletes []types.WriteRequest
	var keys []map[string]types.AttributeValue
	for i := 0; i < 130; i++ {
		item, err := attributevalue.MarshalMap(user{PK: fmt.Sprintf("u%03d", i), Name: fmt.Sprintf("user %d", i)})
		check(t, err)
		puts = append(puts, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
		key := map[string]types.AttributeValue{"pk": item["pk"]}
		keys = append(keys, key)
		if i%2 == 1 {
			deletes = append(deletes, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: key}})
		}
	}
	writeAll(t, "users", puts)
	users := getAll(t, "users", keys)
	if len(users) != 130 || users[129].Name != "user 129" {
		t.Fatalf("got %d users", len(users))
	}
	writeAll(t, "users", deletes)
	users = getAll(t, "users", keys)
	if len(users) != 65 || users[1].PK != "u002" {
		t.Fatalf("after deleting the odd ones: %d users", len(users))
	}
	_, err := db.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: map[string][]types.WriteRequest{
		"users": {puts[0], puts[0]}}})
	if err == nil {
		t.Fatal("a batch with the same key twice must be refused")
	}
}
