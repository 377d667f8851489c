// The WebAssembly module's exports: C functions the JavaScript of
// tools/wasm/js/engine.mjs calls (through the module's cwrap). Strings come
// in as UTF-8 pointers with their lengths; every answer is left in the
// session's `answer` and read back with dynamini_answer_body / _length /
// _status / _content_type, valid until the next call. A call that fails
// with an exception answers status 0 and the exception's text as its body.

#include <emscripten/emscripten.h>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "browser_host.h"
#include "host_settings.h"

namespace {

using dynamini::wasm::BrowserHost;
using dynamini::wasm::HostAnswer;

struct Session {
  std::unique_ptr<BrowserHost> host;
  HostAnswer answer;
  std::map<int, std::unique_ptr<dynamini::Subscription>> subscriptions;
  int next_subscription = 1;
};

std::string_view view(const char* data, size_t size) { return {data, size}; }

// Runs `work`, leaving its answer, or status 0 and the error's text.
template <class Work>
unsigned answered(Session* session, Work work) {
  try {
    session->answer = work();
  } catch (const std::exception& e) {
    session->answer = {.status = 0, .body = e.what(), .content_type = "text/plain"};
  }
  return session->answer.status;
}

// {"records":[<record JSON>,...]} for a batch, as GetRecords' Records.
std::string batch_json(const std::vector<dynamini::StreamRecord>& batch) {
  std::string json = "[";
  for (size_t i = 0; i < batch.size(); ++i) {
    if (i > 0) json += ',';
    json += batch[i].json;
  }
  return json + "]";
}

}  // namespace

// Hands a batch to the JavaScript handler of subscription `id`
// (Module.dynaminiDeliver); returns 0 when it returned, 1 when it threw.
EM_JS(int, dynamini_deliver_to_js, (int id, const char* json, size_t length),
      { return Module.dynaminiDeliver(id, json, length); });

extern "C" {

// Opens a database; `settings` is the JSON of host_settings.h. Always
// returns a session: its answer's status is 200, or 0 with the reason (then
// only dynamini_close may be called).
EMSCRIPTEN_KEEPALIVE Session* dynamini_open(const char* settings, size_t length) {
  auto* session = new Session();
  answered(session, [&] {
    session->host =
        std::make_unique<BrowserHost>(dynamini::wasm::host_settings(view(settings, length)));
    return HostAnswer{.body = "{}"};
  });
  return session;
}

EMSCRIPTEN_KEEPALIVE void dynamini_close(Session* session) {
  session->subscriptions.clear();
  delete session;
}

EMSCRIPTEN_KEEPALIVE unsigned dynamini_api(Session* session, const char* target,
                                           size_t target_length, const char* body,
                                           size_t body_length, const char* client,
                                           size_t client_length) {
  return answered(session, [&] {
    return session->host->api(view(target, target_length), view(body, body_length),
                              view(client, client_length));
  });
}

EMSCRIPTEN_KEEPALIVE unsigned dynamini_console(Session* session, const char* method,
                                               const char* path, size_t path_length,
                                               const char* body, size_t body_length,
                                               const char* content_type, const char* client) {
  return answered(session, [&] {
    return session->host->console(method, view(path, path_length), view(body, body_length),
                                  content_type, client);
  });
}

EMSCRIPTEN_KEEPALIVE unsigned dynamini_load_model(Session* session, const char* model,
                                                  size_t length, int reset) {
  return answered(session, [&] {
    session->host->load_model(std::string(model, length), reset != 0);
    return HostAnswer{.status = 200, .body = "{}"};
  });
}

EMSCRIPTEN_KEEPALIVE unsigned dynamini_background_work(Session* session) {
  return answered(session,
                  [&] { return HostAnswer{.body = session->host->run_background_work()}; });
}

EMSCRIPTEN_KEEPALIVE unsigned dynamini_reset(Session* session) {
  return answered(session, [&] {
    session->host->db().reset();
    return HostAnswer{.body = "{}"};
  });
}

EMSCRIPTEN_KEEPALIVE unsigned dynamini_save(Session* session) {
  return answered(session, [&] {
    return HostAnswer{.body = session->host->save(), .content_type = "application/vnd.sqlite3"};
  });
}

EMSCRIPTEN_KEEPALIVE unsigned dynamini_load(Session* session, const char* bytes, size_t length) {
  return answered(session, [&] {
    session->host->load(view(bytes, length));
    return HostAnswer{.body = "{}"};
  });
}

// Subscribes JavaScript handler `id`'s owner to `table`'s stream records;
// `options` is SubscribeOptions as JSON (host_settings.h). Answers
// {"subscription": id}.
EMSCRIPTEN_KEEPALIVE unsigned dynamini_subscribe(Session* session, const char* table,
                                                 const char* options, size_t options_length) {
  return answered(session, [&] {
    const int id = session->next_subscription++;
    session->subscriptions[id] = session->host->db().subscribe(
        table,
        [id](const std::vector<dynamini::StreamRecord>& batch) {
          const std::string json = batch_json(batch);
          if (dynamini_deliver_to_js(id, json.data(), json.size()) != 0) {
            throw std::runtime_error("the JavaScript handler threw");
          }
        },
        dynamini::wasm::subscribe_options(view(options, options_length)));
    return HostAnswer{.body = "{\"subscription\":" + std::to_string(id) + "}"};
  });
}

EMSCRIPTEN_KEEPALIVE unsigned dynamini_unsubscribe(Session* session, int id) {
  return answered(session, [&] {
    session->subscriptions.erase(id);
    return HostAnswer{.body = "{}"};
  });
}

// The subscription's counters: {"delivered","failures","skippedBatches"}.
EMSCRIPTEN_KEEPALIVE unsigned dynamini_subscription_counts(Session* session, int id) {
  return answered(session, [&] {
    auto it = session->subscriptions.find(id);
    if (it == session->subscriptions.end()) throw std::runtime_error("no such subscription");
    const dynamini::Subscription& s = *it->second;
    return HostAnswer{.body = "{\"delivered\":" + std::to_string(s.delivered_count()) +
                              ",\"failures\":" + std::to_string(s.failure_count()) +
                              ",\"skippedBatches\":" + std::to_string(s.skipped_batch_count()) +
                              "}"};
  });
}

EMSCRIPTEN_KEEPALIVE const char* dynamini_answer_body(Session* session) {
  return session->answer.body.data();
}
EMSCRIPTEN_KEEPALIVE size_t dynamini_answer_length(Session* session) {
  return session->answer.body.size();
}
EMSCRIPTEN_KEEPALIVE unsigned dynamini_answer_status(Session* session) {
  return session->answer.status;
}
EMSCRIPTEN_KEEPALIVE const char* dynamini_answer_content_type(Session* session) {
  return session->answer.content_type.c_str();
}

}  // extern "C"
