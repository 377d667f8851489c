#pragma once

// The subcommands of `dynamini`. Each returns the process exit code.

namespace dynamini::cli {

// `dynamini [options]`: serve (see serve_flags.h).
int run_serve(int argc, char** argv);
// `dynamini dump TABLE [--db FILE | --endpoint URL]`.
int run_dump(int argc, char** argv);
// `dynamini model list|patterns|run|import ...`: the teaching models.
int run_model(int argc, char** argv);
// `dynamini inbox PATTERN ...`: `dynamini model run PATTERN --model inbox`.
int run_inbox(int argc, char** argv);
// `dynamini mcp [...]`: a Model Context Protocol server (mcp_command.cc).
int run_mcp(int argc, char** argv);
// `dynamini copy (--from URL | --db FILE) --to URL [...]`: tables to another
// DynamoDB endpoint (copy_command.cc).
int run_copy(int argc, char** argv);
// `dynamini sweep-ttl (--db FILE | --endpoint URL)`: expire TTL items now.
int run_sweep_ttl(int argc, char** argv);
// `dynamini export TABLE --to DIR ...`: ExportTableToPointInTime with progress.
int run_export(int argc, char** argv);
// `dynamini import PATH --table T ...`: ImportTable with progress.
int run_import(int argc, char** argv);
// `dynamini health [--endpoint URL]`: exit 0 when a server answers (health_command.cc).
int run_health(int argc, char** argv);

}  // namespace dynamini::cli
