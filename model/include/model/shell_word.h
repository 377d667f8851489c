#pragma once

// A value as one POSIX shell word, for the commands dynamini prints for a
// user to paste (`dynamini model run ... --model PATH`).

#include <string>
#include <string_view>

namespace dynamini::model {

// `given` unchanged when it holds only letters, digits and ._/-; otherwise
// in single quotes, each ' written as '\''.
std::string shell_word(std::string_view given);

}  // namespace dynamini::model
