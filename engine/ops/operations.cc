#include "ops/operations.h"

#include <map>
#include <string>

namespace dynamini {

Operation find_operation(std::string_view name) {
  static const std::map<std::string, Operation, std::less<>> kOperations = {
      {"CreateTable", create_table},     {"DescribeTable", describe_table},
      {"ListTables", list_tables},       {"DeleteTable", delete_table},
      {"PutItem", put_item},             {"GetItem", get_item},
      {"DeleteItem", delete_item},       {"UpdateItem", update_item},
      {"Query", query},                  {"Scan", scan},
      {"BatchGetItem", batch_get_item},  {"BatchWriteItem", batch_write_item},
  };
  auto it = kOperations.find(name);
  return it == kOperations.end() ? nullptr : it->second;
}

}  // namespace dynamini
