#include "cli/mcp_data_tools.h"

#include <string_view>

namespace dynamini::cli {
namespace {

// Schema pieces shared by the tools (JSON Schema 2020-12, MCP's default).
constexpr std::string_view kTable =
    R"json("TableName":{"type":"string","minLength":1,"description":"The table's name"})json";
constexpr std::string_view kIndex =
    R"json("IndexName":{"type":"string","minLength":1,"description":"A secondary index to read instead of the table"})json";
constexpr std::string_view kKey =
    R"json("Key":{"type":"object","additionalProperties":{"type":"object"},"description":"The item's whole primary key in DynamoDB JSON, e.g. {\"pk\":{\"S\":\"USER#u_alice\"},\"sk\":{\"S\":\"#INBOX\"}}"})json";
constexpr std::string_view kExpressions =
    R"json("ExpressionAttributeNames":{"type":"object","additionalProperties":{"type":"string"},"description":"#name placeholders, e.g. {\"#r\":\"read\"}"},)json"
    R"json("ExpressionAttributeValues":{"type":"object","additionalProperties":{"type":"object"},"description":":value placeholders in DynamoDB JSON, e.g. {\":p\":{\"S\":\"USER#u_alice\"}}"})json";
constexpr std::string_view kNamesOnly =
    R"json("ExpressionAttributeNames":{"type":"object","additionalProperties":{"type":"string"},"description":"#name placeholders"})json";
constexpr std::string_view kCondition =
    R"json("ConditionExpression":{"type":"string","description":"The write happens only if this holds, e.g. attribute_not_exists(pk)"})json";
constexpr std::string_view kReturnValues =
    R"json("ReturnValues":{"type":"string","enum":["NONE","ALL_OLD","UPDATED_OLD","ALL_NEW","UPDATED_NEW"]})json";
constexpr std::string_view kProjection =
    R"json("ProjectionExpression":{"type":"string","description":"The attributes to return (all when absent)"})json";
constexpr std::string_view kConsistent =
    R"json("ConsistentRead":{"type":"boolean","description":"Strongly consistent (twice the read cost)"})json";
constexpr std::string_view kReadMembers =
    R"json("FilterExpression":{"type":"string","description":"Drops items after they are read (and paid for)"},)json"
    R"json("Limit":{"type":"integer","minimum":1,"description":"Most items evaluated for this page (before the filter)"},)json"
    R"json("Select":{"type":"string","enum":["ALL_ATTRIBUTES","ALL_PROJECTED_ATTRIBUTES","SPECIFIC_ATTRIBUTES","COUNT"]},)json"
    R"json("cursor":{"type":"string","description":"nextCursor of the previous page, to read the next one"})json";

std::string object_schema(std::initializer_list<std::string_view> members,
                          std::string_view required) {
  std::string schema = R"json({"type":"object","properties":{)json";
  bool first = true;
  for (std::string_view member : members) {
    if (!first) schema += ',';
    schema += member;
    first = false;
  }
  return schema + R"json(},"required":[)json" + std::string(required) +
         R"json(],"additionalProperties":false})json";
}

// Where a paged tool's cursor goes in the request and comes from in the response.
enum class Paging { kNone, kKey, kTableName };

// The request: the arguments as they are, `cursor` turned into where DynamoDB
// resumes. Throws ToolError for a cursor that is not a key.
std::string request_from(const rapidjson::Value& arguments, Paging paging) {
  rapidjson::Document request;
  request.CopyFrom(arguments, request.GetAllocator());
  auto cursor = request.FindMember("cursor");
  if (cursor == request.MemberEnd()) return json_text(request);
  const std::string text = cursor->value.GetString();
  request.RemoveMember("cursor");
  auto& alloc = request.GetAllocator();
  if (paging == Paging::kTableName) {
    request.AddMember("ExclusiveStartTableName", rapidjson::Value(text.c_str(), alloc), alloc);
  } else {
    rapidjson::Document key;
    key.Parse(text.c_str(), text.size());
    if (key.HasParseError() || !key.IsObject()) {
      throw ToolError("cursor is not a nextCursor this tool returned");
    }
    request.AddMember("ExclusiveStartKey", rapidjson::Value(key, alloc), alloc);
  }
  return json_text(request);
}

// DynamoDB's response, with `nextCursor` when there is a next page.
ToolOutput response_output(const std::string& body, Paging paging) {
  rapidjson::Document response;
  response.Parse(body.c_str(), body.size());
  if (response.HasParseError() || !response.IsObject()) return {.structured = "{}"};
  auto& alloc = response.GetAllocator();
  if (paging == Paging::kKey) {
    if (auto last = response.FindMember("LastEvaluatedKey"); last != response.MemberEnd()) {
      const std::string cursor = json_text(last->value);
      response.AddMember("nextCursor", rapidjson::Value(cursor.c_str(), alloc), alloc);
    }
  } else if (paging == Paging::kTableName) {
    if (auto last = response.FindMember("LastEvaluatedTableName"); last != response.MemberEnd()) {
      rapidjson::Value cursor(last->value, alloc);
      response.AddMember("nextCursor", cursor, alloc);
    }
  }
  return {.structured = json_text(response)};
}

McpTool pass_through(McpBackend& backend, std::string name, std::string operation,
                     std::string title, std::string description, std::string schema,
                     ToolAnnotations annotations, Paging paging = Paging::kNone) {
  McpTool tool{.name = std::move(name),
               .title = std::move(title),
               .description = std::move(description),
               .input_schema = std::move(schema),
               .annotations = annotations,
               .call = nullptr};
  tool.call = [&backend, operation, paging](const rapidjson::Value& arguments) {
    Result result = backend.execute(operation, request_from(arguments, paging));
    if (!result.ok()) return api_error_output(*result.error);
    return response_output(result.body, paging);
  };
  return tool;
}

constexpr ToolAnnotations kRead{.read_only = true, .idempotent = true};

}  // namespace

