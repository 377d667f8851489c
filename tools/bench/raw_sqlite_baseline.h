#pragma once

// The physical limit: the rows and index rows dynamini writes for a PutItem,
// and the row it reads for a GetItem, done with raw SQLite prepared
// statements in this process (same schema, same encoding, one transaction per
// write). dynamini's figures are quoted as a ratio of these.

#include <string>
#include <vector>

struct RawRow {
  std::string pk, sk, item_json, gsi_pk, gsi_sk;  // gsi_pk empty: not in the index
};

struct RawFigures {
  double puts_per_second;
  double gets_per_second;
  double get_p50_us;
};

RawFigures measure_raw_sqlite(const std::vector<RawRow>& rows);
