#include "model/inbox_fanout.h"

#include <rapidjson/document.h>

#include <chrono>

#include "model/request_text.h"

namespace dynamini::model {

namespace {

// The first `n` characters of `text`, not cutting a UTF-8 sequence.
std::string preview(const std::string& text, size_t n) {
  if (text.size() <= n) return text;
  size_t end = n;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end) + "...";
}

}  // namespace

FanOut::FanOut(Inbox& inbox) : inbox_(inbox) {}

void FanOut::handle(const std::vector<StreamRecord>& batch) {
  for (const StreamRecord& record : batch) {
    if (record.event_name != "INSERT" || record.new_image_json.empty()) continue;
    rapidjson::Document image;
    image.Parse(record.new_image_json.c_str(), record.new_image_json.size());
    if (image.HasParseError() || !image.IsObject()) continue;
    std::string pk = string_attribute(image, "pk"), sk = string_attribute(image, "sk");
    if (!pk.starts_with("USER#") || !sk.starts_with("POST#")) continue;
    fan_out_post(pk.substr(5), sk.substr(5), string_attribute(image, "text"),
                 string_attribute(image, "createdAt"));
  }
}

void FanOut::fan_out_post(const std::string& author_id, const std::string& post_id,
                          const std::string& text, const std::string& created_at) {
  std::optional<std::string> cursor;
  do {
    auto [followers, next] = inbox_.followers(author_id, 1000, cursor);
    for (const std::string& follower : followers) {
      NewNotification n;
      n.user_id = follower;
      n.type = "post";
      n.actor_id = author_id;
      n.target_id = post_id;
      n.target_type = "post";
      n.payload = {{"preview", preview(text, 80)}};
      n.notif_id = Inbox::fanout_notif_id(post_id, follower);
      n.created_at = created_at;
      auto outcome = inbox_.deliver(n).second;
      std::lock_guard lock(mu_);
      if (outcome == Delivery::kAlreadyDelivered) {
        ++counters_.duplicates;
      } else {
        ++counters_.delivered;
      }
    }
    cursor = next;
  } while (cursor);
  std::lock_guard lock(mu_);
  ++counters_.posts;
  done_posts_.insert(post_id);
  cv_.notify_all();
}

std::unique_ptr<Subscription> FanOut::subscribe(Database& db, SubscribeOptions options) {
  return db.subscribe(
      inbox_.table(), [this](const std::vector<StreamRecord>& batch) { handle(batch); }, options);
}

bool FanOut::wait_for_post(const std::string& post_id, int64_t timeout_ms) {
  std::unique_lock lock(mu_);
  return cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                      [&] { return done_posts_.count(post_id) > 0; });
}

FanOut::Counters FanOut::counters() const {
  std::lock_guard lock(mu_);
  return counters_;
}

}  // namespace dynamini::model
