#pragma once

#include <span>
#include <string_view>

// The inbox model as data: the CreateTable request and the sample items, in
// DynamoDB JSON, exactly as a client would send them. Internal to model/ and
// its tests; load_inbox() (inbox_seed.h) is the public entry point.
namespace dynamini::model {

// Name of the table the inbox lives in.
inline constexpr std::string_view kInboxTableName = "inbox";

// The CreateTable request for `inbox` (pk/sk, sparse GSI1, PAY_PER_REQUEST,
// a NEW_AND_OLD_IMAGES stream).
std::string_view inbox_create_table_request();

// The sample items (each a DynamoDB JSON object suitable as PutItem's "Item"),
// in load order: u_alice's three notifications oldest first, then her
// InboxMeta.
std::span<const std::string_view> inbox_sample_items();

}  // namespace dynamini::model
