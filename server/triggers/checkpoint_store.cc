#include "triggers/checkpoint_store.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace dynamini::triggers {

CheckpointStore::CheckpointStore(std::string path) : path_(std::move(path)) {
  std::ifstream in(path_);
  if (!in) return;
  std::stringstream text;
  text << in.rdbuf();
  rapidjson::Document d;
  d.Parse(text.str().c_str());
  if (d.HasParseError() || !d.IsObject() || !d.HasMember("checkpoints") ||
      !d["checkpoints"].IsObject()) {
    return;
  }
  for (const auto& [key, value] : d["checkpoints"].GetObject()) {
    if (value.IsString()) checkpoints_[key.GetString()] = value.GetString();
  }
}

std::optional<std::string> CheckpointStore::get(const std::string& key) const {
  std::lock_guard lock(mutex_);
  auto it = checkpoints_.find(key);
  if (it == checkpoints_.end()) return std::nullopt;
  return it->second;
}

void CheckpointStore::put(const std::string& key, const std::string& sequence_number) {
  std::lock_guard lock(mutex_);
  checkpoints_[key] = sequence_number;
  write_locked();
}

void CheckpointStore::write_locked() const {
  rapidjson::StringBuffer b;
  rapidjson::Writer<rapidjson::StringBuffer> w(b);
  w.StartObject();
  w.Key("checkpoints");
  w.StartObject();
  for (const auto& [key, seq] : checkpoints_) {
    w.Key(key.c_str());
    w.String(seq.c_str());
  }
  w.EndObject();
  w.EndObject();
  const std::string temporary = path_ + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << b.GetString() << "\n";
    if (!out) throw std::runtime_error("cannot write " + temporary);
  }
  if (std::rename(temporary.c_str(), path_.c_str()) != 0) {
    throw std::runtime_error("cannot replace " + path_);
  }
}

}  // namespace dynamini::triggers
