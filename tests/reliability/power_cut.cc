#include "power_cut.h"

#include <fstream>
#include <stdexcept>

namespace dynamini::testing {

const char* crash_name(Crash crash) {
  switch (crash) {
    case Crash::kProcess:
      return "process crash";
    case Crash::kPowerLoss:
      return "power loss";
    case Crash::kPowerLossSomeWritten:
      return "power loss, some unsynced writes kept";
  }
  return "?";
}

void DiskModel::change(std::string& content, const FileEvent& event) {
  if (event.kind == FileEvent::Kind::kTruncate) {
    content.resize(static_cast<size_t>(event.offset));
    return;
  }
  const size_t end = static_cast<size_t>(event.offset) + event.bytes.size();
  if (content.size() < end) content.resize(end);  // a hole reads as zeros
  content.replace(static_cast<size_t>(event.offset), event.bytes.size(), event.bytes);
}

void DiskModel::apply(const FileEvent& event) {
  switch (event.kind) {
    case FileEvent::Kind::kCreate:
      inodes_[event.inode] = Inode{};
      cached_names_[event.name] = event.inode;
      unsynced_names_.push_back(&event);
      break;
    case FileEvent::Kind::kDelete:
      cached_names_.erase(event.name);
      unsynced_names_.push_back(&event);
      break;
    case FileEvent::Kind::kWrite:
    case FileEvent::Kind::kTruncate: {
      Inode& inode = inodes_.at(event.inode);
      change(inode.cached, event);
      inode.unsynced.push_back(&event);
      break;
    }
    case FileEvent::Kind::kSync: {
      Inode& inode = inodes_.at(event.inode);
      inode.durable = inode.cached;
      inode.unsynced.clear();
      break;
    }
    case FileEvent::Kind::kDirSync:
      durable_names_ = cached_names_;
      unsynced_names_.clear();
      break;
  }
}

void DiskModel::materialize(Crash crash, std::mt19937& rng, const std::string& directory) const {
  std::bernoulli_distribution kept(0.5);
  std::map<std::string, int> names = crash == Crash::kProcess ? cached_names_ : durable_names_;
  if (crash == Crash::kPowerLossSomeWritten) {
    for (const FileEvent* e : unsynced_names_) {
      if (!kept(rng)) continue;
      if (e->kind == FileEvent::Kind::kCreate) {
        names[e->name] = e->inode;
      } else {
        names.erase(e->name);
      }
    }
  }
  for (const auto& [name, number] : names) {
    const Inode& inode = inodes_.at(number);
    std::string content = crash == Crash::kProcess ? inode.cached : inode.durable;
    if (crash == Crash::kPowerLossSomeWritten) {
      for (const FileEvent* e : inode.unsynced) {
        if (kept(rng)) change(content, *e);
      }
    }
    std::ofstream out(directory + "/" + name, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out) throw std::runtime_error("cannot write " + directory + "/" + name);
  }
}

}  // namespace dynamini::testing
