#include "ops/partiql_execute.h"

#include <mutex>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/typed_operation.h"
#include "partiql/parser.h"
#include "values/base64.h"

namespace dynamini::partiql {

ParsedStatement prepare(Context& context, const std::string& text,
                        const std::optional<std::vector<AttributeValue>>& parameters) {
  static const std::vector<AttributeValue> kNone;
  ParsedStatement out{parse(text, parameters ? *parameters : kNone), nullptr};
  std::lock_guard lock(context.storage_mutex());
  // The statement names its table by name or ARN ("FROM \"arn:...\"").
  out.table = context.require_table(table_of(out.statement), action_of(out.statement));
  return out;
}

bool is_select(const std::string& statement) {
  size_t begin = statement.find_first_not_of(" \t\r\n");
  size_t end = begin == std::string::npos ? begin : statement.find_first_of(" \t\r\n(", begin);
  std::string word = begin == std::string::npos ? "" : statement.substr(begin, end - begin);
  for (auto& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (word == "SELECT") return true;
  if (word == "INSERT" || word == "UPDATE" || word == "DELETE") return false;
  throw validation_error(
      "Statement wasn't well formed, can't be processed: Expected data manipulation");
}

namespace {

std::optional<Item> decode_next_token(const std::optional<std::string>& token) {
  if (!token) return std::nullopt;
  std::string bytes;
  rapidjson::Document key;
  if (!base64_decode(*token, &bytes) || key.Parse(bytes.c_str()).HasParseError() ||
      !key.IsObject()) {
    throw validation_error("Invalid NextToken");
  }
  return parse_item(key);
}

std::string encode_next_token(const Item& last_evaluated_key) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  write_item(w, last_evaluated_key);
  return base64_encode(std::string_view(buffer.GetString(), buffer.GetSize()));
}

template <class Op>
SelectPage read_page(Context& context, const typename Op::Request& request,
                     const ExecuteOptions& options) {
  auto response = run_built<Op>(context, request, options);
  SelectPage page;
  page.items = std::move(*response.items);
  if (response.last_evaluated_key)
    page.next_token = encode_next_token(*response.last_evaluated_key);
  page.consumed_capacity = std::move(response.consumed_capacity);
  return page;
}

}  // namespace

SelectPage run_select(Context& context, const ParsedStatement& parsed, ReadOptions read,
                      const std::optional<std::string>& next_token, const ExecuteOptions& options) {
  read.exclusive_start_key = decode_next_token(next_token);
  ReadRequest request = plan_select(std::get<Select>(parsed.statement), *parsed.table, read);
  if (const auto* query = std::get_if<QueryRequest>(&request)) {
    return read_page<QueryOperation>(context, *query, options);
  }
  return read_page<ScanOperation>(context, std::get<ScanRequest>(request), options);
}

void run_write(Context& context, const ParsedStatement& parsed, bool return_old_on_failure) {
  ItemWrite write = plan_write(parsed.statement, *parsed.table);
  write.return_old_on_condition_failure = return_old_on_failure;
  std::lock_guard lock(context.storage_mutex());
  auto table = context.require_table(write.table_name, write.action());
  write.validate(*table);
  WriteTransaction txn(context.store().connection());
  auto current = read_current(context.store(), *table, write);
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
  store_write(context.store(), *table, write, old_item, new_item_of(write, next));
  txn.commit();
}

}  // namespace dynamini::partiql
