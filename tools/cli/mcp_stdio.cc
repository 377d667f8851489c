#include <string>

#include "cli/mcp_transports.h"

namespace dynamini::cli {

int serve_mcp_stdio(const std::vector<McpTool>& tools, const McpServerInfo& info, std::istream& in,
                    std::ostream& out) {
  McpSession session(tools, info);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (auto response = session.handle(line)) {
      // Messages "MUST NOT contain embedded newlines": RapidJSON's compact
      // writer escapes every control character inside strings.
      out << *response << '\n';
      out.flush();
    }
  }
  return 0;
}

}  // namespace dynamini::cli
