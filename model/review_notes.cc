#include "model/review_notes.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "model/embedded_model_files.h"
#include "model/model_file.h"
#include "model_json.h"

namespace dynamini::model {
namespace {

constexpr std::string_view kFile = "review-notes.json";

std::vector<ModelNote> read_notes() {
  for (const EmbeddedModelFile& f : embedded_model_files()) {
    if (f.name != kFile) continue;
    rapidjson::Document doc;
    doc.Parse(f.text.data(), f.text.size());
    std::vector<ModelNote> notes;
    const rapidjson::Value& list = json::array(doc, "notes", std::string(kFile), true);
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      const std::string where = json::at(std::string(kFile), i);
      notes.push_back({json::text(list[i], "id", where, true), json::text(list[i], "title", where),
                       json::text(list[i], "text", where, true)});
    }
    return notes;
  }
  throw ModelFileError("the built-in review notes are missing");
}

}  // namespace

const std::vector<ModelNote>& review_notes() {
  static const std::vector<ModelNote> notes = read_notes();
  return notes;
}

const ModelNote* find_review_note(std::string_view id) {
  for (const ModelNote& n : review_notes()) {
    if (n.id == id) return &n;
  }
  return nullptr;
}

const std::string& review_notes_json() {
  static const std::string text = [] {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> out(buffer);
    out.StartObject();
    out.Key("notes");
    out.StartArray();
    for (const ModelNote& n : review_notes()) {
      out.StartObject();
      out.Key("id");
      out.String(n.id.c_str());
      out.Key("title");
      out.String(n.title.c_str());
      out.Key("text");
      out.String(n.text.c_str());
      out.EndObject();
    }
    out.EndArray();
    out.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
  }();
  return text;
}

}  // namespace dynamini::model
