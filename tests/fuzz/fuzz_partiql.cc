// The PartiQL fuzz body: the parser alone on any bytes, then, when the bytes
// can travel in a JSON string (valid UTF-8), the whole ExecuteStatement path
// (translation to Query/Scan/item writes and their execution) on the fuzz
// database.
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>
#include <vector>

#include "dynamini/api_error.h"
#include "dynamini/database.h"
#include "fuzz_bodies.h"
#include "fuzz_database.h"
#include "partiql/parser.h"
#include "values/attribute_value.h"

namespace dynamini::fuzz {
namespace {

// Parameters for the statement's `?`s, cycling through these.
constexpr const char* kParameters[] = {R"({"S":"USER#a"})", R"({"N":"1"})", R"({"S":"NOTIF#1"})",
                                       R"({"L":[{"S":"x"}]})", R"({"BOOL":true})"};
constexpr size_t kParameterCount = sizeof kParameters / sizeof kParameters[0];

size_t placeholders(std::string_view text) {
  size_t n = 0;
  for (char c : text) n += c == '?';
  return n;
}

std::vector<AttributeValue> parameter_values(size_t n) {
  std::vector<AttributeValue> out;
  for (size_t i = 0; i < n; ++i) {
    rapidjson::Document doc;
    doc.Parse(kParameters[i % kParameterCount]);
    out.push_back(decode_attribute_value(doc));
  }
  return out;
}

// {"Statement": text, "Parameters": [...]}; false when `text` is not UTF-8.
bool request_body(std::string_view text, size_t parameters, std::string& out) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer, rapidjson::UTF8<>, rapidjson::UTF8<>,
                    rapidjson::CrtAllocator, rapidjson::kWriteValidateEncodingFlag>
      w(buffer);
  w.StartObject();
  w.Key("Statement");
  if (!w.String(text.data(), static_cast<rapidjson::SizeType>(text.size()))) return false;
  out = std::string(buffer.GetString(), buffer.GetSize());
  if (parameters > 0) {
    out += R"(,"Parameters":[)";
    for (size_t i = 0; i < parameters; ++i) {
      if (i > 0) out += ',';
      out += kParameters[i % kParameterCount];
    }
    out += ']';
  }
  out += '}';
  return true;
}

}  // namespace

void partiql(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const size_t n = std::min<size_t>(placeholders(text), 64);
  try {
    partiql::parse(text, parameter_values(n));
  } catch (const ApiError&) {
  }
  // A copy followed by 3 NULs: the Writer's UTF-8 validation reads every byte
  // a lead byte announces, even past the end of a cut sequence (found by this
  // target: corpus/partiql/crash-98fcad4a..., crash-97dee468...). The engine
  // parses requests from a MemoryStream, which reads NULs past the end.
  std::string padded(text);
  padded.append(3, '\0');
  std::string body;
  if (!request_body(std::string_view(padded.data(), text.size()), n, body)) return;
  note_input();
  Result r = fuzz_database().execute("ExecuteStatement", body);
  if (!r.ok() && r.error->code == ErrorCode::kInternalServerError) {
    __builtin_trap();  // a client's statement must never cause an internal error
  }
}

}  // namespace dynamini::fuzz
