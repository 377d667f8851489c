#include <iostream>
#include <string>
#include <string_view>

#include "cli/api_target.h"
#include "cli/commands.h"
#include "cli/item_files.h"

namespace dynamini::cli {

// dynamini dump TABLE [--db FILE | --endpoint URL]
// Writes every item of TABLE to stdout as DynamoDB JSON lines (the format
// --seed TABLE=FILE reads back).
int run_dump(int argc, char** argv) {
  std::string table, db, endpoint;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(std::string(arg) + " needs a value");
      return argv[++i];
    };
    try {
      if (arg == "--db") {
        db = value();
      } else if (arg == "--endpoint") {
        endpoint = value();
      } else if (arg == "--help") {
        std::cout << "Usage: dynamini dump TABLE [--db FILE | --endpoint URL]\n"
                     "Writes every item of TABLE as DynamoDB JSON, one per line.\n";
        return 0;
      } else if (!arg.starts_with("-") && table.empty()) {
        table = std::string(arg);
      } else {
        throw std::runtime_error("unknown argument '" + std::string(arg) + "'");
      }
    } catch (const std::exception& e) {
      std::cerr << "dynamini dump: " << e.what() << "\n";
      return 1;
    }
  }
  if (table.empty() || (db.empty() == endpoint.empty())) {
    std::cerr << "dynamini dump: usage: dynamini dump TABLE (--db FILE | --endpoint URL)\n";
    return 1;
  }
  try {
    auto target = endpoint.empty() ? open_database_target(db) : open_endpoint_target(endpoint);
    dump_table(*target, table, std::cout);
  } catch (const std::exception& e) {
    std::cerr << "dynamini dump: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dynamini::cli
