#pragma once

#include <string>
#include <string_view>

namespace dynamini {

// Standard base64 (RFC 4648, with padding), the wire form of B and BS values.
std::string base64_encode(std::string_view bytes);

// Decodes standard base64; returns false on characters outside the alphabet or
// a bad length. Padding is optional, as the AWS SDKs always send it.
bool base64_decode(std::string_view text, std::string* bytes);

}  // namespace dynamini
