#include "model/inbox_entities.h"

#include <array>
#include <cstdio>

#include "model/inbox_data.h"

namespace dynamini::model {
namespace {

constexpr std::array<Entity, 5> kEntities = {{
    {"Notification",
     "one notification of a user, its sort key a ULID (time order)",
     {"pk", "USER#{{user}}"},
     {"sk", "NOTIF#{{notifId}}"},
     {"gsi1pk", "UNREAD#{{user}}"},
     {"gsi1sk", "NOTIF#{{notifId}}"},
     "unread",
     "type, read, payload.preview",
     "",
     "AP3"},
    {"InboxMeta",
     "the user's badge: a counter kept beside the notifications",
     {"pk", "USER#{{user}}"},
     {"sk", "#INBOX"},
     {},
     {},
     "",
     "unreadCount, readAllCutoff",
     "unreadCount",
     "AP2"},
    {"ReadAllJob",
     "a \"mark all read\" in progress, resumable after a restart",
     {"pk", "USER#{{user}}"},
     {"sk", "#JOB#READALL#{{jobId}}"},
     {"gsi1pk", "JOBS#READALL"},
     {"gsi1sk", "{{jobId}}"},
     "pending",
     "status, done",
     "",
     ""},
    {"Follower",
     "a follower of an author, in the author's partition",
     {"pk", "USER#{{author}}"},
     {"sk", "FOLLOWER#{{follower}}"},
     {},
     {},
     "",
     "followerId",
     "",
     ""},
    {"Post",
     "a post; its stream record fans it out to the followers",
     {"pk", "USER#{{author}}"},
     {"sk", "POST#{{postId}}"},
     {},
     {},
     "",
     "text",
     "",
     ""},
}};

constexpr std::array<std::string_view, 5> kNotes = {{
    "ULIDs sort by time, so sk order is time order. '#INBOX' sorts before 'NOTIF#', so one "
    "partition holds a user's badge and notifications side by side.",
    "GSI1 is sparse: only unread notifications (and pending read-all jobs) carry gsi1pk and "
    "gsi1sk, so the index holds exactly them and reading it wastes nothing.",
    "Badge invariant: unreadCount = unread notifications with sk > readAllCutoff.",
    "A new readAllCutoff must sort after newestNotifSk (the greatest sk counted).",
    "Followers live in the author's partition: one Query lists them, and the stream trigger "
    "writes one notification and one badge increment per follower and post, idempotently.",
}};

// "USER#{{user}}" -> "USER#<user>"; "" -> "-".
std::string shown(std::string_view key_template) {
  if (key_template.empty()) return "-";
  std::string out;
  for (size_t i = 0; i < key_template.size();) {
    if (key_template.compare(i, 2, "{{") == 0) {
      out += '<';
      i += 2;
    } else if (key_template.compare(i, 2, "}}") == 0) {
      out += '>';
      i += 2;
    } else {
      out += key_template[i++];
    }
  }
  return out;
}

std::string row(std::string_view a, std::string_view b, std::string_view c, std::string_view d,
                std::string_view e, std::string_view tail) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%-13.*s %-17.*s %-23.*s %-16.*s %-16.*s %.*s",
                static_cast<int>(a.size()), a.data(), static_cast<int>(b.size()), b.data(),
                static_cast<int>(c.size()), c.data(), static_cast<int>(d.size()), d.data(),
                static_cast<int>(e.size()), e.data(), static_cast<int>(tail.size()), tail.data());
  std::string line = buf;
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line + "\n";
}

}  // namespace

std::span<const Entity> inbox_entities() { return kEntities; }

std::span<const std::string_view> inbox_design_notes() { return kNotes; }

std::string inbox_key_design() {
  std::string out = "table " + std::string(kInboxTableName) +
                    ": pk (S, HASH), sk (S, RANGE); stream NEW_AND_OLD_IMAGES\n"
                    "GSI1: gsi1pk (HASH), gsi1sk (RANGE), projection ALL, sparse\n\n";
  out += row("item", "pk", "sk", "gsi1pk", "gsi1sk", "");
  for (const Entity& e : kEntities) {
    std::string tail =
        e.indexed_while.empty() ? "" : "(only while " + std::string(e.indexed_while) + ")";
    out += row(e.name, shown(e.partition_key.value), shown(e.sort_key.value),
               shown(e.index_partition_key.value), shown(e.index_sort_key.value), tail);
  }
  out += "\n";
  for (std::string_view note : kNotes) out += std::string(note) + "\n";
  return out;
}

}  // namespace dynamini::model
