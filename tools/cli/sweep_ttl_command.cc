#include <iostream>
#include <string>
#include <string_view>

#include "cli/api_target.h"
#include "cli/commands.h"
#include "dynamini/database.h"

namespace dynamini::cli {

// dynamini sweep-ttl (--db FILE | --endpoint URL)
// Deletes every item whose Time to Live has expired, now, as the background
// sweeper does (for tests that cannot wait for it). Against a running server
// it uses the admin endpoint, so that server must run with --admin.
int run_sweep_ttl(int argc, char** argv) {
  std::string db, endpoint;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if ((arg == "--db" || arg == "--endpoint") && i + 1 < argc) {
      (arg == "--db" ? db : endpoint) = argv[++i];
    } else if (arg == "--help") {
      std::cout << "Usage: dynamini sweep-ttl (--db FILE | --endpoint URL)\n"
                   "Deletes expired items now and prints how many (a server must run with "
                   "--admin).\n";
      return 0;
    } else {
      std::cerr << "dynamini sweep-ttl: unknown argument '" << arg << "'\n";
      return 1;
    }
  }
  if (db.empty() == endpoint.empty()) {
    std::cerr << "dynamini sweep-ttl: usage: dynamini sweep-ttl (--db FILE | --endpoint URL)\n";
    return 1;
  }
  try {
    if (!db.empty()) {
      auto database = Database::open({.path = db, .ttl_sweep_interval_ms = 0});
      std::cout << "deleted " << database->sweep_expired_items() << " expired items\n";
      return 0;
    }
    auto [status, body] = post_to_endpoint(endpoint, "/dynamini/admin/sweep-ttl");
    if (status != 200) {
      std::cerr << "dynamini sweep-ttl: " << endpoint << " answered " << status << ": " << body
                << "\n";
      return 1;
    }
    std::cout << body << "\n";
  } catch (const std::exception& e) {
    std::cerr << "dynamini sweep-ttl: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dynamini::cli
