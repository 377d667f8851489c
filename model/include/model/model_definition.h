#pragma once

// A teaching model as data: what one model file holds (model/models/*.json
// ship with dynamini; `dynamini --model FILE` and the console load others;
// model/model_file.h reads them, model/workbench_import.h converts a NoSQL
// Workbench export). A model file is a JSON object:
//
//   {"format": "dynamini-model/1", "name": "shop", "title": "...", "description": "...",
//    "runner": "inbox",            optional: its patterns are run by C++ behaviours
//                                  (model/model_runner.h); absent: by their templates
//    "tables": [CreateTable request, ...],
//    "focus": {"table": "shop", "partition": "USER#{{user}}"},  what a picture shows first
//    "items": {"<table>": [item, ...]},                           sample items, DynamoDB JSON
//    "generate": [{"table", "count", "start" (epoch s), "step" (s),
//                  "cycle": [item template, ...]}],             more, made from templates
//                  whose {{i}} (0001...), {{t}} (epoch s) and {{date}} (ISO) are filled in
//    "parameters": [{"name", "label", "type": "string"|"number"|"key", "default",
//                    "required", "description", "choices": {"pattern","value","label"}}],
//    "entities": [{"name", "description", "table", "keys": {"PK": "USER#{{user}}", ...},
//                  "indexKeys": {...}, "index", "indexedWhile", "summary": [...],
//                  "counter", "action"}],
//    "templates": {"<id>": {"operation": "Query", "request": {request template}}},
//    "patterns": [{"id", "command", "name", "entity", "summary", "why", "note",
//                  "parameters": [names], "cursor": a parameter or absent,
//                  "steps": [{"template", "title", "when", "pages", "capture", "expect"}]}],
//    "notes": [{"id", "title", "text"}],
//    "lessons": [{"id", "title", "note", "intro", "reset",
//                 "steps": [{"text", "run": {"pattern", "params"}, "question",
//                            "answer": {"kind": "number"|"choice", "from" | "compare",
//                                       "choices", "missing"}, "explain"}]}],
//    "prices": "<name of a price table>"}    optional (model/pricing.h)
//
// Request templates are model/request_template.h's. A step's "pages": N
// sends it up to N times, each with the pattern's cursor parameter set to
// the LastEvaluatedKey before; "capture": {"param": "Item.version.N"} sets
// a parameter from the step's response for the steps after it; "expect":
// ["ConditionalCheckFailedException"] makes that error an outcome of the
// pattern rather than a failure.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dynamini::model {

struct ModelParameter {
  std::string name;  // as the templates name it: {{user}}
  std::string label;
  std::string type;          // "string", "number" or "key" (a LastEvaluatedKey)
  std::string default_json;  // the default as a JSON value; empty: none
  bool required = false;
  std::string description;
  // Where the console offers values from: the items pattern
  // `choices_pattern` returns, their `choices_value` attribute, labelled by
  // `choices_label`. Empty: typed in.
  std::string choices_pattern;
  std::string choices_value;
  std::string choices_label;
};

struct ModelTemplate {
  std::string id;         // "recent"
  std::string operation;  // "Query"
  std::string body;       // the request template, JSON text
};

struct ModelStep {
  std::string template_id;
  std::string title;
  std::string when;  // empty: always; else when the model's code sends it
  int pages = 1;     // > 1: follow LastEvaluatedKey this many pages at most
  std::vector<std::pair<std::string, std::string>> capture;  // parameter, response path
  std::vector<std::string> expect;                           // error types that are outcomes
};

struct ModelPattern {
  std::string id;       // "AP1"
  std::string command;  // "recent USER [--limit N]": its name on the command line, then usage
  std::string name;
  std::string entity;
  std::string summary;  // the requests in one line, keys spelled out
  std::string why;
  std::string note;  // the id of the note that explains it, or empty
  std::vector<std::string> parameters;
  std::string cursor;  // the parameter taking LastEvaluatedKey, or empty
  std::vector<ModelStep> steps;

  // The first word of `command` ("recent").
  std::string command_word() const;
};

struct ModelEntity {
  std::string name;
  std::string description;
  std::string table;
  std::vector<std::pair<std::string, std::string>> keys;        // attribute, key template
  std::vector<std::pair<std::string, std::string>> index_keys;  // while in `index`
  std::string index;
  std::string indexed_while;
  std::vector<std::string> summary;
  std::string counter;
  std::string action;
};

struct ModelNote {
  std::string id;
  std::string title;
  std::string text;
};

struct GeneratedItems {
  std::string table;
  int64_t count = 0;
  int64_t start = 0;               // epoch seconds of item 0
  int64_t step = 0;                // seconds between items
  std::vector<std::string> cycle;  // item templates, used in turn
};

struct ModelDefinition {
  std::string name;
  std::string title;
  std::string description;
  std::string runner;  // empty: generic
  std::string origin;  // where it was read from ("built in", a file name)
  // The --model value that loads it again from the command line: a shipped
  // model's name, or the path its file was read from; empty when nothing
  // does (a model uploaded in the console: the browser gives no path).
  std::string argument;
  std::vector<std::string> tables;                         // CreateTable requests, JSON
  std::vector<std::pair<std::string, std::string>> items;  // table, item JSON
  std::vector<GeneratedItems> generated;
  std::string focus_table;
  std::string focus_partition;
  std::vector<ModelParameter> parameters;
  std::vector<ModelEntity> entities;
  std::vector<ModelTemplate> templates;
  std::vector<ModelPattern> patterns;
  std::vector<ModelNote> notes;
  std::string lessons_json;  // the lessons array as given (the console runs them)
  std::string prices;        // a price table's name; empty: the default

  // By id, or by the first word of its command.
  const ModelPattern* find_pattern(std::string_view id_or_command) const;
  const ModelParameter* find_parameter(std::string_view name) const;
  const ModelTemplate* find_template(std::string_view id) const;
  // The TableName of each CreateTable request, in order.
  std::vector<std::string> table_names() const;
};

}  // namespace dynamini::model
