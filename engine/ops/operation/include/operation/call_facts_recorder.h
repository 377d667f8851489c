#pragma once

// Collects the CallFacts of the call running on this thread when its caller
// asked for them (ExecuteOptions::collect_facts). Database::execute opens a
// FactsRecording around the operation; the page reader (ops/queries/pagination.cc)
// and the item writer (ops/items/item_write.cc) note what they did into it. An
// operation runs on its caller's thread from start to end, so a call's facts
// never mix with another's. Without a recording, noting is one
// thread-local load and a branch.

#include <string_view>

#include "catalog/table_def.h"
#include "dynamini/call_facts.h"
#include "operation/consumed_capacity.h"
#include "storage/store.h"
#include "values/attribute_value.h"

namespace dynamini {

class FactsRecording {
 public:
  // Records into `facts` until destroyed; null records nothing.
  // `read_keys`: pages list the keys they read too.
  FactsRecording(CallFacts* facts, bool read_keys);
  ~FactsRecording();
  FactsRecording(const FactsRecording&) = delete;
  FactsRecording& operator=(const FactsRecording&) = delete;

 private:
  CallFacts* previous_;
  bool previous_read_keys_;
};

// A page about to be read, or null when nothing is being recorded.
CallFacts::Page* note_page(const TableDef& table, const IndexDef* index, bool query, bool filtered,
                           bool single_item);
// One item the page read (`row_json`: its stored row, which carries the
// table's key attributes) and whether it passed the filter; listed only when
// the recording asked for read keys.
void note_page_item(CallFacts::Page& page, const TableDef& table, std::string_view row_json,
                    bool returned);

// Whether this thread's call is recording its facts.
bool recording_facts();

// One item write, noted after the store made it: `old_item` before,
// `new_item` after (null: none); `footprint`, what Store::put reported for
// it, when it did (sizes and index entries are then not computed again);
// `consumed`, its write_consumption. Nothing is noted when neither item
// exists or nothing is being recorded.
void note_write(const TableDef& table, const Item* old_item, const Item* new_item,
                const WriteFootprint* footprint, const Consumption& consumed);

}  // namespace dynamini
