#include "model/inbox_data.h"

namespace dynamini::model {

// One table for the whole inbox:
//   Notification  pk=USER#<userId>  sk=NOTIF#<ULID>
//   InboxMeta     pk=USER#<userId>  sk=#INBOX
// GSI1 is sparse: only unread notifications carry gsi1pk=UNREAD#<userId> and
// gsi1sk=NOTIF#<ULID>, so the index holds exactly the unread items.
//   Follower      pk=USER#<authorId> sk=FOLLOWER#<followerId>
//   Post          pk=USER#<authorId> sk=POST#<ULID>
//   ReadAllJob    pk=USER#<userId>  sk=#JOB#READALL#<ULID>; while pending it
//                 also carries gsi1pk=JOBS#READALL, so GSI1 lists the jobs to
//                 resume after a restart.
// The stream (NEW_AND_OLD_IMAGES) drives the fan-out of posts to followers
// (model/inbox_fanout.h).
std::string_view inbox_create_table_request() {
  return R"json({
  "TableName": "inbox",
  "AttributeDefinitions": [
    {"AttributeName": "pk", "AttributeType": "S"},
    {"AttributeName": "sk", "AttributeType": "S"},
    {"AttributeName": "gsi1pk", "AttributeType": "S"},
    {"AttributeName": "gsi1sk", "AttributeType": "S"}
  ],
  "KeySchema": [
    {"AttributeName": "pk", "KeyType": "HASH"},
    {"AttributeName": "sk", "KeyType": "RANGE"}
  ],
  "GlobalSecondaryIndexes": [
    {
      "IndexName": "GSI1",
      "KeySchema": [
        {"AttributeName": "gsi1pk", "KeyType": "HASH"},
        {"AttributeName": "gsi1sk", "KeyType": "RANGE"}
      ],
      "Projection": {"ProjectionType": "ALL"}
    }
  ],
  "BillingMode": "PAY_PER_REQUEST",
  "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"}
})json";
}

}  // namespace dynamini::model
