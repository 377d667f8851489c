#include <iostream>
#include <string>
#include <string_view>

#include "cli/api_target.h"
#include "cli/commands.h"

namespace dynamini::cli {

// dynamini health [--endpoint URL]
// Exit 0 when the server at URL (default http://127.0.0.1:8000) answers a
// ListTables call, else 1 with the reason on stderr: a container's
// HEALTHCHECK (tools/packaging/Containerfile), where no shell or curl exists.
int run_health(int argc, char** argv) {
  std::string endpoint = "http://127.0.0.1:8000";
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--endpoint" && i + 1 < argc) {
      endpoint = argv[++i];
    } else if (arg == "--help") {
      std::cout << "Usage: dynamini health [--endpoint URL]\n"
                   "Exit 0 when the server at URL (default http://127.0.0.1:8000) answers "
                   "ListTables.\n";
      return 0;
    } else {
      std::cerr << "dynamini health: unknown argument '" << arg << "'\n";
      return 1;
    }
  }
  try {
    Result result = open_endpoint_target(endpoint)->execute("ListTables", R"({"Limit":1})");
    if (result.error) {
      std::cerr << "dynamini health: " << endpoint << ": " << result.error->message << "\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "dynamini health: " << e.what() << "\n";
    return 1;
  }
  std::cout << "dynamini health: " << endpoint << " ok\n";
  return 0;
}

}  // namespace dynamini::cli
