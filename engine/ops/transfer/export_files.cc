#include "export_files.h"

#include <openssl/evp.h>
#include <zlib.h>

#include <fstream>
#include <random>

#include "bucket_directory.h"
#include "values/base64.h"
#include "values/iso_time.h"
#include "values/json.h"

namespace dynamini {

namespace fs = std::filesystem;

struct ExportFiles::DataFile {
  std::string name;
  fs::path path;
  gzFile gz = nullptr;
  int64_t items = 0;
};

namespace {

// A data file's name: 26 random characters of [a-z0-9], as DynamoDB's
// (e.g. bafybeiczss3yxay3o4abnabbb.json.gz in the Developer Guide).
std::string random_name() {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  const char* chars = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::string out;
  for (int i = 0; i < 26; ++i) out.push_back(chars[rng() % 36]);
  return out;
}

void write_file(const fs::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) throw ExportWriteError("cannot write " + path.string());
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void string_or_null(JsonWriter& w, const char* key, const std::string& value) {
  w.Key(key);
  if (value.empty()) {
    w.Null();
  } else {
    write_string(w, value);
  }
}

// manifest-summary.json as the Developer Guide shows it (its members in its
// order; s3SseAlgorithm AES256 as DescribeExport reports by default).
std::string summary_json(const ExportSummary& s, const std::string& manifest_files_key) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("version");
  w.String("2020-06-30");
  string_or_null(w, "exportArn", s.export_arn);
  string_or_null(w, "startTime", iso_time_ms(s.start_ms));
  string_or_null(w, "endTime", iso_time_ms(s.end_ms));
  string_or_null(w, "tableArn", s.table_arn);
  string_or_null(w, "tableId", s.table_id);
  string_or_null(w, "exportTime", iso_time_ms(s.export_ms));
  string_or_null(w, "s3Bucket", s.s3_bucket);
  string_or_null(w, "s3Prefix", s.s3_prefix);
  string_or_null(w, "s3SseAlgorithm", "AES256");
  string_or_null(w, "s3SseKmsKeyId", "");
  string_or_null(w, "manifestFilesS3Key", manifest_files_key);
  w.Key("billedSizeBytes");
  w.Int64(s.billed_size_bytes);
  w.Key("itemCount");
  w.Int64(s.item_count);
  string_or_null(w, "outputFormat", s.output_format);
  if (!s.export_type.empty()) string_or_null(w, "exportType", s.export_type);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace

std::string hex(std::string_view bytes) {
  const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  return out;
}

std::string file_md5(const fs::path& path) {
  const std::string bytes = read_file(path);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_md5(), nullptr);
  return std::string(reinterpret_cast<const char*>(digest), size);
}

ExportFiles::ExportFiles(const fs::path& bucket, std::string prefix, std::string export_id,
                         std::string extension)
    : bucket_(bucket), prefix_(std::move(prefix)), extension_(std::move(extension)) {
  base_key_ = prefixed_key(prefix_, "AWSDynamoDB/" + export_id);
  auto dir = object_path(bucket_, base_key_);
  if (!dir) throw ExportWriteError("the prefix leaves the bucket's directory");
  dir_ = *dir;
  std::error_code ec;
  fs::create_directories(dir_ / "data", ec);
  if (ec) throw ExportWriteError("cannot create " + (dir_ / "data").string() + ": " + ec.message());
  write_file(dir_ / "_started", "");
}

ExportFiles::~ExportFiles() {
  if (current_ && current_->gz) gzclose(current_->gz);
}

std::string ExportFiles::key(const std::string& name) const { return base_key_ + "/" + name; }

void ExportFiles::open_data_file() {
  current_ = std::make_unique<DataFile>();
  current_->name = "data/" + random_name() + "." + extension_;
  current_->path = dir_ / current_->name;
  current_->gz = gzopen(current_->path.c_str(), "wb");
  if (!current_->gz) throw ExportWriteError("cannot write " + current_->path.string());
}

void ExportFiles::close_data_file() {
  if (!current_) return;
  if (gzclose(current_->gz) != Z_OK) {
    current_->gz = nullptr;
    throw ExportWriteError("cannot write " + current_->path.string());
  }
  current_->gz = nullptr;
  const std::string md5 = file_md5(current_->path);
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("itemCount");
  w.Int64(current_->items);
  w.Key("md5Checksum");
  write_string(w, base64_encode(md5));
  w.Key("etag");
  write_string(w, hex(md5));
  w.Key("dataFileS3Key");
  write_string(w, key(current_->name));
  w.EndObject();
  manifest_lines_.emplace_back(buffer.GetString(), buffer.GetSize());
  current_.reset();
}

void ExportFiles::write_line(std::string_view line) {
  if (current_ && current_->items >= kItemsPerDataFile) close_data_file();
  if (!current_) open_data_file();
  if (gzwrite(current_->gz, line.data(), static_cast<unsigned>(line.size())) !=
          static_cast<int>(line.size()) ||
      gzputc(current_->gz, '\n') != '\n') {
    throw ExportWriteError("cannot write " + current_->path.string());
  }
  ++current_->items;
}

std::string ExportFiles::finish(ExportSummary summary) {
  if (!current_ && manifest_lines_.empty()) open_data_file();  // an empty table: one empty file
  close_data_file();
  std::string files;
  for (const auto& line : manifest_lines_) files += line + "\n";
  write_file(dir_ / "manifest-files.json", files);
  write_file(dir_ / "manifest-files.checksum", hex(file_md5(dir_ / "manifest-files.json")));
  const std::string text = summary_json(summary, key("manifest-files.json"));
  write_file(dir_ / "manifest-summary.json", text);
  write_file(dir_ / "manifest-summary.checksum", hex(file_md5(dir_ / "manifest-summary.json")));
  return key("manifest-summary.json");
}

}  // namespace dynamini
