#include "bucket_directory.h"

#include <algorithm>
#include <system_error>

namespace dynamini {

namespace fs = std::filesystem;

std::optional<fs::path> bucket_path(const std::string& bucket,
                                    const std::string& bucket_directory) {
  if (bucket.starts_with("file://")) return fs::path(bucket.substr(7));
  if (bucket_directory.empty()) return std::nullopt;
  return fs::path(bucket_directory) / bucket;
}

std::string no_such_bucket_message(const std::string& bucket, const std::optional<fs::path>& path) {
  // S3's words, as DynamoDB reports them (moto test_dynamodb_export_table.py
  // and test_dynamodb_import_table.py, aws_verified), then where dynamini looked.
  std::string out = "The specified bucket does not exist (dynamini: ";
  if (path) return out + "no directory " + path->string() + ")";
  return out + "S3Bucket '" + bucket +
         "' names no directory: pass S3Bucket as file:///absolute/dir, or start dynamini with "
         "--bucket-dir DIR to make bucket B the directory DIR/B)";
}

std::optional<fs::path> object_path(const fs::path& bucket, const std::string& key) {
  fs::path out = bucket;
  size_t begin = 0;
  while (begin <= key.size()) {
    size_t slash = key.find('/', begin);
    if (slash == std::string::npos) slash = key.size();
    const std::string segment = key.substr(begin, slash - begin);
    if (segment == "..") return std::nullopt;
    if (!segment.empty() && segment != ".") out /= segment;
    begin = slash + 1;
  }
  return out;
}

std::string prefixed_key(const std::string& prefix, const std::string& key) {
  if (prefix.empty()) return key;
  return prefix.back() == '/' ? prefix + key : prefix + "/" + key;
}

std::vector<BucketObject> list_objects(const fs::path& bucket, const std::string& prefix) {
  std::vector<BucketObject> out;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(bucket, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    std::string key = fs::relative(it->path(), bucket, ec).generic_string();
    if (ec || !key.starts_with(prefix)) continue;
    out.push_back({std::move(key), it->path(), it->file_size(ec)});
  }
  std::sort(out.begin(), out.end(),
            [](const BucketObject& a, const BucketObject& b) { return a.key < b.key; });
  return out;
}

}  // namespace dynamini
