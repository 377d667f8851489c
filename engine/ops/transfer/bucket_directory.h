#pragma once

// S3 as local directories, for ExportTableToPointInTime and ImportTable.
// There is no S3 here: an S3Bucket value names a directory and an object key
// a path inside it ('/' separating directories).
//   S3Bucket "file:///abs/dir"  ->  /abs/dir
//   S3Bucket "name"             ->  <Options::bucket_directory>/name (when set)
// A bucket whose directory does not exist is S3's NoSuchBucket.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace dynamini {

// The directory of `bucket`, or nullopt when it names none (a bucket name and
// no bucket directory configured). Does not check that it exists.
std::optional<std::filesystem::path> bucket_path(const std::string& bucket,
                                                 const std::string& bucket_directory);

// S3's answer for a bucket that does not exist, with what dynamini looked for.
std::string no_such_bucket_message(const std::string& bucket,
                                   const std::optional<std::filesystem::path>& path);

// The path of object `key` in `bucket`, or nullopt when the key would leave
// the bucket's directory (a ".." segment).
std::optional<std::filesystem::path> object_path(const std::filesystem::path& bucket,
                                                 const std::string& key);

// "prefix/key", the way DynamoDB joins S3Prefix and its keys ("foo/" and
// "foo" both give "foo/key": ack-api-quirks DDB-EXPORT-018); "key" alone when
// the prefix is empty.
std::string prefixed_key(const std::string& prefix, const std::string& key);

struct BucketObject {
  std::string key;
  std::filesystem::path path;
  uint64_t size = 0;
};
// Every regular file under `bucket` whose key starts with `prefix` (a raw
// string prefix, as S3's: "data" matches data/1.json and data.bak), by key.
std::vector<BucketObject> list_objects(const std::filesystem::path& bucket,
                                       const std::string& prefix);

}  // namespace dynamini
