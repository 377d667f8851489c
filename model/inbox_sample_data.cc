#include <array>

#include "model/inbox_data.h"

namespace dynamini::model {

namespace {

// u_alice's inbox. ULIDs are fixed and valid (26 Crockford base32 chars);
// their 48-bit timestamps equal createdAt, so sk order is time order:
//   01HWSPZ3H038NKRKAYDXR834N3  2024-05-01T09:15:00.000Z  like     read
//   01HWWVCKJ05CY4TQKFE20S58XM  2024-05-02T14:30:00.000Z  comment  unread
//   01HWYQRBZ07H6NWVVGG69A7D65  2024-05-03T08:05:00.000Z  follow   unread
// The read notification has no gsi1pk/gsi1sk, so it is absent from GSI1.
constexpr std::array<std::string_view, 4> kItems = {
    R"json({
  "pk": {"S": "USER#u_alice"},
  "sk": {"S": "NOTIF#01HWSPZ3H038NKRKAYDXR834N3"},
  "userId": {"S": "u_alice"},
  "notifId": {"S": "01HWSPZ3H038NKRKAYDXR834N3"},
  "type": {"S": "like"},
  "actorId": {"S": "u_bob"},
  "targetId": {"S": "post_1001"},
  "targetType": {"S": "post"},
  "read": {"BOOL": true},
  "readAt": {"S": "2024-05-01T12:00:00.000Z"},
  "payload": {"M": {
    "actorName": {"S": "Bob"},
    "preview": {"S": "Bob liked your post"}
  }},
  "createdAt": {"S": "2024-05-01T09:15:00.000Z"}
})json",
    R"json({
  "pk": {"S": "USER#u_alice"},
  "sk": {"S": "NOTIF#01HWWVCKJ05CY4TQKFE20S58XM"},
  "gsi1pk": {"S": "UNREAD#u_alice"},
  "gsi1sk": {"S": "NOTIF#01HWWVCKJ05CY4TQKFE20S58XM"},
  "userId": {"S": "u_alice"},
  "notifId": {"S": "01HWWVCKJ05CY4TQKFE20S58XM"},
  "type": {"S": "comment"},
  "actorId": {"S": "u_carol"},
  "targetId": {"S": "post_1001"},
  "targetType": {"S": "post"},
  "read": {"BOOL": false},
  "payload": {"M": {
    "actorName": {"S": "Carol"},
    "preview": {"S": "Carol commented: Nice shot!"},
    "commentId": {"S": "c_5001"}
  }},
  "createdAt": {"S": "2024-05-02T14:30:00.000Z"}
})json",
    R"json({
  "pk": {"S": "USER#u_alice"},
  "sk": {"S": "NOTIF#01HWYQRBZ07H6NWVVGG69A7D65"},
  "gsi1pk": {"S": "UNREAD#u_alice"},
  "gsi1sk": {"S": "NOTIF#01HWYQRBZ07H6NWVVGG69A7D65"},
  "userId": {"S": "u_alice"},
  "notifId": {"S": "01HWYQRBZ07H6NWVVGG69A7D65"},
  "type": {"S": "follow"},
  "actorId": {"S": "u_dave"},
  "targetId": {"S": "u_alice"},
  "targetType": {"S": "user"},
  "read": {"BOOL": false},
  "payload": {"M": {
    "actorName": {"S": "Dave"},
    "preview": {"S": "Dave started following you"}
  }},
  "createdAt": {"S": "2024-05-03T08:05:00.000Z"}
})json",
    R"json({
  "pk": {"S": "USER#u_alice"},
  "sk": {"S": "#INBOX"},
  "unreadCount": {"N": "2"},
  "lastNotifAt": {"S": "2024-05-03T08:05:00.000Z"}
})json",
};

}  // namespace

std::span<const std::string_view> inbox_sample_items() { return kItems; }

}  // namespace dynamini::model
