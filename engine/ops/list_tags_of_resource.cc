#include <mutex>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/table_arn.h"
#include "validation/request_members.h"

namespace dynamini {
namespace {
// Tags per page; NextToken is the last key of the page.
constexpr size_t kTagsPerPage = 10;
}  // namespace

void list_tags_of_resource(Engine& engine, const Json& request, JsonWriter& out) {
  auto arn = string_member(request, "ResourceArn");
  auto next_token = string_member(request, "NextToken");
  std::vector<std::pair<std::string, std::string>> tags;
  {
    std::lock_guard lock(engine.storage_mutex());
    tags = engine.store().tags(*table_of_arn(engine, arn));
  }
  out.StartObject();
  out.Key("Tags");
  out.StartArray();
  size_t shown = 0;
  std::optional<std::string> last;
  bool more = false;
  for (const auto& [key, value] : tags) {
    if (next_token && key <= *next_token) continue;
    if (shown == kTagsPerPage) {
      more = true;
      break;
    }
    out.StartObject();
    out.Key("Key");
    write_string(out, key);
    out.Key("Value");
    write_string(out, value);
    out.EndObject();
    last = key;
    ++shown;
  }
  out.EndArray();
  if (more && last) {
    out.Key("NextToken");
    write_string(out, *last);
  }
  out.EndObject();
}

}  // namespace dynamini
