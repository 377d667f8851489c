#pragma once

// --log-requests: one readable line per API call, e.g.
//   PutItem inbox {pk=USER#u_alice, sk=NOTIF#01H...} 200 0.4ms 1.0 WCU
// then, when the request reviewer has a note on the call
// (ServerOptions::request_annotator), an indented line
//   review: Scan read 4 item(s) of inbox to return 4: ...
// and with --log-requests=aws a line with the equivalent AWS CLI
// command (dynamini/aws_cli_command.h):
//   aws dynamodb put-item --table-name inbox --item '{...}' --endpoint-url http://...
// Capacity is counted and written by dynamini/capacity_units.h, as in the
// console.

#include <cstdio>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "dynamini/database.h"
#include "dynamini/server.h"

namespace dynamini::cli {

// The key attribute names of a table (HASH first), empty when unknown.
using KeyNamesLookup = std::function<std::vector<std::string>(const std::string& table)>;

// "PutItem inbox {pk=..., sk=...} 200 0.4ms 1.0 WCU" (no newline). The key
// part is the request's Key, the key attributes of its Item (looked up with
// `key_names`) or its KeyConditionExpression with the values filled in.
std::string request_line(const ApiCall& call, const KeyNamesLookup& key_names);

// The observer the command installs: prints the lines to `out` (flushed per
// call, lines of concurrent calls never interleave).
class RequestLinePrinter {
 public:
  // REQUIRES: `db` outlives the printer.
  RequestLinePrinter(Database& db, bool with_aws_command, std::FILE* out);
  void set_endpoint(std::string endpoint);
  void operator()(const ApiCall& call);

 private:
  std::vector<std::string> key_names(const std::string& table);

  Database& db_;
  const bool with_aws_command_;
  std::FILE* out_;
  std::mutex mutex_;  // guards the fields below and the output
  std::string endpoint_;
  std::map<std::string, std::vector<std::string>> key_names_;
};

}  // namespace dynamini::cli
