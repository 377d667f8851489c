#include "bucket_directory.h"

#include <algorithm>
#include <system_error>

namespace dynamini {

namespace fs = std::filesystem;

namespace {

// `path` made absolute, its existing part's symbolic links followed, "." and
// ".." removed, without a trailing separator; nullopt when that fails.
std::optional<fs::path> resolved(const fs::path& path) {
  std::error_code ec;
  fs::path out = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec || out.empty()) return std::nullopt;
  if (!out.has_filename() && out != out.root_path()) out = out.parent_path();
  return out;
}

// True when the resolved `path` is `root` or lies under it.
bool within(const fs::path& path, const fs::path& root) {
  auto [r, p] = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
  return r == root.end();
}

// `path` resolved, when it lies inside the resolved `root`.
std::optional<fs::path> resolved_within(const fs::path& path, const fs::path& root) {
  const auto base = resolved(root);
  auto where = resolved(path);
  if (!base || !where || !within(*where, *base)) return std::nullopt;
  return where;
}

}  // namespace

std::optional<fs::path> bucket_path(const std::string& bucket,
                                    const std::string& bucket_directory) {
  std::optional<fs::path> path;
  if (bucket.starts_with("file://")) {
    path = fs::path(bucket.substr(7));
  } else if (!bucket_directory.empty()) {
    path = fs::path(bucket_directory) / bucket;
  }
  if (!path || bucket_directory.empty()) return path;
  return resolved_within(*path, bucket_directory);
}

std::string no_such_bucket_message(const std::string& bucket, const std::optional<fs::path>& path) {
  // S3's words, as DynamoDB reports them (moto test_dynamodb_export_table.py
  // and test_dynamodb_import_table.py, aws_verified), then where dynamini looked.
  std::string out = "The specified bucket does not exist (dynamini: ";
  if (path) return out + "no directory " + path->string() + ")";
  return out + "S3Bucket '" + bucket +
         "' names no directory dynamini may use: pass S3Bucket as file:///absolute/dir, or start "
         "dynamini with --bucket-dir DIR to make bucket B the directory DIR/B; with --bucket-dir "
         "(the default on a non-loopback --host) a file:// bucket must lie inside DIR)";
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
  return resolved_within(out, bucket);
}

std::string prefixed_key(const std::string& prefix, const std::string& key) {
  if (prefix.empty()) return key;
  return prefix.back() == '/' ? prefix + key : prefix + "/" + key;
}

std::vector<BucketObject> list_objects(const fs::path& bucket_dir, const std::string& prefix) {
  std::vector<BucketObject> out;
  std::error_code ec;
  fs::path bucket = bucket_dir.lexically_normal();
  if (!bucket.has_filename() && bucket != bucket.root_path()) bucket = bucket.parent_path();
  for (fs::recursive_directory_iterator it(bucket, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    // The key as the directory tree spells it (fs::relative would follow links).
    std::string key = it->path().lexically_relative(bucket).generic_string();
    if (key.empty() || !key.starts_with(prefix)) continue;
    auto path = resolved_within(it->path(), bucket);
    if (!path) continue;  // a link to a file outside the bucket
    out.push_back({std::move(key), std::move(*path), it->file_size(ec)});
  }
  std::sort(out.begin(), out.end(),
            [](const BucketObject& a, const BucketObject& b) { return a.key < b.key; });
  return out;
}

}  // namespace dynamini
