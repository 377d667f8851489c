#pragma once

// The inbox model as one JSON document, for the console (GET
// /console/api/model, registered by the `dynamini` command) and for anything
// else that wants the model as data. Built from the model's own definitions:
// the CreateTable request (inbox_data.h), the entities and notes
// (inbox_entities.h), the patterns and parameters (inbox_patterns.h) and the
// request templates (inbox_requests.h). Shape:
//
// {"model": "inbox", "title": "...", "table": "inbox", "index": "GSI1",
//  "schema": {CreateTable request},
//  "focus": "USER#{{user}}",        the partition a picture shows first
//  "notes": ["...", ...],
//  "parameters": [{"name", "label", "type": "string"|"number"|"key",
//                  "default" (or null), "required", "description",
//                  "choices": {"pattern", "value", "label"} or null}],
//  "entities": [{"name", "description", "keys": {"pk": "USER#{{user}}", ...},
//                "indexKeys": {"gsi1pk": ..., ...} or null, "indexedWhile",
//                "summary": ["type", ...], "counter" (or null),
//                "action" (a pattern id, or null)}],
//  "patterns": [{"id", "name", "command", "entity", "summary", "why",
//                "parameters": ["user", ...], "cursor" (a parameter or null),
//                "steps": [{"template", "operation", "title", "when" (or null),
//                           "request": {the template, JSON}}]}]}
//
// Key values and requests are templates (model/request_template.h) whose
// placeholders are the parameters' names.

#include <string>

namespace dynamini::model {

// The catalogue, compact JSON. The same text on every call.
const std::string& inbox_catalogue_json();

}  // namespace dynamini::model
