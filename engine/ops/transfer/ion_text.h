#pragma once

// Amazon Ion text for DynamoDB's ION export format (Developer Guide, "DynamoDB
// table export output format", Amazon Ion): each line is the version marker
// and the item, e.g.
//   $ion_1_0 {Item:{Authors:$dynamodb_SS::["Author1","Author2"],Id:103.,Price:2d3}}
// with S as string, N as decimal, B as blob, BOOL as bool, NULL as null, L as
// list, M as struct, and the sets as lists annotated $dynamodb_SS,
// $dynamodb_NS or $dynamodb_BS.

#include <string>

#include "dynamini/attribute_value.h"

namespace dynamini {

// One line of an ION export: "$ion_1_0 {Item:{...}}".
std::string ion_export_line(const Item& item);
// A DynamoDB number (its canonical text) as an Ion decimal: "103" -> "103.",
// "1.5E+10" -> "1.5d10".
std::string ion_decimal(const std::string& number);

}  // namespace dynamini
