package inbox

import (
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	streamtypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

// readStream returns every record of the table's stream from its first shard's start.
func readStream(t *testing.T, table string) []streamtypes.Record {
	t.Helper()
	listed, err := streams.ListStreams(ctx, &dynamodbstreams.ListStreamsInput{TableName: aws.String(table)})
	check(t, err)
	if len(listed.Streams) != 1 {
		t.Fatalf("streams of %s: %+v", table, listed.Streams)
	}
	described, err := streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: listed.Streams[0].StreamArn})
	check(t, err)
	iterator, err := streams.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{
		StreamArn: listed.Streams[0].StreamArn, ShardId: described.StreamDescription.Shards[0].ShardId,
		ShardIteratorType: streamtypes.ShardIteratorTypeTrimHorizon})
	check(t, err)
	var records []streamtypes.Record
	next := iterator.ShardIterator
	for next != nil {
		page, err := streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: next, Limit: aws.Int32(2)})
		check(t, err)
		records = append(records, page.Records...)
		if len(page.Records) == 0 {
			break // caught up: an open shard always returns a next iterator
		}
		next = page.NextShardIterator
	}
	return records
}

func TestStreamsRecordEveryChangeWithImages(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "orders", false, func(in *dynamodb.CreateTableInput) {
		in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewTypeNewAndOldImages}
	})
	key := map[string]types.AttributeValue{"pk": s("o1")}
	_, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("orders"), Item: map[string]types.AttributeValue{"pk": s("o1"), "state": s("new")}})
	check(t, err)
	_, err = db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("orders"), Key: key,
		UpdateExpression: aws.String("SET #s = :p"), ExpressionAttributeNames: map[string]string{"#s": "state"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": s("paid")}})
	check(t, err)
	_, err = db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("orders"), Key: key})
	check(t, err)

	records := readStream(t, "orders")
	var kinds []streamtypes.OperationType
	for _, r := range records {
		kinds = append(kinds, r.EventName)
	}
	if len(records) != 3 || kinds[0] != "INSERT" || kinds[1] != "MODIFY" || kinds[2] != "REMOVE" {
		t.Fatalf("events %v", kinds)
	}
	// A stream image through the attributevalue converters into a struct.
	image, err := attributevalue.FromDynamoDBStreamsMap(records[1].Dynamodb.NewImage)
	check(t, err)
	var order struct {
		PK    string `dynamodbav:"pk"`
		State string `dynamodbav:"state"`
	}
	check(t, attributevalue.UnmarshalMap(image, &order))
	old := records[1].Dynamodb.OldImage["state"].(*streamtypes.AttributeValueMemberS).Value
	if order.State != "paid" || old != "new" || records[2].Dynamodb.NewImage != nil {
		t.Fatalf("images: new %+v old %s", order, old)
	}
}

func TestTimeToLiveExpiresItemsIntoTheStream(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "sessions", false, func(in *dynamodb.CreateTableInput) {
		in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewTypeOldImage}
	})
	_, err := db.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String("sessions"),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String("expires"), Enabled: aws.Bool(true)}})
	check(t, err)
	described, err := db.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String("sessions")})
	check(t, err)
	if described.TimeToLiveDescription.TimeToLiveStatus != types.TimeToLiveStatusEnabled {
		t.Fatalf("TTL status %v", described.TimeToLiveDescription.TimeToLiveStatus)
	}
	past := strconv.FormatInt(time.Now().Add(-time.Hour).Unix(), 10)
	future := strconv.FormatInt(time.Now().Add(time.Hour).Unix(), 10)
	for id, expires := range map[string]string{"old": past, "live": future} {
		_, err := db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("sessions"),
			Item: map[string]types.AttributeValue{"pk": s(id), "expires": &types.AttributeValueMemberN{Value: expires}}})
		check(t, err)
	}
	deadline := time.Now().Add(10 * time.Second) // the sweeper runs every second
	for {
		out, err := db.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("sessions")})
		check(t, err)
		if out.Count == 1 && out.Items[0]["pk"].(*types.AttributeValueMemberS).Value == "live" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the expired item is still there: %d items", out.Count)
		}
		time.Sleep(200 * time.Millisecond)
	}
	records := readStream(t, "sessions")
	last := records[len(records)-1]
	if last.EventName != "REMOVE" || last.UserIdentity == nil || aws.ToString(last.UserIdentity.PrincipalId) != "dynamodb.amazonaws.com" {
		t.Fatalf("TTL deletion record %+v", last)
	}
}

func TestTagsOnATable(t *testing.T) {
	dynamo.ResetT(t)
	createTable(t, "tagged", false)
	described, err := db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("tagged")})
	check(t, err)
	arn := described.Table.TableArn
	_, err = db.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: arn, Tags: []types.Tag{
		{Key: aws.String("team"), Value: aws.String("inbox")}, {Key: aws.String("env"), Value: aws.String("test")}}})
	check(t, err)
	_, err = db.UntagResource(ctx, &dynamodb.UntagResourceInput{ResourceArn: arn, TagKeys: []string{"env"}})
	check(t, err)
	tags, err := db.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: arn})
	check(t, err)
	if len(tags.Tags) != 1 || aws.ToString(tags.Tags[0].Key) != "team" || aws.ToString(tags.Tags[0].Value) != "inbox" {
		t.Fatalf("tags %+v", tags.Tags)
	}
}
