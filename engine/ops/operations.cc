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
      {"UpdateTable", update_table},
      {"TransactWriteItems", transact_write_items},
      {"TransactGetItems", transact_get_items},
      {"TagResource", tag_resource},
      {"UntagResource", untag_resource},
      {"ListTagsOfResource", list_tags_of_resource},
      {"ExecuteStatement", execute_statement},
      {"BatchExecuteStatement", batch_execute_statement},
      {"ExecuteTransaction", execute_transaction},
      // TTL and DynamoDB Streams (served on the same endpoint).
      {"UpdateTimeToLive", update_time_to_live},
      {"DescribeTimeToLive", describe_time_to_live},
      {"ListStreams", list_streams},
      {"DescribeStream", describe_stream},
      {"GetShardIterator", get_shard_iterator},
      {"GetRecords", get_records},
      // Account and endpoint information.
      {"DescribeLimits", describe_limits},
      {"DescribeEndpoints", describe_endpoints},
  };
  auto it = kOperations.find(name);
  return it == kOperations.end() ? nullptr : it->second;
}

}  // namespace dynamini
