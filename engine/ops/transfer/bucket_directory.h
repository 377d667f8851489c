#pragma once

// S3 as local directories, for ExportTableToPointInTime and ImportTable.
// There is no S3 here: an S3Bucket value names a directory and an object key
// a path inside it ('/' separating directories).
//   Options::bucket_directory empty (the default):
//     S3Bucket "file:///abs/dir"  ->  /abs/dir, any directory
//     S3Bucket "name"             ->  none
//   Options::bucket_directory ROOT (confined):
//     S3Bucket "name"             ->  ROOT/name
//     S3Bucket "file:///abs/dir"  ->  /abs/dir
//     each only when it lies inside ROOT (or is ROOT) once symbolic links,
//     "." and ".." are resolved; none otherwise, whatever the value says.
// A bucket that is none, or whose directory does not exist, is S3's
// NoSuchBucket. Objects never leave their bucket's directory, confined or
// not: a key with a ".." segment names none, and so does a key reached
// through a symbolic link that leads out of it.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace dynamini {

// The directory of `bucket` as above (resolved when confined), or nullopt
// when it names none. Does not check that it exists.
std::optional<std::filesystem::path> bucket_path(const std::string& bucket,
                                                 const std::string& bucket_directory);

// S3's answer for a bucket that does not exist, with what dynamini looked for.
std::string no_such_bucket_message(const std::string& bucket,
                                   const std::optional<std::filesystem::path>& path);

// The path of object `key` in `bucket`, with the symbolic links of its
// existing part resolved, or nullopt when the key would leave the bucket's
// directory (a ".." segment, or a link leading out of it).
std::optional<std::filesystem::path> object_path(const std::filesystem::path& bucket,
                                                 const std::string& key);

// "prefix/key", the way DynamoDB joins S3Prefix and its keys ("foo/" and
// "foo" both give "foo/key": ack-api-quirks DDB-EXPORT-018); "key" alone when
// the prefix is empty.
std::string prefixed_key(const std::string& prefix, const std::string& key);

struct BucketObject {
  std::string key;
  std::filesystem::path path;  // resolved: inside the bucket's directory
  uint64_t size = 0;
};
// Every regular file under `bucket` whose key starts with `prefix` (a raw
// string prefix, as S3's: "data" matches data/1.json and data.bak), by key.
// Links to directories are not followed, and a link to a file outside the
// bucket's directory is not an object.
std::vector<BucketObject> list_objects(const std::filesystem::path& bucket,
                                       const std::string& prefix);

}  // namespace dynamini
