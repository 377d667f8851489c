#include "model/inbox_patterns.h"

#include <array>

namespace dynamini::model {

std::string_view inbox_key_design() {
  return R"(table inbox: pk (S, HASH), sk (S, RANGE); stream NEW_AND_OLD_IMAGES
GSI1: gsi1pk (HASH), gsi1sk (RANGE), projection ALL, sparse

item          pk                sk                      gsi1pk           gsi1sk
Notification  USER#<userId>     NOTIF#<ULID>            UNREAD#<userId>  NOTIF#<ULID>   (only while unread)
InboxMeta     USER#<userId>     #INBOX                  -                -              unreadCount, lastNotifAt, readAllCutoff, newestNotifSk
ReadAllJob    USER#<userId>     #JOB#READALL#<ULID>     JOBS#READALL     <ULID>         (only while pending)
Follower      USER#<authorId>   FOLLOWER#<followerId>   -                -
Post          USER#<authorId>   POST#<ULID>             -                -

ULIDs sort by time, so sk order is time order. '#INBOX' sorts before 'NOTIF#',
so one partition holds a user's badge and notifications side by side.
Badge invariant: unreadCount = unread notifications with sk > readAllCutoff.
A new readAllCutoff must sort after newestNotifSk (the greatest sk counted).
)";
}

namespace {

constexpr std::array<AccessPattern, 8> kPatterns = {{
    {"AP1", "recent USER [--limit N] [--cursor KEY]", "newest notifications, 20 a page",
     "Query pk = USER#u AND begins_with(sk, 'NOTIF#'), ScanIndexForward false, Limit 20, "
     "ExclusiveStartKey = previous LastEvaluatedKey",
     "one partition, read backwards: cost grows with the page, not the inbox"},
    {"AP2", "badge USER", "unread badge", "GetItem USER#u / #INBOX",
     "a counter item instead of counting: 0.5 RCU whatever the inbox size"},
    {"AP3", "read USER NOTIF_ID", "mark one read",
     "TransactWriteItems [Update notification REMOVE gsi1pk, gsi1sk SET read, readAt IF "
     "attribute_exists(gsi1pk); Update #INBOX ADD unreadCount -1 IF unreadCount > 0 AND "
     "readAllCutoff < sk]",
     "leaving the sparse index and decrementing happen together or not at all"},
    {"AP4", "unread USER [--limit N] [--cursor KEY]", "unread notifications",
     "Query GSI1 gsi1pk = UNREAD#u",
     "a sparse index holds only unread items: no filter, no wasted reads"},
    {"AP5", "read-all USER", "mark all read",
     "TransactWriteItems [Update #INBOX SET unreadCount = 0, readAllCutoff = NOTIF#<now ULID> IF "
     "readAllCutoff < it AND newestNotifSk < it; "
     "Put #JOB#READALL#<ULID>], then a background job: Query GSI1 gsi1sk <= cutoff Limit 25 "
     "and UpdateItem each (no decrement)",
     "the badge answers at once; the slow part is a resumable job recorded in the table"},
    {"W1", "notify USER --type T --actor A [...]", "deliver a notification",
     "TransactWriteItems [Put NOTIF#<ULID> with GSI1 keys IF attribute_not_exists(pk); Update "
     "#INBOX ADD unreadCount 1 SET lastNotifAt, newestNotifSk IF readAllCutoff < sk AND "
     "newestNotifSk < sk] (if a newer one was counted first: the same without the SET, IF "
     "readAllCutoff < sk)",
     "item and counter change atomically"},
    {"W2", "follow AUTHOR FOLLOWER", "follow",
     "PutItem USER#author / FOLLOWER#follower",
     "followers live in the author's partition: one Query lists them"},
    {"W3", "post AUTHOR TEXT", "post, fanned out by the stream",
     "PutItem USER#author / POST#<ULID>; the stream trigger then runs W1 per follower with a "
     "notification id derived from (post, follower)",
     "fan-out on write, idempotent: a retried batch skips followers already done"},
}};

}  // namespace

std::span<const AccessPattern> inbox_access_patterns() { return kPatterns; }

}  // namespace dynamini::model
