package inbox

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type account struct {
	PK      string `dynamodbav:"pk"`
	Balance int    `dynamodbav:"balance"`
}

func transfer(from, to string, amount int, token string) *dynamodb.TransactWriteItemsInput {
	values, _ := attributevalue.MarshalMap(map[string]int{":a": amount})
	in := &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: &types.Update{TableName: aws.String("accounts"), Key: map[string]types.AttributeValue{"pk": s(from)},
			UpdateExpression: aws.String("SET balance = balance - :a"), ConditionExpression: aws.String("balance >= :a"),
			ExpressionAttributeValues: values}},
		{Update: &types.Update{TableName: aws.String("accounts"), Key: map[string]types.AttributeValue{"pk": s(to)},
			UpdateExpression: aws.String("SET balance = balance + :a"), ExpressionAttributeValues: values}},
		{ConditionCheck: &types.ConditionCheck{TableName: aws.String("accounts"), Key: map[string]types.AttributeValue{"pk": s("bank")},
			ConditionExpression: aws.String("attribute_exists(pk)")}},
	}}
	if token != "" {
		in.ClientRequestToken = aws.String(token)
	}
	return in
}

func balances(t *testing.T) map[string]int {
	t.Helper()
	out, err := db.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: []types.TransactGetItem{
		{Get: &types.Get{TableName: aws.String("accounts"), Key: map[string]types.AttributeValue{"pk": s("alice")}}},
		{Get: &types.Get{TableName: aws.String("accounts"), Key: map[string]types.AttributeValue{"pk": s("bob")}}},
	}})
	check(t, err)
	got := map[string]int{}
	for _, r := range out.Responses {
		var a account
		check(t, attributevalue.UnmarshalMap(r.Item, &a))
		got[a.PK] = a.Balance
	}
	return got
}

func TestTransactionsAllOrNothingWithIdempotencyTokens(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "accounts", false)
	for _, a := range []account{{"alice", 100}, {"bob", 0}, {"bank", 0}} {
		item, err := attributevalue.MarshalMap(a)
		check(t, err)
		_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("accounts"), Item: item})
		check(t, err)
	}
	_, err := db.TransactWriteItems(ctx, transfer("alice", "bob", 30, "tok-1"))
	check(t, err)
	_, err = db.TransactWriteItems(ctx, transfer("alice", "bob", 30, "tok-1")) // the same request again
	check(t, err)
	if got := balances(t); got["alice"] != 70 || got["bob"] != 30 {
		t.Fatalf("a repeated token must apply once: %v", got)
	}
	_, err = db.TransactWriteItems(ctx, transfer("alice", "bob", 500, ""))
	var cancelled *types.TransactionCanceledException
	if !errors.As(err, &cancelled) || len(cancelled.CancellationReasons) != 3 ||
		aws.ToString(cancelled.CancellationReasons[0].Code) != "ConditionalCheckFailed" ||
		aws.ToString(cancelled.CancellationReasons[1].Code) != "None" {
		t.Fatalf("overdraft: %v", err)
	}
	if got := balances(t); got["alice"] != 70 || got["bob"] != 30 {
		t.Fatalf("a cancelled transaction must change nothing: %v", got)
	}
	_, err = db.TransactWriteItems(ctx, transfer("alice", "bob", 10, "tok-1")) // same token, other request
	var mismatch *types.IdempotentParameterMismatchException
	if !errors.As(err, &mismatch) {
		t.Fatalf("token reused for another request: %v", err)
	}
}
