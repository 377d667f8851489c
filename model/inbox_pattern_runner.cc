#include "model/inbox_pattern_runner.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <mutex>
#include <thread>

#include "model/inbox_fanout.h"
#include "model/pattern_arguments.h"

namespace dynamini::model {
namespace {

// An executor that records every call into a PatternRun.
class Recorder {
 public:
  Recorder(const Executor& inner, PatternRun& run)
      : inner_(inner), run_(run), owner_(std::this_thread::get_id()) {}

  // Marks the calls made from now on as background (or not): the
  // host-driven read-all job runs on the owner's thread.
  void set_background(bool background) {
    std::lock_guard lock(mu_);
    background_ = background;
  }

  Executor executor() {
    return [this](std::string_view operation, std::string_view request) {
      const auto start = std::chrono::steady_clock::now();
      Result result = inner_(operation, request);
      const auto latency = std::chrono::duration_cast<std::chrono::microseconds>(
          std::chrono::steady_clock::now() - start);
      std::lock_guard lock(mu_);
      PatternCall call;
      call.operation = std::string(operation);
      call.request = std::string(request);
      call.result = result;
      call.latency = latency;
      call.background = background_ || std::this_thread::get_id() != owner_;
      run_.calls.push_back(std::move(call));
      return result;
    };
  }

 private:
  const Executor& inner_;
  PatternRun& run_;
  std::thread::id owner_;
  std::mutex mu_;
  bool background_ = false;
};

std::string page_outcome(const Page& page) {
  std::string out = std::to_string(page.items.size()) + " notification(s)";
  out += page.cursor ? "; more: the next page starts at the LastEvaluatedKey" : "; the last page";
  return out;
}

std::string read_all(Inbox& inbox, const std::string& user, Recorder& recorder) {
  auto job = inbox.start_read_all(user);
  recorder.set_background(true);
  inbox.run_pending_jobs();  // host-driven: the job, here and now; else nothing
  recorder.set_background(false);
  ReadAllJob::Progress progress = job->wait();
  std::string out = "badge " + user + ": 0 at once; read-all job " + job->job_id() + " ";
  if (!progress.error.empty()) return out + "stopped: " + progress.error;
  return out + "marked " + std::to_string(progress.done) + " notification(s) read";
}

std::string post(Inbox& inbox, const PatternArguments& args, const PatternRunOptions& options) {
  const std::string author = args.text("author");
  const FanOut::Counters before = options.fanout ? options.fanout->counters() : FanOut::Counters{};
  const std::string post_id = inbox.post(author, args.text("text"));
  std::string out = "post " + post_id + " by " + author + " written";
  if (options.fanout == nullptr) return out;
  if (options.run_background_work) options.run_background_work();
  if (!options.fanout->wait_for_post(post_id, options.fanout_wait_ms)) {
    return out + "; its fan-out has not finished yet";
  }
  const int64_t delivered = options.fanout->counters().delivered - before.delivered;
  return out + "; the stream trigger notified the followers (" + std::to_string(delivered) +
         " notification(s) delivered meanwhile, its requests are not shown)";
}

// Runs the pattern's Inbox method; returns the outcome line.
std::string run(const ModelPattern& pattern, Inbox& inbox, const PatternArguments& args,
                const PatternRunOptions& options, PatternRun& out, Recorder& recorder) {
  const std::string& id = pattern.id;
  if (id == "AP1" || id == "AP4") {
    Page page = id == "AP1"
                    ? inbox.recent(args.text("user"), args.number("limit"), args.key("cursor"))
                    : inbox.unread(args.text("user"), args.number("limit"), args.key("cursor"));
    out.cursor = page.cursor;
    return page_outcome(page);
  }
  if (id == "AP2") {
    return "badge " + args.text("user") + ": " + std::to_string(inbox.badge(args.text("user"))) +
           " unread";
  }
  if (id == "AP3") {
    return args.text("notifId") + ": " +
           std::string(describe(inbox.mark_read(args.text("user"), args.text("notifId"))));
  }
  if (id == "AP5") return read_all(inbox, args.text("user"), recorder);
  if (id == "W1") {
    NewNotification n;
    n.user_id = args.text("user");
    n.type = args.text("type");
    n.actor_id = args.text("actor");
    n.target_id = n.user_id;
    n.target_type = "user";
    n.payload = {{"preview", args.text("preview")}};
    auto [notif_id, delivery] = inbox.deliver(n);
    return "notification " + notif_id + " for " + n.user_id + ": " +
           std::string(describe(delivery));
  }
  if (id == "W2") {
    inbox.follow(args.text("author"), args.text("follower"));
    return args.text("follower") + " now follows " + args.text("author");
  }
  return post(inbox, args, options);  // W3
}

// The id of the template `call` fits: one of the pattern's steps, else any.
std::string template_of(const ModelDefinition& model, const ModelPattern& pattern,
                        const PatternCall& call) {
  auto fits = [&](const ModelTemplate& t) {
    return t.operation == call.operation && matches_template(t.body, call.request);
  };
  for (const ModelStep& step : pattern.steps) {
    const ModelTemplate* t = model.find_template(step.template_id);
    if (t != nullptr && fits(*t)) return t->id;
  }
  for (const ModelTemplate& t : model.templates) {
    if (fits(t)) return t.id;
  }
  return "";
}

}  // namespace

std::string_view describe(MarkRead outcome) {
  switch (outcome) {
    case MarkRead::kMarked:
      return "marked read; badge decremented";
    case MarkRead::kMarkedUncounted:
      return "marked read; badge unchanged (already zeroed by mark-all-read)";
    case MarkRead::kAlreadyRead:
      return "already read (or no such notification): nothing written";
  }
  return "";
}

std::string_view describe(Delivery outcome) {
  switch (outcome) {
    case Delivery::kDelivered:
      return "delivered unread; badge incremented";
    case Delivery::kAlreadyDelivered:
      return "already delivered: nothing written";
    case Delivery::kDeliveredAsRead:
      return "delivered as read (older than mark-all-read)";
  }
  return "";
}

PatternRun run_inbox_pattern(const ModelDefinition& inbox_model, std::string_view id,
                             const TemplateParams& params, const Executor& executor,
                             const PatternRunOptions& options) {
  const ModelPattern* pattern = inbox_model.find_pattern(id);
  if (pattern == nullptr) throw PatternError("no pattern " + std::string(id));
  PatternArguments args(inbox_model, *pattern, params);
  const rapidjson::Value* table = params.find("table");
  InboxOptions inbox_options;
  inbox_options.table = table != nullptr && table->IsString() ? std::string(table->GetString())
                                                              : inbox_model.table_names().front();
  inbox_options.host_driven = options.host_driven;
  PatternRun out;
  Recorder recorder(executor, out);
  {
    Inbox inbox(recorder.executor(), inbox_options);
    try {
      out.outcome = run(*pattern, inbox, args, options, out, recorder);
    } catch (const InboxCallError& e) {
      out.ok = false;
      out.outcome = e.what();
    } catch (const TemplateError& e) {  // a cursor that is not JSON, before any request
      throw PatternError(e.what());
    }
  }  // joins any worker before `out` is read
  for (PatternCall& call : out.calls) call.template_id = template_of(inbox_model, *pattern, call);
  return out;
}

}  // namespace dynamini::model
