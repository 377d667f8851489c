package inbox

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func params(t *testing.T, values ...interface{}) []types.AttributeValue {
	t.Helper()
	out, err := attributevalue.MarshalList(values)
	check(t, err)
	return out
}

func TestPartiQLStatementsBatchesAndTransactions(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "books", true)
	for _, b := range []struct{ pk, sk string }{{"tolkien", "hobbit"}, {"tolkien", "silmarillion"}, {"austen", "emma"}} {
		_, err := db.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{
			Statement:  aws.String(`INSERT INTO "books" VALUE {'pk': ?, 'sk': ?, 'copies': ?}`),
			Parameters: params(t, b.pk, b.sk, 1)})
		check(t, err)
	}
	_, err := db.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{
		Statement: aws.String(`UPDATE "books" SET copies = copies + ? WHERE pk = ? AND sk = ?`), Parameters: params(t, 4, "tolkien", "hobbit")})
	check(t, err)
	out, err := db.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{
		Statement: aws.String(`SELECT sk, copies FROM "books" WHERE pk = ?`), Parameters: params(t, "tolkien")})
	check(t, err)
	var books []struct {
		SK     string `dynamodbav:"sk"`
		Copies int    `dynamodbav:"copies"`
	}
	check(t, attributevalue.UnmarshalListOfMaps(out.Items, &books))
	if len(books) != 2 || books[0].SK != "hobbit" || books[0].Copies != 5 || books[1].Copies != 1 {
		t.Fatalf("select: %+v", books)
	}

	// A batch is all reads or all writes (DynamoDB refuses a mix with a ValidationException).
	get := types.BatchStatementRequest{Statement: aws.String(`SELECT * FROM "books" WHERE pk = ? AND sk = ?`), Parameters: params(t, "austen", "emma")}
	del := types.BatchStatementRequest{Statement: aws.String(`DELETE FROM "books" WHERE pk = ? AND sk = ?`), Parameters: params(t, "tolkien", "silmarillion")}
	_, err = db.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{Statements: []types.BatchStatementRequest{get, del}})
	if err == nil || !strings.Contains(err.Error(), "Read and write requests together in the same batch is not supported") {
		t.Fatalf("mixed batch: %v", err)
	}
	reads, err := db.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{Statements: []types.BatchStatementRequest{get}})
	check(t, err)
	writes, err := db.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{Statements: []types.BatchStatementRequest{del}})
	check(t, err)
	if reads.Responses[0].Error != nil || reads.Responses[0].Item["copies"] == nil || writes.Responses[0].Error != nil {
		t.Fatalf("batches: %+v %+v", reads.Responses, writes.Responses)
	}

	_, err = db.ExecuteTransaction(ctx, &dynamodb.ExecuteTransactionInput{TransactStatements: []types.ParameterizedStatement{
		{Statement: aws.String(`UPDATE "books" SET copies = copies - ? WHERE pk = ? AND sk = ?`), Parameters: params(t, 1, "austen", "emma")},
		{Statement: aws.String(`INSERT INTO "books" VALUE {'pk': ?, 'sk': ?}`), Parameters: params(t, "austen", "persuasion")},
	}})
	check(t, err)
	all, err := db.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{Statement: aws.String(`SELECT pk, sk FROM "books"`)})
	check(t, err)
	if len(all.Items) != 3 {
		t.Fatalf("after the transaction: %d books", len(all.Items))
	}
}
