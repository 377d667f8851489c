#include "model/inbox.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <chrono>
#include <ctime>

#include "json/json_text.h"
#include "model/inbox_requests.h"
#include "model/request_template.h"
#include "model/request_text.h"

namespace dynamini::model {

namespace {

constexpr std::string_view kNotifPrefix = "NOTIF#";

rapidjson::Document parse(const std::string& body) {
  rapidjson::Document doc;
  doc.Parse(body.c_str(), body.size());
  return doc;
}

int64_t n_of(const rapidjson::Value& item, const char* name) {
  if (!item.IsObject() || !item.HasMember(name)) return 0;
  const auto& v = item[name];
  if (v.IsObject() && v.HasMember("N") && v["N"].IsString()) return std::stoll(v["N"].GetString());
  return 0;
}

Notification notification_from(const rapidjson::Value& item) {
  Notification n;
  n.user_id = string_attribute(item, "userId");
  n.notif_id = string_attribute(item, "notifId");
  n.type = string_attribute(item, "type");
  n.actor_id = string_attribute(item, "actorId");
  n.target_id = string_attribute(item, "targetId");
  n.target_type = string_attribute(item, "targetType");
  if (item.HasMember("read") && item["read"].HasMember("BOOL")) {
    n.read = item["read"]["BOOL"].GetBool();
  }
  n.read_at = string_attribute(item, "readAt");
  if (item.HasMember("payload")) n.payload = json_text(item["payload"]);
  n.created_at = string_attribute(item, "createdAt");
  return n;
}

Page page_from(const std::string& body) {
  auto doc = parse(body);
  Page page;
  if (doc.HasMember("Items")) {
    for (const auto& item : doc["Items"].GetArray()) page.items.push_back(notification_from(item));
  }
  if (doc.HasMember("LastEvaluatedKey")) page.cursor = json_text(doc["LastEvaluatedKey"]);
  return page;
}

// The per-item reasons of a TransactionCanceledException ("None",
// "ConditionalCheckFailed", ...). DynamoDB lists them in the message too,
// "Transaction cancelled, please refer cancellation reasons for specific
// reasons [ConditionalCheckFailed, None]", which survives any transport.
std::vector<std::string> cancellation_reasons(const ApiError& error) {
  std::vector<std::string> out;
  auto open = error.message.rfind('[');
  auto close = error.message.rfind(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return out;
  std::string list = error.message.substr(open + 1, close - open - 1);
  size_t start = 0;
  while (start <= list.size()) {
    auto comma = list.find(',', start);
    std::string part =
        list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    while (!part.empty() && part.front() == ' ') part.erase(part.begin());
    while (!part.empty() && part.back() == ' ') part.pop_back();
    out.push_back(part);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

bool reason_failed(const std::vector<std::string>& reasons, size_t i) {
  return i < reasons.size() && reasons[i] == "ConditionalCheckFailed";
}

bool is_canceled(const Result& r) {
  return !r.ok() && r.error->code == ErrorCode::kTransactionCanceled;
}
bool is_condition_failed(const Result& r) {
  return !r.ok() && r.error->code == ErrorCode::kConditionalCheckFailed;
}

int64_t system_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string iso_time(int64_t ms) {
  std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[96];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
                static_cast<int>(ms % 1000));
  return buf;
}

InboxCallError::InboxCallError(std::string operation, ApiError error)
    : std::runtime_error(operation + " failed: " + error.name() + ": " + error.message),
      operation_(std::move(operation)),
      error_(std::move(error)) {}

// ---- ReadAllJob --------------------------------------------------------------

ReadAllJob::ReadAllJob(std::string user_id, std::string job_id, std::string cutoff_sk)
    : user_id_(std::move(user_id)), job_id_(std::move(job_id)), cutoff_sk_(std::move(cutoff_sk)) {}

ReadAllJob::Progress ReadAllJob::progress() const {
  std::lock_guard lock(mu_);
  return progress_;
}

ReadAllJob::Progress ReadAllJob::wait() const {
  std::unique_lock lock(mu_);
  cv_.wait(lock, [&] { return ended_; });
  return progress_;
}

void ReadAllJob::update(const std::function<void(Progress&)>& change) {
  std::lock_guard lock(mu_);
  change(progress_);
}

void ReadAllJob::end() {
  std::lock_guard lock(mu_);
  ended_ = true;
  cv_.notify_all();
}

// ---- Inbox -------------------------------------------------------------------

Inbox::Inbox(Executor executor, InboxOptions options)
    : executor_(std::move(executor)),
      options_(std::move(options)),
      ulids_(options_.clock_ms, options_.ulid_seed) {
  if (!options_.clock_ms) options_.clock_ms = system_ms;
  if (options_.read_all_page_size < 1) options_.read_all_page_size = 1;
}

Inbox::~Inbox() {
  stopping_ = true;
  std::vector<std::thread> workers;
  {
    std::lock_guard lock(workers_mu_);
    workers.swap(workers_);
  }
  for (auto& t : workers) t.join();
}

int64_t Inbox::now_ms() const { return options_.clock_ms(); }
std::string Inbox::now_iso() const { return iso_time(now_ms()); }

TemplateParams Inbox::params() const {
  TemplateParams p;
  p.text("table", options_.table);
  return p;
}

Result Inbox::send(InboxRequest request, const TemplateParams& params) {
  const RequestTemplate& t = inbox_request(request);
  return executor_(t.operation, instantiate(t.body, params));
}

Result Inbox::send_or_throw(InboxRequest request, const TemplateParams& params) {
  Result r = send(request, params);
  if (!r.ok()) throw InboxCallError(std::string(inbox_request(request).operation), *r.error);
  return r;
}

std::string Inbox::fanout_notif_id(const std::string& post_id, const std::string& follower_id) {
  int64_t ms = ulid_time_ms(post_id).value_or(0);
  return derived_ulid(ms, post_id + "#" + follower_id);
}

std::optional<std::pair<std::string, Delivery>> Inbox::try_deliver(const NewNotification& n,
                                                                   const std::string& id) {
  std::string payload = "{\"M\":{";
  for (size_t i = 0; i < n.payload.size(); ++i) {
    if (i) payload += ',';
    payload += json_quote(n.payload[i].first) + ":" + s_value(n.payload[i].second);
  }
  payload += "}}";
  TemplateParams p = params();
  p.text("user", n.user_id)
      .text("notifId", id)
      .text("type", n.type)
      .text("actor", n.actor_id)
      .text("target", n.target_id)
      .text("targetType", n.target_type)
      .json("payload", payload)
      .text("createdAt", n.created_at.empty() ? now_iso() : n.created_at);
  // The newest counted notification moves newestNotifSk forward (a
  // "mark all read" must take a cutoff above it, see start_read_all); an
  // older one, committed after a newer one, is counted without moving it.
  for (InboxRequest request : {InboxRequest::kDeliver, InboxRequest::kDeliverOlder}) {
    Result r = send(request, p);
    if (r.ok()) return std::make_pair(id, Delivery::kDelivered);
    if (!is_canceled(r)) throw InboxCallError("TransactWriteItems", *r.error);
    auto reasons = cancellation_reasons(*r.error);
    if (reason_failed(reasons, 0)) return std::make_pair(id, Delivery::kAlreadyDelivered);
    if (!reason_failed(reasons, 1)) throw InboxCallError("TransactWriteItems", *r.error);
    // The first form failed on the cutoff or on a newer newestNotifSk; the
    // second checks the cutoff alone (both only move forward).
  }
  if (n.notif_id.empty()) return std::nullopt;  // a fresh id: retry with a newer one
  // A given id older than the user's last "mark all read": it is covered, so
  // it arrives read and uncounted.
  Result put = send(InboxRequest::kDeliverAsRead, p.text("now", now_iso()));
  if (is_condition_failed(put)) return std::make_pair(id, Delivery::kAlreadyDelivered);
  if (!put.ok()) throw InboxCallError("PutItem", *put.error);
  return std::make_pair(id, Delivery::kDeliveredAsRead);
}

std::pair<std::string, Delivery> Inbox::deliver(const NewNotification& n) {
  if (!n.notif_id.empty()) return *try_deliver(n, n.notif_id);
  // A fresh id loses only to a cutoff taken later by another process's
  // clock; a few newer ids settle it.
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (auto done = try_deliver(n, ulids_.next())) return *done;
  }
  throw InboxCallError("TransactWriteItems",
                       ApiError{ErrorCode::kTransactionCanceled,
                                "deliver: every fresh id sorted before the read-all cutoff",
                                {}});
}

Page Inbox::recent(const std::string& user_id, int limit,
                   const std::optional<std::string>& cursor) {
  TemplateParams p = params();
  p.text("user", user_id).number("limit", limit);
  if (cursor) p.json("cursor", *cursor);
  return page_from(send_or_throw(InboxRequest::kRecent, p).body);
}

int64_t Inbox::badge(const std::string& user_id) {
  TemplateParams p = params();
  Result r = send_or_throw(InboxRequest::kBadge, p.text("user", user_id));
  auto doc = parse(r.body);
  if (!doc.HasMember("Item")) return 0;
  return n_of(doc["Item"], "unreadCount");
}

MarkRead Inbox::mark_read(const std::string& user_id, const std::string& notif_id) {
  TemplateParams p = params();
  p.text("user", user_id).text("notifId", notif_id).text("now", now_iso());
  Result r = send(InboxRequest::kMarkRead, p);
  if (r.ok()) return MarkRead::kMarked;
  if (!is_canceled(r)) throw InboxCallError("TransactWriteItems", *r.error);
  auto reasons = cancellation_reasons(*r.error);
  if (reason_failed(reasons, 0)) return MarkRead::kAlreadyRead;
  if (!reason_failed(reasons, 1)) throw InboxCallError("TransactWriteItems", *r.error);
  // Unread, but a "mark all read" already took it off the badge.
  Result u = send(InboxRequest::kMarkReadUncounted, p);
  if (is_condition_failed(u)) return MarkRead::kAlreadyRead;
  if (!u.ok()) throw InboxCallError("UpdateItem", *u.error);
  return MarkRead::kMarkedUncounted;
}

Page Inbox::unread(const std::string& user_id, int limit,
                   const std::optional<std::string>& cursor) {
  TemplateParams p = params();
  p.text("user", user_id).number("limit", limit);
  if (cursor) p.json("cursor", *cursor);
  return page_from(send_or_throw(InboxRequest::kUnread, p).body);
}

// ---- mark all read -------------------------------------------------------------

std::shared_ptr<ReadAllJob> Inbox::start_read_all(const std::string& user_id) {
  // An attempt is refused when a notification with a newer id than its
  // cutoff was counted in the meantime (a delivery that took its id just
  // after ours and committed first); the next id sorts after it. That needs
  // a delivery to the same user inside one request's time, so a few tries
  // suffice; the bound turns a clock far behind another process's into an
  // error instead of a loop.
  for (int attempt = 0; attempt < 20; ++attempt) {
    const std::string job_id = ulids_.next();
    TemplateParams p = params();
    p.text("user", user_id).text("jobId", job_id).text("now", now_iso());
    Result r = send(InboxRequest::kStartReadAll, p);
    if (!r.ok()) {
      // A newer read-all, or a notification newer than this cutoff counted
      // since the id was taken: zeroing now would drop it from the badge
      // while it sorts after the cutoff. Retry with a newer id.
      if (is_canceled(r) && reason_failed(cancellation_reasons(*r.error), 0)) continue;
      throw InboxCallError("TransactWriteItems", *r.error);
    }
    auto job = std::make_shared<ReadAllJob>(user_id, job_id, std::string(kNotifPrefix) + job_id);
    job->update([&](ReadAllJob::Progress& p) { p.remaining = -1; });
    launch(job, 0);
    return job;
  }
  throw InboxCallError("TransactWriteItems",
                       ApiError{ErrorCode::kTransactionCanceled,
                                "read-all: a newer read-all cutoff or notification kept winning",
                                {}});
}

std::vector<std::shared_ptr<ReadAllJob>> Inbox::resume_pending_jobs() {
  std::vector<std::shared_ptr<ReadAllJob>> jobs;
  std::optional<std::string> cursor;
  do {
    TemplateParams p = params();
    if (cursor) p.json("cursor", *cursor);
    auto doc = parse(send_or_throw(InboxRequest::kPendingJobs, p).body);
    for (const auto& item : doc["Items"].GetArray()) {
      auto job = std::make_shared<ReadAllJob>(string_attribute(item, "userId"),
                                              string_attribute(item, "jobId"),
                                              string_attribute(item, "cutoff"));
      int64_t done = n_of(item, "done");
      job->update([&](ReadAllJob::Progress& p) {
        p.done = done;
        p.remaining = -1;
      });
      launch(job, done);
      jobs.push_back(job);
    }
    cursor.reset();
    if (doc.HasMember("LastEvaluatedKey")) cursor = json_text(doc["LastEvaluatedKey"]);
  } while (cursor);
  return jobs;
}

void Inbox::launch(std::shared_ptr<ReadAllJob> job, int64_t done_before) {
  std::lock_guard lock(workers_mu_);
  workers_.emplace_back([this, job, done_before] { run_job(job, done_before); });
}

TemplateParams Inbox::job_params(const ReadAllJob& job) const {
  TemplateParams p = params();
  p.text("user", job.user_id()).text("jobId", job.job_id()).text("cutoff", job.cutoff_sk());
  return p;
}

int64_t Inbox::count_covered(const ReadAllJob& job) {
  int64_t total = 0;
  std::optional<std::string> cursor;
  do {
    TemplateParams p = job_params(job);
    if (cursor) p.json("cursor", *cursor);
    auto doc = parse(send_or_throw(InboxRequest::kCountCovered, p).body);
    total += doc["Count"].GetInt64();
    cursor.reset();
    if (doc.HasMember("LastEvaluatedKey")) cursor = json_text(doc["LastEvaluatedKey"]);
  } while (cursor);
  return total;
}

int64_t Inbox::mark_page_read(const ReadAllJob& job, const std::vector<std::string>& sort_keys) {
  int64_t marked = 0;
  for (std::string sk : sort_keys) {
    if (sk.starts_with(kNotifPrefix)) sk.erase(0, kNotifPrefix.size());
    TemplateParams p = job_params(job);
    Result r = send(InboxRequest::kMarkReadUncounted, p.text("notifId", sk).text("now", now_iso()));
    if (r.ok()) {
      ++marked;
    } else if (!is_condition_failed(r)) {  // read meanwhile by AP3: fine
      throw InboxCallError("UpdateItem", *r.error);
    }
  }
  if (marked > 0) {
    TemplateParams p = job_params(job);
    send_or_throw(InboxRequest::kJobProgress, p.text("marked", std::to_string(marked)));
  }
  return marked;
}

void Inbox::run_job(std::shared_ptr<ReadAllJob> job, int64_t done_before) {
  int64_t done = done_before;
  try {
    int64_t initial = count_covered(*job);
    job->update([&](ReadAllJob::Progress& p) { p.remaining = initial; });
    std::optional<std::string> cursor;
    while (true) {
      if (stopping_) {
        job->end();
        return;
      }
      TemplateParams p = job_params(*job);
      p.number("limit", options_.read_all_page_size);
      if (cursor) p.json("cursor", *cursor);
      auto page = parse(send_or_throw(InboxRequest::kJobPage, p).body);
      std::vector<std::string> sort_keys;
      for (const auto& item : page["Items"].GetArray())
        sort_keys.push_back(string_attribute(item, "sk"));
      done += mark_page_read(*job, sort_keys);
      cursor.reset();
      if (page.HasMember("LastEvaluatedKey")) cursor = json_text(page["LastEvaluatedKey"]);
      int64_t remaining = cursor ? count_covered(*job) : 0;
      job->update([&](ReadAllJob::Progress& p) {
        p.done = done;
        p.remaining = remaining;
      });
      if (!cursor) break;
    }
    TemplateParams p = job_params(*job);
    send_or_throw(InboxRequest::kJobDone, p.text("now", now_iso()));
    job->update([&](ReadAllJob::Progress& p) { p.finished = true; });
  } catch (const std::exception& e) {
    job->update([&](ReadAllJob::Progress& p) { p.error = e.what(); });
  }
  job->end();
}

// ---- follow and post -----------------------------------------------------------

void Inbox::follow(const std::string& author_id, const std::string& follower_id) {
  TemplateParams p = params();
  p.text("author", author_id).text("follower", follower_id).text("now", now_iso());
  send_or_throw(InboxRequest::kFollow, p);
}

std::pair<std::vector<std::string>, std::optional<std::string>> Inbox::followers(
    const std::string& author_id, int limit, const std::optional<std::string>& cursor) {
  TemplateParams p = params();
  p.text("author", author_id).number("limit", limit);
  if (cursor) p.json("cursor", *cursor);
  auto doc = parse(send_or_throw(InboxRequest::kFollowers, p).body);
  std::pair<std::vector<std::string>, std::optional<std::string>> out;
  for (const auto& item : doc["Items"].GetArray())
    out.first.push_back(string_attribute(item, "followerId"));
  if (doc.HasMember("LastEvaluatedKey")) out.second = json_text(doc["LastEvaluatedKey"]);
  return out;
}

std::string Inbox::post(const std::string& author_id, const std::string& text) {
  std::string post_id = ulids_.next();
  int64_t ms = ulid_time_ms(post_id).value_or(now_ms());
  TemplateParams p = params();
  p.text("author", author_id).text("postId", post_id).text("text", text);
  send_or_throw(InboxRequest::kPost, p.text("createdAt", iso_time(ms)));
  return post_id;
}

}  // namespace dynamini::model
