#include "model/inbox_requests.h"

#include <array>

namespace dynamini::model {
namespace {

// In InboxRequest order (inbox_request() indexes by it). Written for people
// to read: the console shows them as they are; instantiate() compacts them.
constexpr std::array<RequestTemplate, 17> kTemplates = {{
    {InboxRequest::kDeliver, "deliver", "TransactWriteItems", R"json({
  "TransactItems": [
    {
      "Put": {
        "TableName": "{{table}}",
        "Item": {
          "pk": {"S": "USER#{{user}}"},
          "sk": {"S": "NOTIF#{{notifId}}"},
          "gsi1pk": {"S": "UNREAD#{{user}}"},
          "gsi1sk": {"S": "NOTIF#{{notifId}}"},
          "userId": {"S": "{{user}}"},
          "notifId": {"S": "{{notifId}}"},
          "type": {"S": "{{type}}"},
          "actorId": {"S": "{{actor}}"},
          "targetId": {"S": "{{target}}"},
          "targetType": {"S": "{{targetType}}"},
          "read": {"BOOL": false},
          "payload": "{{payload}}",
          "createdAt": {"S": "{{createdAt}}"}
        },
        "ConditionExpression": "attribute_not_exists(pk)"
      }
    },
    {
      "Update": {
        "TableName": "{{table}}",
        "Key": {"pk": {"S": "USER#{{user}}"}, "sk": {"S": "#INBOX"}},
        "UpdateExpression": "ADD unreadCount :one SET lastNotifAt = :at, newestNotifSk = :sk",
        "ConditionExpression": "(attribute_not_exists(readAllCutoff) OR readAllCutoff < :sk) AND (attribute_not_exists(newestNotifSk) OR newestNotifSk < :sk)",
        "ExpressionAttributeValues": {
          ":one": {"N": "1"},
          ":at": {"S": "{{createdAt}}"},
          ":sk": {"S": "NOTIF#{{notifId}}"}
        }
      }
    }
  ],
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kDeliverOlder, "deliverOlder", "TransactWriteItems", R"json({
  "TransactItems": [
    {
      "Put": {
        "TableName": "{{table}}",
        "Item": {
          "pk": {"S": "USER#{{user}}"},
          "sk": {"S": "NOTIF#{{notifId}}"},
          "gsi1pk": {"S": "UNREAD#{{user}}"},
          "gsi1sk": {"S": "NOTIF#{{notifId}}"},
          "userId": {"S": "{{user}}"},
          "notifId": {"S": "{{notifId}}"},
          "type": {"S": "{{type}}"},
          "actorId": {"S": "{{actor}}"},
          "targetId": {"S": "{{target}}"},
          "targetType": {"S": "{{targetType}}"},
          "read": {"BOOL": false},
          "payload": "{{payload}}",
          "createdAt": {"S": "{{createdAt}}"}
        },
        "ConditionExpression": "attribute_not_exists(pk)"
      }
    },
    {
      "Update": {
        "TableName": "{{table}}",
        "Key": {"pk": {"S": "USER#{{user}}"}, "sk": {"S": "#INBOX"}},
        "UpdateExpression": "ADD unreadCount :one",
        "ConditionExpression": "attribute_not_exists(readAllCutoff) OR readAllCutoff < :sk",
        "ExpressionAttributeValues": {":one": {"N": "1"}, ":sk": {"S": "NOTIF#{{notifId}}"}}
      }
    }
  ],
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kDeliverAsRead, "deliverAsRead", "PutItem", R"json({
  "TableName": "{{table}}",
  "Item": {
    "pk": {"S": "USER#{{user}}"},
    "sk": {"S": "NOTIF#{{notifId}}"},
    "userId": {"S": "{{user}}"},
    "notifId": {"S": "{{notifId}}"},
    "type": {"S": "{{type}}"},
    "actorId": {"S": "{{actor}}"},
    "targetId": {"S": "{{target}}"},
    "targetType": {"S": "{{targetType}}"},
    "read": {"BOOL": true},
    "readAt": {"S": "{{now}}"},
    "payload": "{{payload}}",
    "createdAt": {"S": "{{createdAt}}"}
  },
  "ConditionExpression": "attribute_not_exists(pk)",
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kRecent, "recent", "Query", R"json({
  "TableName": "{{table}}",
  "KeyConditionExpression": "pk = :pk AND begins_with(sk, :prefix)",
  "ExpressionAttributeValues": {":pk": {"S": "USER#{{user}}"}, ":prefix": {"S": "NOTIF#"}},
  "ScanIndexForward": false,
  "Limit": "{{limit}}",
  "ExclusiveStartKey": "{{cursor}}",
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kBadge, "badge", "GetItem", R"json({
  "TableName": "{{table}}",
  "Key": {"pk": {"S": "USER#{{user}}"}, "sk": {"S": "#INBOX"}},
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kMarkRead, "markRead", "TransactWriteItems", R"json({
  "TransactItems": [
    {
      "Update": {
        "TableName": "{{table}}",
        "Key": {"pk": {"S": "USER#{{user}}"}, "sk": {"S": "NOTIF#{{notifId}}"}},
        "UpdateExpression": "REMOVE gsi1pk, gsi1sk SET #read = :t, readAt = :now",
        "ConditionExpression": "attribute_exists(gsi1pk)",
        "ExpressionAttributeNames": {"#read": "read"},
        "ExpressionAttributeValues": {":t": {"BOOL": true}, ":now": {"S": "{{now}}"}}
      }
    },
    {
      "Update": {
        "TableName": "{{table}}",
        "Key": {"pk": {"S": "USER#{{user}}"}, "sk": {"S": "#INBOX"}},
        "UpdateExpression": "ADD unreadCount :dec",
        "ConditionExpression": "unreadCount > :zero AND (attribute_not_exists(readAllCutoff) OR readAllCutoff < :sk)",
        "ExpressionAttributeValues": {":dec": {"N": "-1"}, ":zero": {"N": "0"}, ":sk": {"S": "NOTIF#{{notifId}}"}}
      }
    }
  ],
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kMarkReadUncounted, "markReadUncounted", "UpdateItem", R"json({
  "TableName": "{{table}}",
  "Key": {"pk": {"S": "USER#{{user}}"}, "sk": {"S": "NOTIF#{{notifId}}"}},
  "UpdateExpression": "REMOVE gsi1pk, gsi1sk SET #read = :t, readAt = :now",
  "ConditionExpression": "attribute_exists(gsi1pk)",
  "ExpressionAttributeNames": {"#read": "read"},
  "ExpressionAttributeValues": {":t": {"BOOL": true}, ":now": {"S": "{{now}}"}},
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kUnread, "unread", "Query", R"json({
  "TableName": "{{table}}",
  "IndexName": "GSI1",
  "KeyConditionExpression": "gsi1pk = :u",
  "ExpressionAttributeValues": {":u": {"S": "UNREAD#{{user}}"}},
  "Limit": "{{limit}}",
  "ExclusiveStartKey": "{{cursor}}",
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kStartReadAll, "startReadAll", "TransactWriteItems", R"json({
  "TransactItems": [
    {
      "Update": {
        "TableName": "{{table}}",
        "Key": {"pk": {"S": "USER#{{user}}"}, "sk": {"S": "#INBOX"}},
        "UpdateExpression": "SET unreadCount = :zero, readAllCutoff = :cutoff, lastReadAllAt = :now",
        "ConditionExpression": "(attribute_not_exists(readAllCutoff) OR readAllCutoff < :cutoff) AND (attribute_not_exists(newestNotifSk) OR newestNotifSk < :cutoff)",
        "ExpressionAttributeValues": {":zero": {"N": "0"}, ":cutoff": {"S": "NOTIF#{{jobId}}"}, ":now": {"S": "{{now}}"}}
      }
    },
    {
      "Put": {
        "TableName": "{{table}}",
        "Item": {
          "pk": {"S": "USER#{{user}}"},
          "sk": {"S": "#JOB#READALL#{{jobId}}"},
          "gsi1pk": {"S": "JOBS#READALL"},
          "gsi1sk": {"S": "{{jobId}}"},
          "jobType": {"S": "READALL"},
          "userId": {"S": "{{user}}"},
          "jobId": {"S": "{{jobId}}"},
          "cutoff": {"S": "NOTIF#{{jobId}}"},
          "status": {"S": "PENDING"},
          "done": {"N": "0"},
          "startedAt": {"S": "{{now}}"}
        },
        "ConditionExpression": "attribute_not_exists(pk)"
      }
    }
  ],
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kPendingJobs, "pendingJobs", "Query", R"json({
  "TableName": "{{table}}",
  "IndexName": "GSI1",
  "KeyConditionExpression": "gsi1pk = :j",
  "ExpressionAttributeValues": {":j": {"S": "JOBS#READALL"}},
  "ExclusiveStartKey": "{{cursor}}",
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kCountCovered, "countCovered", "Query", R"json({
  "TableName": "{{table}}",
  "IndexName": "GSI1",
  "Select": "COUNT",
  "KeyConditionExpression": "gsi1pk = :u AND gsi1sk <= :cutoff",
  "ExpressionAttributeValues": {":u": {"S": "UNREAD#{{user}}"}, ":cutoff": {"S": "{{cutoff}}"}},
  "ExclusiveStartKey": "{{cursor}}",
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kJobPage, "jobPage", "Query", R"json({
  "TableName": "{{table}}",
  "IndexName": "GSI1",
  "KeyConditionExpression": "gsi1pk = :u AND gsi1sk <= :cutoff",
  "ProjectionExpression": "pk, sk",
  "ExpressionAttributeValues": {":u": {"S": "UNREAD#{{user}}"}, ":cutoff": {"S": "{{cutoff}}"}},
  "Limit": "{{limit}}",
  "ExclusiveStartKey": "{{cursor}}",
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kJobProgress, "jobProgress", "UpdateItem", R"json({
  "TableName": "{{table}}",
  "Key": {"pk": {"S": "USER#{{user}}"}, "sk": {"S": "#JOB#READALL#{{jobId}}"}},
  "UpdateExpression": "ADD done :n",
  "ExpressionAttributeValues": {":n": {"N": "{{marked}}"}},
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kJobDone, "jobDone", "UpdateItem", R"json({
  "TableName": "{{table}}",
  "Key": {"pk": {"S": "USER#{{user}}"}, "sk": {"S": "#JOB#READALL#{{jobId}}"}},
  "UpdateExpression": "SET #status = :done, finishedAt = :now REMOVE gsi1pk, gsi1sk",
  "ExpressionAttributeNames": {"#status": "status"},
  "ExpressionAttributeValues": {":done": {"S": "DONE"}, ":now": {"S": "{{now}}"}},
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kFollow, "follow", "PutItem", R"json({
  "TableName": "{{table}}",
  "Item": {
    "pk": {"S": "USER#{{author}}"},
    "sk": {"S": "FOLLOWER#{{follower}}"},
    "authorId": {"S": "{{author}}"},
    "followerId": {"S": "{{follower}}"},
    "followedAt": {"S": "{{now}}"}
  },
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kFollowers, "followers", "Query", R"json({
  "TableName": "{{table}}",
  "KeyConditionExpression": "pk = :pk AND begins_with(sk, :f)",
  "ExpressionAttributeValues": {":pk": {"S": "USER#{{author}}"}, ":f": {"S": "FOLLOWER#"}},
  "Limit": "{{limit}}",
  "ExclusiveStartKey": "{{cursor}}",
  "ReturnConsumedCapacity": "TOTAL"
})json"},
    {InboxRequest::kPost, "post", "PutItem", R"json({
  "TableName": "{{table}}",
  "Item": {
    "pk": {"S": "USER#{{author}}"},
    "sk": {"S": "POST#{{postId}}"},
    "authorId": {"S": "{{author}}"},
    "postId": {"S": "{{postId}}"},
    "text": {"S": "{{text}}"},
    "createdAt": {"S": "{{createdAt}}"}
  },
  "ConditionExpression": "attribute_not_exists(pk)",
  "ReturnConsumedCapacity": "TOTAL"
})json"},
}};

}  // namespace

const RequestTemplate& inbox_request(InboxRequest request) {
  return kTemplates[static_cast<size_t>(request)];
}

std::span<const RequestTemplate> inbox_requests() { return kTemplates; }

}  // namespace dynamini::model
