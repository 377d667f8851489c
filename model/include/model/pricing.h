#pragma once

// What requests cost in money at DynamoDB's published on-demand rates, from
// a price table named with the date its rates were read
// (model/models/prices-<name>.json, built in; a model file may name one with
// "prices"). Request units are the capacity units DynamoDB reports for an
// on-demand table, so a pattern's price per million calls is its read units
// times the read rate plus its write units times the write rate.

#include <string>
#include <string_view>

namespace dynamini::model {

struct PriceTable {
  std::string name;             // "dynamodb-on-demand-us-east-1-2026-12-02"
  std::string title;            // "DynamoDB on-demand, Standard table class, US East (N. Virginia)"
  std::string region;           // "us-east-1"
  std::string currency;         // "USD"
  std::string read_on;          // the date the rates were read, "2026-12-02"
  std::string source;           // where they come from
  double read_per_million = 0;  // per million read request units
  double write_per_million = 0;  // per million write request units
};

// The built-in price table `name`; empty: the newest one. Throws
// ModelFileError (model/model_file.h) for an unknown name.
const PriceTable& price_table(std::string_view name = {});

// The cost of one million calls that each use `read_units` and
// `write_units`.
double price_per_million(const PriceTable& prices, double read_units, double write_units);

// {"name", "title", "region", "currency", "readOn", "source",
//  "readPerMillion", "writePerMillion"}
std::string price_table_json(const PriceTable& prices);

}  // namespace dynamini::model
