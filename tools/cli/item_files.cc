#include "cli/item_files.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "cli/json_out.h"
#include "cli/progress_bar.h"

namespace dynamini::cli {
namespace {

// Items of the file, each as compact DynamoDB JSON.
std::vector<std::string> read_items(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream s;
  s << in.rdbuf();
  const std::string text = s.str();
  std::vector<std::string> items;
  rapidjson::Document whole;
  whole.Parse(text.c_str(), text.size());
  if (!whole.HasParseError() && whole.IsObject() && whole.HasMember("Items") &&
      whole["Items"].IsArray()) {
    for (const auto& item : whole["Items"].GetArray()) items.push_back(json_text(item));
    return items;
  }
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    rapidjson::Document doc;
    doc.Parse(line.c_str(), line.size());
    if (doc.HasParseError() || !doc.IsObject()) {
      throw std::runtime_error(path + ":" + std::to_string(number) + ": not a JSON object");
    }
    const rapidjson::Value& item =
        doc.HasMember("Item") && doc["Item"].IsObject() ? doc["Item"] : doc;
    items.push_back(json_text(item));
  }
  return items;
}

}  // namespace

int64_t load_items_from_file(ApiTarget& target, const std::string& table, const std::string& path,
                             bool quiet) {
  std::vector<std::string> items = read_items(path);
  ProgressBar progress("seeding " + table + " from " + path, static_cast<int64_t>(items.size()),
                       quiet);
  rapidjson::StringBuffer name_buffer;
  rapidjson::Writer<rapidjson::StringBuffer> name_writer(name_buffer);
  name_writer.String(table.c_str(), static_cast<rapidjson::SizeType>(table.size()));
  const std::string quoted_table = name_buffer.GetString();
  for (size_t begin = 0; begin < items.size(); begin += 25) {
    size_t end = std::min(items.size(), begin + 25);
    std::string request = "{\"RequestItems\":{" + quoted_table + ":[";
    for (size_t i = begin; i < end; ++i) {
      request += (i > begin ? ",{\"PutRequest\":{\"Item\":" : "{\"PutRequest\":{\"Item\":") +
                 items[i] + "}}";
    }
    request += "]}}";
    Result r = target.execute("BatchWriteItem", request);
    if (!r.ok()) {
      throw std::runtime_error(path + ": items " + std::to_string(begin + 1) + "-" +
                               std::to_string(end) + " into " + table + ": " + r.error->name() +
                               ": " + r.error->message);
    }
    progress.advance(static_cast<int64_t>(end - begin));
  }
  progress.finish();
  return static_cast<int64_t>(items.size());
}

int64_t dump_table(ApiTarget& target, const std::string& table, std::ostream& out) {
  rapidjson::StringBuffer name_buffer;
  rapidjson::Writer<rapidjson::StringBuffer> name_writer(name_buffer);
  name_writer.String(table.c_str(), static_cast<rapidjson::SizeType>(table.size()));
  const std::string quoted_table = name_buffer.GetString();
  std::string start;
  int64_t count = 0;
  for (;;) {
    std::string request = "{\"TableName\":" + quoted_table;
    if (!start.empty()) request += ",\"ExclusiveStartKey\":" + start;
    request += "}";
    Result r = target.execute("Scan", request);
    if (!r.ok()) {
      throw std::runtime_error("cannot scan " + table + ": " + r.error->name() + ": " +
                               r.error->message);
    }
    rapidjson::Document page;
    page.Parse(r.body.c_str(), r.body.size());
    for (const auto& item : page["Items"].GetArray()) {
      out << json_text(item) << '\n';
      ++count;
    }
    if (!page.HasMember("LastEvaluatedKey")) break;
    start = json_text(page["LastEvaluatedKey"]);
  }
  out.flush();
  return count;
}

}  // namespace dynamini::cli
