// dynamini: a DynamoDB-compatible server on SQLite.
//
//   dynamini [options]                 serve (see --help)
//   dynamini dump TABLE (--db FILE | --endpoint URL)
//   dynamini model list|patterns|run|import ...   the teaching models
//   dynamini inbox PATTERN ...        dynamini model run PATTERN --model inbox
//   dynamini mcp [...]                a Model Context Protocol server
//   dynamini copy --from URL|--db FILE --to URL   tables to another endpoint
//   dynamini export TABLE --to DIR ... ExportTableToPointInTime, with progress
//   dynamini import PATH --table T ... ImportTable, with progress
//   dynamini health [--endpoint URL]  exit 0 when a server answers (container HEALTHCHECK)
//
// Serving prints exactly one line once ready ("dynamini listening on
// http://HOST:PORT") and runs until SIGINT or SIGTERM (exit 0). Exit code 1
// on a bad flag, a database that cannot be opened, or an address it cannot
// listen on.

#include <string_view>

#include "cli/commands.h"

int main(int argc, char** argv) {
  if (argc > 1 && std::string_view(argv[1]) == "dump") {
    return dynamini::cli::run_dump(argc - 1, argv + 1);
  }
  if (argc > 1 && std::string_view(argv[1]) == "sweep-ttl") {
    return dynamini::cli::run_sweep_ttl(argc - 1, argv + 1);
  }
  if (argc > 1 && std::string_view(argv[1]) == "model") {
    return dynamini::cli::run_model(argc - 1, argv + 1);
  }
  if (argc > 1 && std::string_view(argv[1]) == "export") {
    return dynamini::cli::run_export(argc - 1, argv + 1);
  }
  if (argc > 1 && std::string_view(argv[1]) == "import") {
    return dynamini::cli::run_import(argc - 1, argv + 1);
  }
  if (argc > 1 && std::string_view(argv[1]) == "inbox") {
    return dynamini::cli::run_inbox(argc - 1, argv + 1);
  }
  if (argc > 1 && std::string_view(argv[1]) == "mcp") {
    return dynamini::cli::run_mcp(argc - 1, argv + 1);
  }
  if (argc > 1 && std::string_view(argv[1]) == "health") {
    return dynamini::cli::run_health(argc - 1, argv + 1);
  }
  if (argc > 1 && std::string_view(argv[1]) == "copy") {
    return dynamini::cli::run_copy(argc - 1, argv + 1);
  }
  return dynamini::cli::run_serve(argc, argv);
}