std::vector<McpTool> data_tools(McpBackend& backend) {
  std::vector<McpTool> tools;
  tools.push_back(pass_through(
      backend, "list_tables", "ListTables", "List tables",
      "The names of the tables (DynamoDB ListTables), 100 a page; pass nextCursor as cursor "
      "for the next page.",
      object_schema(
          {R"json("Limit":{"type":"integer","minimum":1,"maximum":100})json",
           R"json("cursor":{"type":"string","description":"nextCursor of the previous page"})json"},
          ""),
      kRead, Paging::kTableName));
  tools.push_back(pass_through(
      backend, "describe_table", "DescribeTable", "Describe a table",
      "A table's definition (DynamoDB DescribeTable): key schema, attribute definitions, "
      "secondary indexes and their projections, stream settings, item count and size.",
      object_schema({kTable}, R"json("TableName")json"), kRead));
  tools.push_back(pass_through(
      backend, "get_item", "GetItem", "Get an item",
      "One item by its whole primary key (DynamoDB GetItem). The response has no Item when "
      "there is none.",
      object_schema({kTable, kKey, kProjection, kNamesOnly, kConsistent},
                    R"json("TableName","Key")json"),
      kRead));
  tools.push_back(pass_through(
      backend, "put_item", "PutItem", "Put an item",
      "Writes a whole item (DynamoDB PutItem), replacing any item with the same key unless "
      "ConditionExpression says otherwise (attribute_not_exists(pk) to only create).",
      object_schema(
          {kTable,
           R"json("Item":{"type":"object","additionalProperties":{"type":"object"},"description":"The item in DynamoDB JSON, key attributes included"})json",
           kCondition, kExpressions, kReturnValues},
          R"json("TableName","Item")json"),
      {.destructive = true, .idempotent = true}));
  tools.push_back(pass_through(
      backend, "update_item", "UpdateItem", "Update an item",
      "Changes attributes of one item (DynamoDB UpdateItem) with an UpdateExpression (SET, "
      "REMOVE, ADD, DELETE), creating the item if it does not exist.",
      object_schema(
          {kTable, kKey,
           R"json("UpdateExpression":{"type":"string","description":"e.g. SET #r = :t REMOVE gsi1pk ADD unreadCount :dec"})json",
           kCondition, kExpressions, kReturnValues},
          R"json("TableName","Key","UpdateExpression")json"),
      {.destructive = true}));
  tools.push_back(pass_through(
      backend, "delete_item", "DeleteItem", "Delete an item",
      "Deletes one item by its whole primary key (DynamoDB DeleteItem); deleting an item that "
      "is not there is not an error.",
      object_schema({kTable, kKey, kCondition, kExpressions, kReturnValues},
                    R"json("TableName","Key")json"),
      {.destructive = true, .idempotent = true}));
  tools.push_back(pass_through(
      backend, "query", "Query", "Query a partition",
      "The items of one partition of a table or index (DynamoDB Query), in sort key order "
      "(ScanIndexForward false for newest first); one page per call, nextCursor for the next.",
      object_schema(
          {kTable, kIndex,
           R"json("KeyConditionExpression":{"type":"string","description":"e.g. pk = :p AND begins_with(sk, :n)"})json",
           R"json("ScanIndexForward":{"type":"boolean"})json", kProjection, kExpressions,
           kConsistent, kReadMembers},
          R"json("TableName","KeyConditionExpression")json"),
      kRead, Paging::kKey));
  tools.push_back(pass_through(
      backend, "scan", "Scan", "Scan a table",
      "Every item of a table or index (DynamoDB Scan), one page (at most 1 MB) per call; "
      "nextCursor for the next. Reads and pays for every item, filtered or not.",
      object_schema({kTable, kIndex, kProjection, kExpressions, kConsistent, kReadMembers,
                     R"json("Segment":{"type":"integer","minimum":0})json",
                     R"json("TotalSegments":{"type":"integer","minimum":1})json"},
                    R"json("TableName")json"),
      kRead, Paging::kKey));
  return tools;
}

}  // namespace dynamini::cli
