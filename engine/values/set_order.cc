#include "values/set_order.h"

#include <algorithm>
#include <string_view>

#include "values/number.h"

namespace dynamini {
namespace {

struct SetMemberLess {
  bool numbers;
  bool operator()(std::string_view a, std::string_view b) const {
    return numbers ? compare_canonical_numbers(a, b) < 0 : a < b;
  }
};

SetMemberLess member_less(const AttributeValue& set) { return {set.type == ValueType::NS}; }

}  // namespace

bool set_in_order(const AttributeValue& set) {
  return std::is_sorted(set.set.begin(), set.set.end(), member_less(set));
}

void put_set_in_order(AttributeValue& set) {
  if (!set_in_order(set)) std::sort(set.set.begin(), set.set.end(), member_less(set));
}

std::vector<std::string> members_in_order(const AttributeValue& set) {
  std::vector<std::string> members = set.set;
  std::sort(members.begin(), members.end(), member_less(set));
  return members;
}

}  // namespace dynamini
