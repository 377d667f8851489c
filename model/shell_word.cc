#include "model/shell_word.h"

#include <algorithm>
#include <cctype>

namespace dynamini::model {

std::string shell_word(std::string_view given) {
  const bool plain = !given.empty() && std::all_of(given.begin(), given.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '/' ||
           c == '-';
  });
  if (plain) return std::string(given);
  std::string out = "'";
  for (char c : given) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace dynamini::model
