#include "cli/inbox_generate.h"

#include <rapidjson/document.h>

#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/progress_bar.h"
#include "model/inbox.h"
#include "model/request_text.h"
#include "model/ulid.h"

namespace dynamini::cli {

namespace {

constexpr int64_t kBaseMs = 1717200000000;  // 2024-06-01T00:00:00Z
constexpr const char* kTypes[] = {"like", "comment", "follow", "mention"};

std::string user_name(int64_t i) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "u_%05lld", static_cast<long long>(i));
  return buf;
}

class BatchWriter {
 public:
  BatchWriter(ApiTarget& target, GenerateReport& report, ProgressBar& bar)
      : target_(target), report_(report), bar_(bar) {}
  ~BatchWriter() = default;
  void add(std::string item, bool counts) {
    pending_.push_back({std::move(item), counts});
    if (pending_.size() == 25) flush();
  }
  void flush() {
    while (!pending_.empty()) {
      std::string request = "{\"RequestItems\":{\"inbox\":[";
      for (size_t i = 0; i < pending_.size(); ++i) {
        if (i) request += ',';
        request += "{\"PutRequest\":{\"Item\":" + pending_[i].first + "}}";
      }
      request += "]},\"ReturnConsumedCapacity\":\"TOTAL\"}";
      Result r = target_.execute("BatchWriteItem", request);
      ++report_.requests;
      if (!r.ok()) {
        throw std::runtime_error(std::string("BatchWriteItem failed: ") + r.error->name() + ": " +
                                 r.error->message);
      }
      rapidjson::Document doc;
      doc.Parse(r.body.c_str(), r.body.size());
      if (doc.HasMember("ConsumedCapacity")) {
        for (const auto& c : doc["ConsumedCapacity"].GetArray()) {
          if (c.HasMember("CapacityUnits"))
            report_.capacity_units += c["CapacityUnits"].GetDouble();
        }
      }
      size_t unprocessed = 0;
      if (doc.HasMember("UnprocessedItems") && doc["UnprocessedItems"].HasMember("inbox")) {
        unprocessed = doc["UnprocessedItems"]["inbox"].Size();
      }
      // Items are written in order; UnprocessedItems (never from dynamini)
      // would be retried. Keep it simple: only whole success advances.
      if (unprocessed == 0) {
        for (const auto& p : pending_) {
          if (p.second) bar_.advance(1);
        }
        pending_.clear();
      }
    }
  }

 private:
  ApiTarget& target_;
  GenerateReport& report_;
  ProgressBar& bar_;
  std::vector<std::pair<std::string, bool>> pending_;
};

}  // namespace

GenerateReport generate_inbox(ApiTarget& target, const GenerateSpec& spec) {
  using model::s_value;
  GenerateReport report;
  std::mt19937_64 rng(spec.seed);
  ProgressBar bar("generating notifications", spec.users * spec.per_user, spec.quiet);
  BatchWriter writer(target, report, bar);
  for (int64_t u = 1; u <= spec.users; ++u) {
    const std::string user = user_name(u);
    const std::string pk = s_value("USER#" + user);
    int64_t t = kBaseMs + static_cast<int64_t>(rng() % 3600000);
    int64_t unread = 0;
    std::string last;
    for (int64_t k = 0; k < spec.per_user; ++k) {
      t += 1 + static_cast<int64_t>(rng() % 600000);
      uint64_t hi = rng(), lo = rng();
      std::string id = model::encode_ulid(t, static_cast<uint16_t>(hi), lo);
      std::string sk = "NOTIF#" + id;
      std::string type = kTypes[rng() % 4];
      std::string actor =
          user_name(1 + static_cast<int64_t>(rng() % std::max<int64_t>(spec.users, 1)));
      bool is_unread = (rng() & 1) == 0;
      std::string created = model::iso_time(t);
      std::string item = "{\"pk\":" + pk + ",\"sk\":" + s_value(sk);
      if (is_unread) {
        item += ",\"gsi1pk\":" + s_value("UNREAD#" + user) + ",\"gsi1sk\":" + s_value(sk);
      }
      item +=
          ",\"userId\":" + s_value(user) + ",\"notifId\":" + s_value(id) +
          ",\"type\":" + s_value(type) + ",\"actorId\":" + s_value(actor) +
          ",\"targetId\":" + s_value("post_" + std::to_string(rng() % 10000)) +
          ",\"targetType\":{\"S\":\"post\"},\"read\":{\"BOOL\":" + (is_unread ? "false" : "true") +
          "}";
      if (!is_unread) item += ",\"readAt\":" + s_value(model::iso_time(t + 60000));
      item += ",\"payload\":{\"M\":{\"preview\":" + s_value(actor + " " + type + " (generated)") +
              "}},\"createdAt\":" + s_value(created) + "}";
      writer.add(std::move(item), true);
      unread += is_unread;
      last = created;
      ++report.notifications;
    }
    report.unread += unread;
    std::string meta =
        "{\"pk\":" + pk + ",\"sk\":{\"S\":\"#INBOX\"},\"unreadCount\":" + model::n_value(unread);
    if (!last.empty()) meta += ",\"lastNotifAt\":" + s_value(last);
    writer.add(meta + "}", false);
  }
  writer.flush();
  bar.finish();
  return report;
}

}  // namespace dynamini::cli
