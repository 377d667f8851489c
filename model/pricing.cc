#include "model/pricing.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <map>

#include "model/embedded_model_files.h"
#include "model/model_file.h"
#include "model_json.h"

namespace dynamini::model {
namespace {

constexpr std::string_view kPrefix = "prices-";

PriceTable read_prices(std::string_view file, std::string_view text) {
  rapidjson::Document doc;
  doc.Parse(text.data(), text.size());
  const std::string where(file);
  if (doc.HasParseError() || !doc.IsObject()) json::fail(where, "not a JSON object");
  PriceTable p;
  p.name = json::text(doc, "name", where, true);
  p.title = json::text(doc, "title", where);
  p.region = json::text(doc, "region", where);
  p.currency = json::text(doc, "currency", where, false, "USD");
  p.read_on = json::text(doc, "readOn", where, true);
  p.source = json::text(doc, "source", where);
  const rapidjson::Value& read = json::need(doc, "read", where);
  const rapidjson::Value& write = json::need(doc, "write", where);
  if (!json::need(read, "perMillion", where).IsNumber() ||
      !json::need(write, "perMillion", where).IsNumber()) {
    json::fail(where, "perMillion must be numbers");
  }
  p.read_per_million = read["perMillion"].GetDouble();
  p.write_per_million = write["perMillion"].GetDouble();
  return p;
}

// By name; the newest (by the date they were read) last.
const std::map<std::string, PriceTable, std::less<>>& tables() {
  static const auto all = [] {
    std::map<std::string, PriceTable, std::less<>> out;
    for (const EmbeddedModelFile& f : embedded_model_files()) {
      if (!f.name.starts_with(kPrefix)) continue;
      PriceTable p = read_prices(f.name, f.text);
      std::string name = p.name;
      out.emplace(std::move(name), std::move(p));
    }
    return out;
  }();
  return all;
}

}  // namespace

const PriceTable& price_table(std::string_view name) {
  if (name.empty()) {
    const PriceTable* newest = nullptr;
    for (const auto& [n, p] : tables()) {
      if (newest == nullptr || p.read_on > newest->read_on) newest = &p;
    }
    if (newest == nullptr) throw ModelFileError("no built-in price table");
    return *newest;
  }
  auto it = tables().find(name);
  if (it == tables().end()) throw ModelFileError("no price table named " + std::string(name));
  return it->second;
}

double price_per_million(const PriceTable& prices, double read_units, double write_units) {
  return read_units * prices.read_per_million + write_units * prices.write_per_million;
}

std::string price_table_json(const PriceTable& p) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> out(buffer);
  out.StartObject();
  for (const auto& [key, value] : {std::pair<const char*, const std::string*>{"name", &p.name},
                                   {"title", &p.title},
                                   {"region", &p.region},
                                   {"currency", &p.currency},
                                   {"readOn", &p.read_on},
                                   {"source", &p.source}}) {
    out.Key(key);
    out.String(value->c_str(), static_cast<rapidjson::SizeType>(value->size()));
  }
  out.Key("readPerMillion");
  out.Double(p.read_per_million);
  out.Key("writePerMillion");
  out.Double(p.write_per_million);
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini::model
