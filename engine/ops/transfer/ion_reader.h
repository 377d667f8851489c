#pragma once

// Reading ImportTable's ION objects: Amazon Ion text (Ion 1.0 specification)
// holding one struct per item, {Item:{...}}, as an ION export writes them
// (ops/transfer/ion_text.h), or a top-level list of such structs (the Developer
// Guide's Ion import example); version markers ($ion_1_0) and comments allowed.
// Ion to DynamoDB: string -> S, int and decimal -> N (a float too when it is
// finite), blob -> B, bool -> BOOL, null (of any type) -> NULL, list -> L
// (annotated $dynamodb_SS, $dynamodb_NS or $dynamodb_BS: the set), struct ->
// M. A timestamp, clob, s-expression or symbol value has no DynamoDB type:
// the item is an error. This is the subset DynamoDB's ION exports use, not a
// whole Ion reader (no binary Ion, no symbol tables).

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "dynamini/attribute_value.h"

namespace dynamini {

// Calls `visit` with each item of `text` and the offset just after it;
// `error` with an offset and the reason for a value that is not a valid item
// (reading goes on) or for text that is not Ion (reading stops there).
void for_each_ion_item(std::string_view text,
                       const std::function<void(Item item, size_t end)>& visit,
                       const std::function<void(size_t at, const std::string& why)>& error);

}  // namespace dynamini
