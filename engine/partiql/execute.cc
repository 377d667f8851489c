#include "partiql/execute.h"

#include <mutex>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/typed_operation.h"
#include "partiql/parser.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"
#include "values/base64.h"

namespace dynamini::partiql {

ParsedStatement prepare(Engine& engine, const std::string& text, const Json* parameters) {
  std::vector<AttributeValue> values;
  if (parameters) {
    for (const auto& p : parameters->GetArray()) values.push_back(parse_attribute_value(p));
  }
  ParsedStatement out{parse(text, values), nullptr};
  std::lock_guard lock(engine.storage_mutex());
  out.table = engine.require_table(table_of(out.statement));
  return out;
}

void add_statement_shape_errors(const Json& member, const std::string& path, ShapeErrors& errors) {
  const std::string prefix = path.empty() ? "" : path + ".";
  auto text = string_member(member, "Statement");
  errors.require(text.has_value(), prefix + "statement");
  // API reference ExecuteStatement / BatchStatementRequest / ParameterizedStatement:
  // Statement length 1..8192, Parameters at least 1 item.
  if (text && text->empty()) errors.add(*text, prefix + "statement", "Member must have length greater than or equal to 1");
  if (text && text->size() > 8192) errors.add(*text, prefix + "statement", "Member must have length less than or equal to 8192");
  const Json* parameters = array_member(member, "Parameters");
  if (parameters && parameters->Empty()) {
    errors.add("[]", prefix + "parameters", "Member must have length greater than or equal to 1");
  }
}

void check_statement_list(const Json& statements, const char* path, const char* shape, ShapeErrors& errors) {
  size_t position = 0;
  for (const auto& member : statements.GetArray()) {
    ++position;
    if (member.IsArray()) {
      throw ApiError{ErrorCode::kSerialization,
                     std::string("Unrecognized collection type class com.amazonaws.dynamodb.v20120810.") + shape, {}};
    }
    if (!member.IsObject()) throw ApiError{ErrorCode::kSerialization, "Unexpected value type in payload", {}};
    add_statement_shape_errors(member, std::string(path) + "." + std::to_string(position) + ".member", errors);
  }
}

bool is_select(const std::string& statement) {
  size_t begin = statement.find_first_not_of(" \t\r\n");
  size_t end = begin == std::string::npos ? begin : statement.find_first_of(" \t\r\n(", begin);
  std::string word = begin == std::string::npos ? "" : statement.substr(begin, end - begin);
  for (auto& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (word == "SELECT") return true;
  if (word == "INSERT" || word == "UPDATE" || word == "DELETE") return false;
  throw validation_error("Statement wasn't well formed, can't be processed: Expected data manipulation");
}

ParsedStatement prepare_member(Engine& engine, const Json& member) {
  return prepare(engine, *string_member(member, "Statement"), array_member(member, "Parameters"));
}

void run_select(Engine& engine, const ParsedStatement& parsed, ReadOptions options,
                const std::optional<std::string>& next_token, JsonWriter& out) {
  const auto& select = std::get<Select>(parsed.statement);
  if (next_token) {
    std::string bytes;
    rapidjson::Document key;
    if (!base64_decode(*next_token, &bytes) || key.Parse(bytes.c_str()).HasParseError() || !key.IsObject()) {
      throw validation_error("Invalid NextToken");
    }
    options.exclusive_start_key = parse_item(key);
  }
  ReadRequest plan = plan_select(select, *parsed.table, options);
  rapidjson::Document request;
  request.Parse(plan.json.c_str());
  rapidjson::StringBuffer buffer;
  JsonWriter inner(buffer);
  Call call;
  if (plan.operation == "Query") {
    run_json<QueryOperation>(engine, request, call, inner);
  } else {
    run_json<ScanOperation>(engine, request, call, inner);
  }
  rapidjson::Document page;
  page.Parse(buffer.GetString(), buffer.GetSize());
  out.Key("Items");
  page["Items"].Accept(out);
  if (page.HasMember("LastEvaluatedKey")) {
    rapidjson::StringBuffer key_buffer;
    JsonWriter key_writer(key_buffer);
    page["LastEvaluatedKey"].Accept(key_writer);
    out.Key("NextToken");
    write_string(out, base64_encode(std::string_view(key_buffer.GetString(), key_buffer.GetSize())));
  }
  if (page.HasMember("ConsumedCapacity")) {
    out.Key("ConsumedCapacity");
    page["ConsumedCapacity"].Accept(out);
  }
}

void run_write(Engine& engine, const ParsedStatement& parsed, bool return_old_on_failure) {
  ItemWrite write = plan_write(parsed.statement, *parsed.table);
  write.return_old_on_condition_failure = return_old_on_failure;
  std::lock_guard lock(engine.storage_mutex());
  auto table = engine.require_table(write.table_name);
  write.validate(*table);
  WriteTransaction txn(engine.store().connection());
  auto current = read_current(engine.store(), *table, write);
  const Item* old_item = current ? &*current : nullptr;
  if (!condition_holds(write, old_item)) {
    if (write.insert) {
      // Recorded from DynamoDB (AWS CLI documentation example output).
      throw ApiError{ErrorCode::kDuplicateItem, "Duplicate primary key exists in table", {}};
    }
    ApiError error{ErrorCode::kConditionalCheckFailed, "The conditional request failed", {}};
    if (return_old_on_failure && current) {
      rapidjson::StringBuffer b;
      JsonWriter w(b);
      write_item(w, *current);
      error.extra_members_json = "\"Item\":" + std::string(b.GetString(), b.GetSize());
    }
    throw error;
  }
  auto next = compute_new_item(write, *table, old_item);
  store_write(engine.store(), *table, write, old_item, new_item_of(write, next));
  txn.commit();
}

}  // namespace dynamini::partiql
