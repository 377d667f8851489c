package inbox

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Every attribute type through the attributevalue marshaller and back.
type product struct {
	PK      string                `dynamodbav:"pk"`
	Name    string                `dynamodbav:"name"`
	Price   float64               `dynamodbav:"price"`
	Stock   int64                 `dynamodbav:"stock"`
	Active  bool                  `dynamodbav:"active"`
	Image   []byte                `dynamodbav:"image"`
	Tags    []string              `dynamodbav:"tags,stringset"`
	Sizes   []int                 `dynamodbav:"sizes,numberset"`
	Blobs   [][]byte              `dynamodbav:"blobs,binaryset"`
	Parts   []interface{}         `dynamodbav:"parts"`
	Labels  map[string]string     `dynamodbav:"labels"`
	Note    *string               `dynamodbav:"note,nullempty"`
	Nothing *string               `dynamodbav:"nothing"`
	Exact   attributevalue.Number `dynamodbav:"exact"`
}

func sampleProduct() product {
	return product{
		PK: "p1", Name: "lamp", Price: 19.99, Stock: 42, Active: true,
		Image: []byte{0, 1, 2, 255}, Tags: []string{"home", "light"}, Sizes: []int{1, 2, 3},
		Blobs: [][]byte{{1}, {2, 3}}, Parts: []interface{}{"bulb", 2.5, false, nil},
		Labels: map[string]string{"color": "red"}, Exact: "12345678901234567890.123456789",
	}
}

func TestItemsPutGetUpdateDeleteWithTheMarshaller(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "products", false)
	want := sampleProduct()
	item, err := attributevalue.MarshalMap(want)
	check(t, err)
	if _, isNull := item["nothing"].(*types.AttributeValueMemberNULL); !isNull {
		t.Fatalf("a nil pointer marshals to NULL, got %T", item["nothing"])
	}
	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("products"), Item: item})
	check(t, err)
	got, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("products"),
		Key: map[string]types.AttributeValue{"pk": s("p1")}, ConsistentRead: aws.Bool(true)})
	check(t, err)
	var back product
	check(t, attributevalue.UnmarshalMap(got.Item, &back))
	if !reflect.DeepEqual(back, want) {
		t.Fatalf("round trip\n got %+v\nwant %+v", back, want)
	}

	updated, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String("products"), Key: map[string]types.AttributeValue{"pk": s("p1")},
		UpdateExpression:          aws.String("SET stock = stock - :n, labels.#s = :sale ADD tags :t REMOVE image"),
		ConditionExpression:       aws.String("stock >= :n"),
		ExpressionAttributeNames:  map[string]string{"#s": "sale"},
		ExpressionAttributeValues: mustMarshal(t, map[string]interface{}{":n": 2, ":sale": "yes"}, map[string]types.AttributeValue{":t": &types.AttributeValueMemberSS{Value: []string{"new"}}}),
		ReturnValues:              types.ReturnValueAllNew,
	})
	check(t, err)
	back = product{} // decoding into a struct whose []interface{} is filled panics in this SDK version
	check(t, attributevalue.UnmarshalMap(updated.Attributes, &back))
	if back.Stock != 40 || back.Labels["sale"] != "yes" || back.Image != nil || len(back.Tags) != 3 {
		t.Fatalf("after update %+v", back)
	}

	_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("products"), Item: item,
		ConditionExpression: aws.String("attribute_not_exists(pk)")})
	var failed *types.ConditionalCheckFailedException
	if !errors.As(err, &failed) {
		t.Fatalf("conditional put over an existing item: %v", err)
	}
	deleted, err := db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("products"),
		Key: map[string]types.AttributeValue{"pk": s("p1")}, ReturnValues: types.ReturnValueAllOld})
	check(t, err)
	if deleted.Attributes["name"].(*types.AttributeValueMemberS).Value != "lamp" {
		t.Fatalf("deleted %v", deleted.Attributes)
	}
	gone, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("products"),
		Key: map[string]types.AttributeValue{"pk": s("p1")}})
	check(t, err)
	if gone.Item != nil {
		t.Fatalf("still there: %v", gone.Item)
	}
}

func TestItemErrorsAreTypedValidationErrors(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "products", false)
	_, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("products"),
		Item: map[string]types.AttributeValue{"pk": &types.AttributeValueMemberN{Value: "1"}}})
	if err == nil || !strings.Contains(err.Error(), "ValidationException") ||
		!strings.Contains(err.Error(), "Type mismatch for key pk expected: S actual: N") {
		t.Fatalf("wrong key type: %v", err)
	}
}

func mustMarshal(t *testing.T, v map[string]interface{}, extra map[string]types.AttributeValue) map[string]types.AttributeValue {
	t.Helper()
	out, err := attributevalue.MarshalMap(v)
	check(t, err)
	for k, x := range extra {
		out[k] = x
	}
	return out
}
