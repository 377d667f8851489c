#pragma once

// The inbox's item kinds (entities) as data: how each is keyed in the table
// and in GSI1, what a picture of the table shows of it, and the design notes
// behind the keys. The pattern catalogue (inbox_catalogue.h) publishes them;
// `dynamini inbox patterns` prints them as the key design.
//
// Key values are templates (model/request_template.h): "USER#{{user}}" is
// the partition key of user `user`'s items, and the placeholders are named
// like the patterns' parameters, so the keys of an item give the parameters
// of the pattern that acts on it.

#include <span>
#include <string>
#include <string_view>

namespace dynamini::model {

struct KeyTemplate {
  std::string_view attribute;  // "pk"
  std::string_view value;      // "USER#{{user}}"
};

struct Entity {
  std::string_view name;         // "Notification"
  std::string_view description;  // what the item is, one line
  KeyTemplate partition_key;     // pk
  KeyTemplate sort_key;          // sk
  // The GSI1 keys the item carries while `indexed_while` holds; empty
  // attributes when the item is never in GSI1.
  KeyTemplate index_partition_key;
  KeyTemplate index_sort_key;
  std::string_view indexed_while;  // "unread"
  // Attributes worth showing beside the keys, comma-separated; a dot names a
  // member of a map ("payload.preview").
  std::string_view summary;
  // An attribute the picture shows on the item's partition (a counter), or
  // empty.
  std::string_view counter;
  // The pattern that acts on one such item (run with the parameters its
  // keys give), or empty.
  std::string_view action;
};

// Notification, InboxMeta, ReadAllJob, Follower, Post.
std::span<const Entity> inbox_entities();

// Why the keys are what they are, one note a line.
std::span<const std::string_view> inbox_design_notes();

// The key design as text: the table and GSI1, a row per entity with its
// keys ({{x}} shown as <x>), then the notes.
std::string inbox_key_design();

}  // namespace dynamini::model
