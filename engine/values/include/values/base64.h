#pragma once

#include <string>
#include <string_view>

namespace dynamini {

// Standard base64 (RFC 4648, with padding), the wire form of B and BS values.
std::string base64_encode(std::string_view bytes);

// Decodes standard base64; returns false on characters outside the alphabet or
// a bad length. Padding is optional here (Ion blobs, our own page tokens); a
// B or BS value on the wire is held to base64_wire_problem first.
bool base64_decode(std::string_view text, std::string* bytes);

// Why DynamoDB refuses `text` as a Blob member, or "" when it accepts it: a
// length that is not a multiple of 4 (so unpadded base64 too), a character
// outside the alphabet (or '=' before the padding), or text that is not the
// canonical encoding of its bytes (extra padding, non-zero unused bits).
// Texts recorded in dynalite test/helpers.js assertType('Blob'), "dectected"
// sic: "Base64 encoded length is expected a multiple of 4 bytes but found: 5",
// "Invalid Base64 character: '='", "Invalid last non-pad Base64 character
// dectected".
std::string base64_wire_problem(std::string_view text);

}  // namespace dynamini
