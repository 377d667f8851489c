#pragma once

// A model as one JSON document for the console (GET /console/api/model,
// registered by the `dynamini` command) and anything else that wants it as
// data, and its key design as text for `dynamini model patterns`. Shape:
//
// {"model": "inbox", "title", "description", "origin", "runner" (or null),
//  "table": the focus table, "index": its first GSI (or null),
//  "schema": its CreateTable request, "tables": [{"name", "schema"}],
//  "focus": "USER#{{user}}",          the partition a picture shows first
//  "notes": [{"id", "title", "text"}],
//  "parameters": [{"name", "label", "type": "string"|"number"|"key",
//                  "default" (or null), "required", "description",
//                  "choices": {"pattern", "value", "label"} or null}],
//  "entities": [{"name", "description", "table", "keys": {"pk": "USER#{{user}}", ...},
//                "indexKeys": {...} or null, "index" (or null), "indexedWhile" (or null),
//                "summary": [...], "counter" (or null), "action" (a pattern id, or null)}],
//  "patterns": [{"id", "name", "command", "entity", "summary", "why", "note" (or null),
//                "parameters": [...], "cursor" (or null),
//                "steps": [{"template", "operation", "title", "when" (or null), "pages",
//                           "expect": [...], "capture": {...} or null,
//                           "request": {the template}}]}],
//  "lessons": [... as in the model file],
//  "prices": model/pricing.h's price_table_json}
//
// Key values and requests are templates (model/request_template.h) whose
// placeholders are the parameters' names.

#include <string>

#include "model/model_definition.h"

namespace dynamini::model {

std::string model_catalogue_json(const ModelDefinition& model);

// The tables with their keys and indexes, a line per entity with its keys
// ({{x}} shown as <x>), then the notes.
std::string model_key_design(const ModelDefinition& model);

}  // namespace dynamini::model
