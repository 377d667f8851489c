#pragma once

// DynamoDB's export layout, written to a local directory standing for the S3
// bucket (Developer Guide, "DynamoDB table export output format"):
//
//   <prefix>/AWSDynamoDB/<ExportId>/_started                 empty
//   <prefix>/AWSDynamoDB/<ExportId>/data/<random>.json.gz     gzip, one item per line
//   <prefix>/AWSDynamoDB/<ExportId>/manifest-files.json       one line per data file:
//       {"itemCount":N,"md5Checksum":"<base64 MD5>","etag":"<hex MD5>","dataFileS3Key":"..."}
//   <prefix>/AWSDynamoDB/<ExportId>/manifest-files.checksum   hex MD5 of manifest-files.json
//   <prefix>/AWSDynamoDB/<ExportId>/manifest-summary.json     the summary (version 2020-06-30)
//   <prefix>/AWSDynamoDB/<ExportId>/manifest-summary.checksum hex MD5 of manifest-summary.json
//
// Keys in the manifests are whole object keys (with the prefix). What the
// checksum files hold is not documented: dynamini writes the hex MD5. Data
// files hold up to kItemsPerDataFile items; an empty table gets one empty file.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace dynamini {

constexpr int64_t kItemsPerDataFile = 100000;

// A failure to write, with the FailureCode the export reports (S3AccessDenied).
class ExportWriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// manifest-summary.json's members (times in epoch milliseconds).
struct ExportSummary {
  std::string export_arn, table_arn, table_id, s3_bucket, s3_prefix, output_format;
  std::string export_type;  // written only for an incremental export
  int64_t start_ms = 0, end_ms = 0, export_ms = 0;
  int64_t billed_size_bytes = 0, item_count = 0;
};

class ExportFiles {
 public:
  // Creates the export's directory under `bucket` and writes _started.
  // `extension` is "json.gz" or "ion.gz". Throws ExportWriteError.
  ExportFiles(const std::filesystem::path& bucket, std::string prefix, std::string export_id,
              std::string extension);
  ~ExportFiles();
  ExportFiles(const ExportFiles&) = delete;
  ExportFiles& operator=(const ExportFiles&) = delete;

  // Appends one line (a newline is added) to the current data file.
  void write_line(std::string_view line);
  // Closes the data files and writes the manifests; returns the key of
  // manifest-summary.json (ExportManifest).
  std::string finish(ExportSummary summary);

 private:
  struct DataFile;
  void open_data_file();
  void close_data_file();
  std::string key(const std::string& name) const;

  std::filesystem::path bucket_, dir_;
  std::string prefix_, base_key_, extension_;
  std::unique_ptr<DataFile> current_;
  std::vector<std::string> manifest_lines_;
};

// The MD5 of a file's bytes (OpenSSL), raw.
std::string file_md5(const std::filesystem::path& path);
std::string hex(std::string_view bytes);

}  // namespace dynamini
