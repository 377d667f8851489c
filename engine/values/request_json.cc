#include "values/request_json.h"

#include <cstdint>
#include <cstring>

namespace dynamini {
namespace {

// RapidJSON's recursive parser takes 144 bytes of stack per nesting level
// (-O2, measured with a SAX handler at depths 100 and 1,000): 512 levels stay
// under 80 KB. A request's nesting is at most its count of '[' and '{'.
constexpr size_t kMaxRecursiveNesting = 512;

constexpr uint64_t kHighBits = 0x8080808080808080ull;
constexpr uint64_t kLowSevenBits = 0x7F7F7F7F7F7F7F7Full;

// How many of the eight bytes in `word` are '[' or '{'. The two differ only
// in bit 0x20, so setting it maps both to '{'; a byte is then '{' exactly
// when its XOR with '{' is zero. The zero-byte test below has no carries
// between bytes, so it marks exactly those bytes with a 1 in their low bit,
// and the multiplication sums the eight marks into the top byte (a
// population count without the POPCNT instruction, which x86-64's baseline
// lacks: __builtin_popcountll is a libgcc call there).
size_t opening_brackets_in(uint64_t word) {
  const uint64_t x = (word | 0x2020202020202020ull) ^ 0x7B7B7B7B7B7B7B7Bull;
  const uint64_t zero_bytes = ~(((x & kLowSevenBits) + kLowSevenBits) | x | kLowSevenBits);
  return static_cast<size_t>(((zero_bytes >> 7) * 0x0101010101010101ull) >> 56);
}

// The Unicode Standard's Table 3-7, well-formed UTF-8 byte sequences, for
// sequences of two to four bytes: the lead byte's range, the length, and the
// range of the second byte (the narrower rows rule out overlong forms,
// surrogates and anything above U+10FFFF). Later bytes are 0x80..0xBF.
// This is the strictness of RapidJSON's UTF8::Validate.
struct WellFormedRow {
  unsigned char lead_low, lead_high;
  size_t length;
  unsigned char second_low, second_high;
};
constexpr WellFormedRow kWellFormed[] = {
    {0xC2, 0xDF, 2, 0x80, 0xBF}, {0xE0, 0xE0, 3, 0xA0, 0xBF}, {0xE1, 0xEC, 3, 0x80, 0xBF},
    {0xED, 0xED, 3, 0x80, 0x9F}, {0xEE, 0xEF, 3, 0x80, 0xBF}, {0xF0, 0xF0, 4, 0x90, 0xBF},
    {0xF1, 0xF3, 4, 0x80, 0xBF}, {0xF4, 0xF4, 4, 0x80, 0x8F},
};

// Length of the well-formed sequence of two to four bytes at the start of
// p[0..n), or 0 when it is not one.
size_t multibyte_sequence_length(const unsigned char* p, size_t n) {
  for (const WellFormedRow& row : kWellFormed) {
    if (p[0] < row.lead_low || p[0] > row.lead_high) continue;
    if (row.length > n || p[1] < row.second_low || p[1] > row.second_high) return 0;
    for (size_t k = 2; k < row.length; ++k) {
      if ((p[k] & 0xC0) != 0x80) return 0;
    }
    return row.length;
  }
  return 0;
}

struct BodyScan {
  bool valid_utf8 = true;
  size_t opening_brackets = 0;
};

// One pass over the body: eight ASCII bytes at a time, multi-byte
// sequences one at a time.
BodyScan scan(std::string_view body) {
  const auto* p = reinterpret_cast<const unsigned char*>(body.data());
  const size_t n = body.size();
  BodyScan result;
  size_t i = 0;
  while (i < n) {
    if (n - i >= 8) {
      uint64_t word;
      std::memcpy(&word, p + i, 8);
      if ((word & kHighBits) == 0) {
        result.opening_brackets += opening_brackets_in(word);
        i += 8;
        continue;
      }
    }
    if (p[i] < 0x80) {
      result.opening_brackets += p[i] == '[' || p[i] == '{';
      ++i;
      continue;
    }
    const size_t length = multibyte_sequence_length(p + i, n - i);
    if (length == 0) {
      result.valid_utf8 = false;
      return result;
    }
    i += length;
  }
  return result;
}

}  // namespace

bool parse_request_json(rapidjson::Document& doc, std::string_view body) {
  if (body.empty()) body = "";  // a default string_view's null data() must not reach memchr
  // RapidJSON's Parse(text, length), which this replaces, takes a NUL byte
  // for the end of the text and reads nothing after it, so neither does this.
  if (const void* nul = std::memchr(body.data(), '\0', body.size())) {
    body = body.substr(0, static_cast<size_t>(static_cast<const char*>(nul) - body.data()));
  }
  const BodyScan facts = scan(body);
  if (!facts.valid_utf8) return false;
  // Parsed in place: a copy of the body in the document's own allocator
  // holds the strings, so RapidJSON neither copies each string again nor
  // frees anything the document does not. As with Parse(text, length), a
  // leading byte order mark is skipped.
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (body.substr(0, kByteOrderMark.size()) == kByteOrderMark) {
    body.remove_prefix(kByteOrderMark.size());
  }
  char* text = static_cast<char*>(doc.GetAllocator().Malloc(body.size() + 1));
  std::memcpy(text, body.data(), body.size());
  text[body.size()] = '\0';
  if (facts.opening_brackets <= kMaxRecursiveNesting) {
    doc.ParseInsitu<rapidjson::kParseNoFlags>(text);
  } else {
    doc.ParseInsitu<rapidjson::kParseIterativeFlag>(text);
  }
  return !doc.HasParseError();
}

}  // namespace dynamini
