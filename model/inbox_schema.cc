#include "model/inbox_data.h"

namespace dynamini::model {

// One table for the whole inbox:
//   Notification  pk=USER#<userId>  sk=NOTIF#<ULID>
//   InboxMeta     pk=USER#<userId>  sk=#INBOX
// GSI1 is sparse: only unread notifications carry gsi1pk=UNREAD#<userId> and
// gsi1sk=NOTIF#<ULID>, so the index holds exactly the unread items.
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
  "BillingMode": "PAY_PER_REQUEST"
})json";
}

}  // namespace dynamini::model
