#include "cli/transfer_job.h"

#include <chrono>
#include <stdexcept>
#include <thread>

#include "cli/json_out.h"

namespace dynamini::cli {

rapidjson::Document call(ApiTarget& target, const char* operation, const std::string& request) {
  Result r = target.execute(operation, request);
  if (!r.ok()) {
    throw std::runtime_error(std::string(operation) + ": " + r.error->name() + ": " +
                             r.error->message);
  }
  rapidjson::Document doc;
  doc.Parse(r.body.c_str(), r.body.size());
  return doc;
}

rapidjson::Document wait_for_job(ApiTarget& target, const char* describe_operation,
                                 const char* arn_member, const std::string& arn,
                                 const char* description_member, const char* status_member,
                                 const std::function<int64_t(const rapidjson::Value&)>& progress,
                                 ProgressBar& bar) {
  rapidjson::Document request(rapidjson::kObjectType);
  request.AddMember(rapidjson::StringRef(arn_member),
                    rapidjson::Value(arn.c_str(), request.GetAllocator()), request.GetAllocator());
  const std::string body = json_text(request);
  int64_t shown = 0;
  while (true) {
    rapidjson::Document answer = call(target, describe_operation, body);
    const rapidjson::Value& d = answer[description_member];
    const int64_t now = progress(d);
    if (now > shown) {
      bar.advance(now - shown);
      shown = now;
    }
    if (std::string(d[status_member].GetString()) != "IN_PROGRESS") return answer;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

std::string flag_value(int argc, char** argv, int& i) {
  if (i + 1 >= argc) throw std::runtime_error(std::string(argv[i]) + " needs a value");
  return argv[++i];
}

}  // namespace dynamini::cli
