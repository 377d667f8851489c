#pragma once

// The notes behind the request reviewer's lines (model/advisor.h): why a
// Scan, a filter that throws most away, a hot partition, an item near 400 KB,
// a collection that only grows, an index projecting ALL or a Query of one
// whole key deserve a second look. Data (model/models/review-notes.json),
// shown by the console's notes view, each line linking to its note.

#include <string>
#include <string_view>
#include <vector>

#include "model/model_definition.h"

namespace dynamini::model {

const std::vector<ModelNote>& review_notes();
const ModelNote* find_review_note(std::string_view id);

// {"notes": [{"id", "title", "text"}]}
const std::string& review_notes_json();

}  // namespace dynamini::model
