#include "import_source.h"

#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>
#include <zlib.h>

#include <fstream>

namespace dynamini {

std::string read_object_text(const std::filesystem::path& path, bool gzip) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ImportReadError("cannot read " + path.string());
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!gzip) return bytes;
  if (bytes.size() < 2 || static_cast<unsigned char>(bytes[0]) != 0x1f ||
      static_cast<unsigned char>(bytes[1]) != 0x8b) {
    throw ImportReadError(path.filename().string() + " is not gzip data");
  }
  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK) throw ImportReadError("zlib: cannot start inflating");
  z.next_in = reinterpret_cast<Bytef*>(bytes.data());
  z.avail_in = static_cast<uInt>(bytes.size());
  std::string out;
  char buffer[65536];
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof buffer;
    rc = inflate(&z, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) break;
    out.append(buffer, sizeof buffer - z.avail_out);
    // Concatenated gzip members (as `cat a.gz b.gz` makes) read as one.
    if (rc == Z_STREAM_END && z.avail_in > 0) {
      inflateReset(&z);
      rc = Z_OK;
    }
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END) throw ImportReadError(path.filename().string() + ": bad gzip data");
  return out;
}

void for_each_json_value(std::string_view text,
                         const std::function<void(const Json& value, size_t end)>& visit,
                         const std::function<void(size_t at)>& garbage) {
  size_t at = 0;
  while (true) {
    while (at < text.size() &&
           (text[at] == ' ' || text[at] == '\n' || text[at] == '\r' || text[at] == '\t')) {
      ++at;
    }
    if (at >= text.size()) return;
    rapidjson::MemoryStream memory(text.data() + at, text.size() - at);
    rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> stream(memory);
    rapidjson::Document doc;
    doc.ParseStream<rapidjson::kParseStopWhenDoneFlag | rapidjson::kParseValidateEncodingFlag |
                    rapidjson::kParseIterativeFlag>(stream);
    if (doc.HasParseError()) return garbage(at);
    at += stream.Tell();
    visit(doc, at);
  }
}

}  // namespace dynamini
