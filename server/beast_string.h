#pragma once

// Beast 1.74's string_view is boost::string_view; the server's own code uses
// std::string_view. These convert between them (no copy).

#include <boost/beast/core/string.hpp>
#include <string_view>

namespace dynamini::server {

inline std::string_view std_view(boost::beast::string_view s) { return {s.data(), s.size()}; }
inline boost::beast::string_view beast_view(std::string_view s) { return {s.data(), s.size()}; }

}  // namespace dynamini::server
