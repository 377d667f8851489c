// Package inbox is the sample Go project's code under test: the notification inbox of
// docs/models.md, "Models" (one table, sparse GSI1 of unread notifications, a badge
// item), its access patterns AP1..AP5 written with the AWS SDK for Go v2 and its
// attributevalue marshaller, exactly as model/inbox_requests.cc sends them.
package inbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Notification is USER#<userId> / NOTIF#<ULID>; unread ones carry gsi1pk/gsi1sk.
type Notification struct {
	PK         string            `dynamodbav:"pk"`
	SK         string            `dynamodbav:"sk"`
	GSI1PK     string            `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK     string            `dynamodbav:"gsi1sk,omitempty"`
	UserID     string            `dynamodbav:"userId"`
	NotifID    string            `dynamodbav:"notifId"`
	Type       string            `dynamodbav:"type"`
	ActorID    string            `dynamodbav:"actorId"`
	TargetID   string            `dynamodbav:"targetId"`
	TargetType string            `dynamodbav:"targetType"`
	Read       bool              `dynamodbav:"read"`
	ReadAt     string            `dynamodbav:"readAt,omitempty"`
	Payload    map[string]string `dynamodbav:"payload"`
	CreatedAt  string            `dynamodbav:"createdAt"`
}

// Meta is USER#<userId> / #INBOX: the unread badge.
type Meta struct {
	UnreadCount   int    `dynamodbav:"unreadCount"`
	LastNotifAt   string `dynamodbav:"lastNotifAt,omitempty"`
	NewestNotifSk string `dynamodbav:"newestNotifSk,omitempty"`
	ReadAllCutoff string `dynamodbav:"readAllCutoff,omitempty"`
}

// ReadAllJob is USER#<userId> / #JOB#READALL#<ULID>; pending jobs are in GSI1 (JOBS#READALL).
type ReadAllJob struct {
	UserID string `dynamodbav:"userId"`
	JobID  string `dynamodbav:"jobId"`
	Cutoff string `dynamodbav:"cutoff"`
	Status string `dynamodbav:"status"`
	Done   int    `dynamodbav:"done"`
}

// Inbox runs the access patterns on one table.
type Inbox struct {
	DB    *dynamodb.Client
	Table string
}

func key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: pk}, "sk": &types.AttributeValueMemberS{Value: sk}}
}

func values(v map[string]interface{}) map[string]types.AttributeValue {
	out, err := attributevalue.MarshalMap(v)
	if err != nil {
		panic(err) // only called with literal maps of strings, numbers and booleans
	}
	return out
}

// NewNotification is an unread notification for user.
func NewNotification(user, id, kind, actor, preview, createdAt string) Notification {
	return Notification{
		PK: "USER#" + user, SK: "NOTIF#" + id, GSI1PK: "UNREAD#" + user, GSI1SK: "NOTIF#" + id,
		UserID: user, NotifID: id, Type: kind, ActorID: actor, TargetID: user,
		TargetType: "user", Payload: map[string]string{"preview": preview}, CreatedAt: createdAt,
	}
}

// Deliver (W1): the notification and the badge increment in one transaction; refused for a
// duplicate id or one sorted before the newest notification or the read-all cutoff.
func (i *Inbox) Deliver(ctx context.Context, n Notification) error {
	item, err := attributevalue.MarshalMap(n)
	if err != nil {
		return err
	}
	_, err = i.DB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{
		TransactItems: []types.TransactWriteItem{
			{Put: &types.Put{TableName: &i.Table, Item: item,
				ConditionExpression: aws.String("attribute_not_exists(pk)")}},
			{Update: &types.Update{TableName: &i.Table, Key: key(n.PK, "#INBOX"),
				UpdateExpression: aws.String("ADD unreadCount :one SET lastNotifAt = :at, newestNotifSk = :sk"),
				ConditionExpression: aws.String("(attribute_not_exists(readAllCutoff) OR readAllCutoff < :sk) AND " +
					"(attribute_not_exists(newestNotifSk) OR newestNotifSk < :sk)"),
				ExpressionAttributeValues: values(map[string]interface{}{
					":one": 1, ":at": n.CreatedAt, ":sk": n.SK})}},
		},
	})
	return err
}

// Recent (AP1): the newest notifications first, a page of limit; pass the returned cursor
// to get the next page (nil when there is none).
func (i *Inbox) Recent(ctx context.Context, user string, limit int32,
	cursor map[string]types.AttributeValue) ([]Notification, map[string]types.AttributeValue, error) {
	out, err := i.DB.Query(ctx, &dynamodb.QueryInput{
		TableName:                 &i.Table,
		KeyConditionExpression:    aws.String("pk = :pk AND begins_with(sk, :prefix)"),
		ExpressionAttributeValues: values(map[string]interface{}{":pk": "USER#" + user, ":prefix": "NOTIF#"}),
		ScanIndexForward:          aws.Bool(false),
		Limit:                     aws.Int32(limit),
		ExclusiveStartKey:         cursor,
	})
	if err != nil {
		return nil, nil, err
	}
	var page []Notification
	err = attributevalue.UnmarshalListOfMaps(out.Items, &page)
	return page, out.LastEvaluatedKey, err
}

// Badge (AP2): the unread count (zero for a user with no inbox item).
func (i *Inbox) Badge(ctx context.Context, user string) (Meta, error) {
	var meta Meta
	out, err := i.DB.GetItem(ctx, &dynamodb.GetItemInput{TableName: &i.Table, Key: key("USER#"+user, "#INBOX")})
	if err == nil && out.Item != nil {
		err = attributevalue.UnmarshalMap(out.Item, &meta)
	}
	return meta, err
}

// MarkRead (AP3): removes the notification from GSI1 and decrements the badge in one
// transaction. Reports false when it was already read (the transaction is cancelled).
func (i *Inbox) MarkRead(ctx context.Context, user, notifID, now string) (bool, error) {
	sk := "NOTIF#" + notifID
	_, err := i.DB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{
		TransactItems: []types.TransactWriteItem{
			{Update: &types.Update{TableName: &i.Table, Key: key("USER#"+user, sk),
				UpdateExpression:          aws.String("REMOVE gsi1pk, gsi1sk SET #read = :t, readAt = :now"),
				ConditionExpression:       aws.String("attribute_exists(gsi1pk)"),
				ExpressionAttributeNames:  map[string]string{"#read": "read"},
				ExpressionAttributeValues: values(map[string]interface{}{":t": true, ":now": now})}},
			{Update: &types.Update{TableName: &i.Table, Key: key("USER#"+user, "#INBOX"),
				UpdateExpression: aws.String("ADD unreadCount :dec"),
				ConditionExpression: aws.String("unreadCount > :zero AND " +
					"(attribute_not_exists(readAllCutoff) OR readAllCutoff < :sk)"),
				ExpressionAttributeValues: values(map[string]interface{}{":dec": -1, ":zero": 0, ":sk": sk})}},
		},
	})
	var cancelled *types.TransactionCanceledException
	if errors.As(err, &cancelled) && len(cancelled.CancellationReasons) > 0 &&
		aws.ToString(cancelled.CancellationReasons[0].Code) == "ConditionalCheckFailed" {
		return false, nil
	}
	return err == nil, err
}

// Unread (AP4): the unread notifications, from the sparse index GSI1.
func (i *Inbox) Unread(ctx context.Context, user string) ([]Notification, error) {
	var all []Notification
	pages := dynamodb.NewQueryPaginator(i.DB, &dynamodb.QueryInput{
		TableName: &i.Table, IndexName: aws.String("GSI1"),
		KeyConditionExpression:    aws.String("gsi1pk = :u"),
		ExpressionAttributeValues: values(map[string]interface{}{":u": "UNREAD#" + user}),
	})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		var items []Notification
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, err
		}
		all = append(all, items...)
	}
	return all, nil
}

// StartReadAll (AP5, at once): the badge to zero with a cutoff, and a pending job item.
func (i *Inbox) StartReadAll(ctx context.Context, user, jobID, now string) error {
	cutoff := "NOTIF#" + jobID
	job, err := attributevalue.MarshalMap(map[string]interface{}{
		"pk": "USER#" + user, "sk": "#JOB#READALL#" + jobID, "gsi1pk": "JOBS#READALL", "gsi1sk": jobID,
		"jobType": "READALL", "userId": user, "jobId": jobID, "cutoff": cutoff, "status": "PENDING",
		"done": 0, "startedAt": now})
	if err != nil {
		return err
	}
	_, err = i.DB.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{
		TransactItems: []types.TransactWriteItem{
			{Update: &types.Update{TableName: &i.Table, Key: key("USER#"+user, "#INBOX"),
				UpdateExpression: aws.String("SET unreadCount = :zero, readAllCutoff = :cutoff, lastReadAllAt = :now"),
				ConditionExpression: aws.String("(attribute_not_exists(readAllCutoff) OR readAllCutoff < :cutoff) AND " +
					"(attribute_not_exists(newestNotifSk) OR newestNotifSk < :cutoff)"),
				ExpressionAttributeValues: values(map[string]interface{}{":zero": 0, ":cutoff": cutoff, ":now": now})}},
			{Put: &types.Put{TableName: &i.Table, Item: job,
				ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		},
	})
	return err
}

// PendingJobs lists the read-all jobs still to run (GSI1 JOBS#READALL), e.g. after a restart.
func (i *Inbox) PendingJobs(ctx context.Context) ([]ReadAllJob, error) {
	out, err := i.DB.Query(ctx, &dynamodb.QueryInput{
		TableName: &i.Table, IndexName: aws.String("GSI1"),
		KeyConditionExpression:    aws.String("gsi1pk = :j"),
		ExpressionAttributeValues: values(map[string]interface{}{":j": "JOBS#READALL"}),
	})
	if err != nil {
		return nil, err
	}
	var jobs []ReadAllJob
	err = attributevalue.UnmarshalListOfMaps(out.Items, &jobs)
	return jobs, err
}

// RunReadAllJob (AP5, background): pages GSI1 up to the cutoff pageSize at a time and marks
// each notification read, recording progress on the job item; stops after maxPages pages
// (0: no limit). Resumable: marked notifications leave GSI1, so a rerun continues where the
// last one stopped. Reports whether the job finished.
func (i *Inbox) RunReadAllJob(ctx context.Context, job ReadAllJob, pageSize int32, maxPages int, now string) (bool, error) {
	for pages := 0; maxPages == 0 || pages < maxPages; pages++ {
		out, err := i.DB.Query(ctx, &dynamodb.QueryInput{
			TableName: &i.Table, IndexName: aws.String("GSI1"),
			KeyConditionExpression:    aws.String("gsi1pk = :u AND gsi1sk <= :cutoff"),
			ProjectionExpression:      aws.String("pk, sk"),
			ExpressionAttributeValues: values(map[string]interface{}{":u": "UNREAD#" + job.UserID, ":cutoff": job.Cutoff}),
			Limit:                     aws.Int32(pageSize),
		})
		if err != nil {
			return false, err
		}
		if len(out.Items) == 0 {
			return true, i.finishJob(ctx, job, now)
		}
		if err := i.markPage(ctx, job, out.Items, now); err != nil {
			return false, err
		}
	}
	return false, nil
}

func (i *Inbox) markPage(ctx context.Context, job ReadAllJob, keys []map[string]types.AttributeValue, now string) error {
	for _, k := range keys {
		_, err := i.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: &i.Table, Key: k,
			UpdateExpression:          aws.String("REMOVE gsi1pk, gsi1sk SET #read = :t, readAt = :now"),
			ConditionExpression:       aws.String("attribute_exists(gsi1pk)"),
			ExpressionAttributeNames:  map[string]string{"#read": "read"},
			ExpressionAttributeValues: values(map[string]interface{}{":t": true, ":now": now}),
		})
		var failed *types.ConditionalCheckFailedException
		if err != nil && !errors.As(err, &failed) { // already read by AP3 meanwhile: fine
			return err
		}
	}
	_, err := i.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &i.Table, Key: key("USER#"+job.UserID, "#JOB#READALL#"+job.JobID),
		UpdateExpression:          aws.String("ADD done :n"),
		ExpressionAttributeValues: values(map[string]interface{}{":n": len(keys)}),
	})
	return err
}

func (i *Inbox) finishJob(ctx context.Context, job ReadAllJob, now string) error {
	_, err := i.DB.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &i.Table, Key: key("USER#"+job.UserID, "#JOB#READALL#"+job.JobID),
		UpdateExpression:          aws.String("SET #status = :done, finishedAt = :now REMOVE gsi1pk, gsi1sk"),
		ExpressionAttributeNames:  map[string]string{"#status": "status"},
		ExpressionAttributeValues: values(map[string]interface{}{":done": "DONE", ":now": now}),
	})
	if err != nil {
		return fmt.Errorf("finishing read-all job %s: %w", job.JobID, err)
	}
	return nil
}
