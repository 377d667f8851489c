#include "model/inbox_patterns.h"

#include <array>

namespace dynamini::model {
namespace {

using R = InboxRequest;

constexpr std::array<PatternParameter, 10> kParameters = {{
    {"user", "User", "string", "u_alice", true, "whose inbox", "", "", ""},
    {"limit", "Limit", "number", "20", true, "items per page", "", "", ""},
    {"cursor", "Cursor", "key", "", false,
     "the LastEvaluatedKey of the previous page (ExclusiveStartKey); empty: the first page", "", "",
     ""},
    {"notifId", "Notification", "string", "", true, "the notification's ULID", "AP4", "notifId",
     "payload.preview"},
    {"type", "Type", "string", "comment", true, "like, comment, follow, post, ...", "", "", ""},
    {"actor", "Actor", "string", "u_bob", true, "who did it", "", "", ""},
    {"preview", "Preview", "string", "Bob commented on your post", true,
     "the text the notification shows", "", "", ""},
    {"author", "Author", "string", "u_bob", true, "whose followers", "", "", ""},
    {"follower", "Follower", "string", "u_alice", true, "who follows the author", "", "", ""},
    {"text", "Text", "string", "Hello from the console", true, "the post", "", "", ""},
}};

constexpr std::string_view kPageParams[] = {"user", "limit", "cursor"};
constexpr std::string_view kUserParam[] = {"user"};
constexpr std::string_view kReadParams[] = {"user", "notifId"};
constexpr std::string_view kNotifyParams[] = {"user", "type", "actor", "preview"};
constexpr std::string_view kFollowParams[] = {"author", "follower"};
constexpr std::string_view kPostParams[] = {"author", "text"};

constexpr PatternStep kRecentSteps[] = {{R::kRecent, "newest first, one page", ""}};
constexpr PatternStep kBadgeSteps[] = {{R::kBadge, "read the counter item", ""}};
constexpr PatternStep kReadSteps[] = {
    {R::kMarkRead, "leave GSI1 and take one off the badge, together", ""},
    {R::kMarkReadUncounted, "leave GSI1 only",
     "the badge's condition failed: a mark-all-read already took this one off it"}};
constexpr PatternStep kUnreadSteps[] = {{R::kUnread, "one page of the sparse index", ""}};
constexpr PatternStep kReadAllSteps[] = {
    {R::kStartReadAll, "badge 0 and a cutoff at once, and the job item", ""},
    {R::kCountCovered, "the job: how many unread it covers", "the background job starts"},
    {R::kJobPage, "the job: a page of unread at or below the cutoff", "per page"},
    {R::kMarkReadUncounted, "the job: mark one read (the badge is already 0)",
     "per notification on the page"},
    {R::kJobProgress, "the job: record progress in the job item", "per page"},
    {R::kJobDone, "the job: done, out of GSI1", "at the end"}};
constexpr PatternStep kNotifySteps[] = {
    {R::kDeliver, "the notification and the badge increment, atomically", ""},
    {R::kDeliverOlder, "counted without moving newestNotifSk",
     "a newer notification was counted first"},
    {R::kDeliverAsRead, "stored read, not counted",
     "a given id older than the last mark-all-read (fan-out retries)"}};
constexpr PatternStep kFollowSteps[] = {{R::kFollow, "the follower item", ""}};
constexpr PatternStep kPostSteps[] = {
    {R::kPost, "the post item", ""},
    {R::kFollowers, "the stream trigger: who follows the author",
     "the post's stream record arrives (inside the server)"},
    {R::kDeliver, "the stream trigger: notify one follower", "per follower"}};

constexpr std::array<AccessPattern, 8> kPatterns = {{
    {"AP1", "recent USER [--limit N] [--cursor KEY]", "newest notifications, 20 a page",
     "Notification",
     "Query pk = USER#u AND begins_with(sk, 'NOTIF#'), ScanIndexForward false, Limit 20, "
     "ExclusiveStartKey = previous LastEvaluatedKey",
     "One partition, read backwards: the user's notifications share pk USER#<user> and their "
     "sort keys are ULIDs, so the newest come first with ScanIndexForward false. The cost grows "
     "with the page, not with the inbox, and the next page resumes from LastEvaluatedKey: page "
     "fifty costs what page one costs.",
     kPageParams, kRecentSteps, "cursor"},
    {"AP2", "badge USER", "unread badge", "InboxMeta", "GetItem USER#u / #INBOX",
     "A counter item instead of counting: the badge is unreadCount on USER#<user> / #INBOX, kept "
     "up to date by every write that changes it, so reading it is one GetItem (0.5 RCU) whatever "
     "the size of the inbox.",
     kUserParam, kBadgeSteps, ""},
    {"AP3", "read USER NOTIF_ID", "mark one read", "Notification",
     "TransactWriteItems [Update notification REMOVE gsi1pk, gsi1sk SET read, readAt IF "
     "attribute_exists(gsi1pk); Update #INBOX ADD unreadCount -1 IF unreadCount > 0 AND "
     "readAllCutoff < sk]",
     "Removing gsi1pk and gsi1sk takes the notification out of the sparse index GSI1, and the "
     "badge goes down by one in the same transaction: both happen or neither. The first update "
     "is conditional on the item still being unread, so marking twice does not decrement twice; "
     "the second never takes the badge below zero.",
     kReadParams, kReadSteps, ""},
    {"AP4", "unread USER [--limit N] [--cursor KEY]", "unread notifications", "Notification",
     "Query GSI1 gsi1pk = UNREAD#u",
     "A sparse index holds only what carries its keys: only unread notifications have "
     "gsi1pk = UNREAD#<user>, so a Query on GSI1 reads exactly the unread ones, with no filter "
     "and no item read only to be thrown away.",
     kPageParams, kUnreadSteps, "cursor"},
    {"AP5", "read-all USER", "mark all read", "InboxMeta",
     "TransactWriteItems [Update #INBOX SET unreadCount = 0, readAllCutoff = NOTIF#<now ULID> IF "
     "readAllCutoff < it AND newestNotifSk < it; "
     "Put #JOB#READALL#<ULID>], then a background job: Query GSI1 gsi1sk <= cutoff Limit 25 "
     "and UpdateItem each (no decrement)",
     "The badge answers at once: one transaction sets it to 0 and records a cutoff. The slow "
     "part, marking every unread notification read, is a job recorded in the table (and in "
     "GSI1 while pending, so it resumes after a restart) that pages GSI1 25 at a time. "
     "Notifications arriving meanwhile sort after the cutoff and stay unread and counted.",
     kUserParam, kReadAllSteps, ""},
    {"W1", "notify USER --type T --actor A [...]", "deliver a notification", "Notification",
     "TransactWriteItems [Put NOTIF#<ULID> with GSI1 keys IF attribute_not_exists(pk); Update "
     "#INBOX ADD unreadCount 1 SET lastNotifAt, newestNotifSk IF readAllCutoff < sk AND "
     "newestNotifSk < sk] (if a newer one was counted first: the same without the SET, IF "
     "readAllCutoff < sk)",
     "Item and counter change atomically: the notification is written unread (with its GSI1 "
     "keys) and the badge goes up by one in one transaction, so the badge never disagrees with "
     "the notifications, whatever fails.",
     kNotifyParams, kNotifySteps, ""},
    {"W2", "follow AUTHOR FOLLOWER", "follow", "Follower",
     "PutItem USER#author / FOLLOWER#follower",
     "Followers live in the author's partition, under FOLLOWER#: one Query lists them when the "
     "author posts.",
     kFollowParams, kFollowSteps, ""},
    {"W3", "post AUTHOR TEXT", "post, fanned out by the stream", "Post",
     "PutItem USER#author / POST#<ULID>; the stream trigger then runs W1 per follower with a "
     "notification id derived from (post, follower)",
     "Fan-out on write, driven by the table's stream as a Lambda function would be: the post is "
     "one PutItem; its stream record makes the server's stream trigger notify every follower. "
     "Each notification's id comes from the post and the follower, so a retried batch skips "
     "the followers already done and counts nobody twice.",
     kPostParams, kPostSteps, ""},
}};

}  // namespace

std::span<const AccessPattern> inbox_access_patterns() { return kPatterns; }

const AccessPattern* find_inbox_pattern(std::string_view id) {
  for (const AccessPattern& p : kPatterns) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

std::span<const PatternParameter> inbox_parameters() { return kParameters; }

const PatternParameter* find_inbox_parameter(std::string_view name) {
  for (const PatternParameter& p : kParameters) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

}  // namespace dynamini::model
