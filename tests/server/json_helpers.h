#pragma once

#include <rapidjson/document.h>

#include <string>

namespace dynamini::test {

// Parses `body`; a parse failure leaves the document with HasParseError().
inline rapidjson::Document parse_json(const std::string& body) {
  rapidjson::Document doc;
  doc.Parse(body.data(), body.size());
  return doc;
}

inline std::string member(const rapidjson::Document& doc, const char* name) {
  if (!doc.IsObject() || !doc.HasMember(name) || !doc[name].IsString()) {
    return "<missing " + std::string(name) + ">";
  }
  return std::string(doc[name].GetString(), doc[name].GetStringLength());
}

}  // namespace dynamini::test
