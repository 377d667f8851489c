#pragma once

// Every request the inbox model sends, as a request template
// (model/request_template.h) of the inbox model file
// (model/models/inbox.json, "templates"). Inbox (inbox.h) sends exactly
// these, instantiated; the model's catalogue (model_catalogue.h) publishes
// them.
//
// Parameters: table; user, author, follower (user ids); notifId, jobId,
// postId (ULIDs); cutoff (a notification sort key, NOTIF#<ULID>); limit (a
// number); cursor (a LastEvaluatedKey, optional); now, createdAt (ISO 8601);
// type, actor, target, targetType, text (strings); payload (an M attribute
// value); marked (a count, as a string).

#include <span>
#include <string_view>

namespace dynamini::model {

enum class InboxRequest {
  kDeliver,            // TransactWriteItems: notification + badge +1, newest counted
  kDeliverOlder,       // TransactWriteItems: the same, an older id than one counted
  kDeliverAsRead,      // PutItem: a notification older than the read-all cutoff
  kRecent,             // Query: newest notifications (AP1)
  kBadge,              // GetItem: the InboxMeta item (AP2)
  kMarkRead,           // TransactWriteItems: leave GSI1 + badge -1 (AP3)
  kMarkReadUncounted,  // UpdateItem: leave GSI1 only
  kUnread,             // Query GSI1: unread notifications (AP4)
  kStartReadAll,       // TransactWriteItems: badge 0, cutoff, job item (AP5)
  kPendingJobs,        // Query GSI1: read-all jobs still pending
  kCountCovered,       // Query GSI1 COUNT: unread at or below a cutoff
  kJobPage,            // Query GSI1: a page of unread at or below a cutoff
  kJobProgress,        // UpdateItem: ADD done on the job item
  kJobDone,            // UpdateItem: job DONE, out of GSI1
  kFollow,             // PutItem: a follower item
  kFollowers,          // Query: an author's followers
  kPost,               // PutItem: a post item (the stream fans it out)
};

struct RequestTemplate {
  InboxRequest request;
  std::string_view id;         // "recent": how the catalogue names it
  std::string_view operation;  // "Query"
  std::string_view body;       // the template, JSON
};
// (The views point into the built-in inbox model, which lives as long as the
// program.)

const RequestTemplate& inbox_request(InboxRequest request);
// Every template, in InboxRequest order.
std::span<const RequestTemplate> inbox_requests();

}  // namespace dynamini::model
