#pragma once

// The table settings beyond keys, indexes and streams, as CreateTable and
// UpdateTable bind them: TableClass, server-side encryption
// (SSESpecification), OnDemandThroughput, WarmThroughput and CreateTable's
// Tags. Stored in the catalog (catalog/catalog_format.h, format 2) and
// described by ops/tables/table_description.cc; none of them changes how dynamini
// serves the table (no throttling, no encryption of its own).
//
// Messages are DynamoDB's ValidationException catalogue (ack-api-quirks
// DDB-TABLE-442 and DDB-TABLE-110, live probes in 2026) unless a comment says
// otherwise.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catalog/table_def.h"
#include "context/table_reference.h"
#include "dynamini/shapes.h"

namespace dynamini {

// TableClass: STANDARD or STANDARD_INFREQUENT_ACCESS, else "Invalid
// table-class parameter provided. Please try again with a valid table-class
// value: [STANDARD, STANDARD_INFREQUENT_ACCESS]."
std::string bind_table_class(const Enum<api::TableClass>& table_class);

// SSESpecification: Enabled true is KMS with the AWS managed key
// (alias/aws/dynamodb) or KMSMasterKeyId; false or absent DynamoDB's default
// (an AWS owned key). ValidationException for SSEType without Enabled, AES256,
// KMSMasterKeyId without Enabled or without SSEType KMS.
SseSettings bind_sse(const api::SSESpecification& spec, const ArnScope& scope);

// OnDemandThroughput of the table (`index` empty) or of a global index:
// refused on a provisioned table; each given value must be at least 1 (-1
// clears it when `update`).
OnDemandLimits bind_on_demand(const api::OnDemandThroughput& spec, bool pay_per_request,
                              const std::string& index, bool update,
                              const OnDemandLimits& current = {});

// CreateTable's WarmThroughput of the table (`index` empty) or of a global
// index: at least the default the table starts with (on demand 12,000 reads
// and 4,000 writes per second; provisioned, its capacity units).
WarmThroughputSettings bind_warm_for_create(const api::WarmThroughput& spec, bool pay_per_request,
                                            const Throughput& provisioned,
                                            const std::string& index);

// UpdateTable's WarmThroughput of the table (`index` empty) or of a global
// index: never below the current values (`current_read`/`current_write` as
// described).
WarmThroughputSettings bind_warm_update(const api::WarmThroughput& spec, int64_t current_read,
                                        int64_t current_write, const std::string& index);

// The warm throughput a table or index has: the default, raised by what was
// asked (DescribeTable's TableWarmThroughputDescription and
// GlobalSecondaryIndexWarmThroughputDescription). `was_on_demand`: the table
// has been on demand (its warm throughput never went down since).
std::pair<int64_t, int64_t> warm_throughput_of(const WarmThroughputSettings& asked,
                                               bool pay_per_request, bool was_on_demand,
                                               const Throughput& provisioned);

// One tag, as CreateTable's Tags and TagResource check it: the key (1..128,
// the tag pattern's characters), no "aws:" prefix, then the value (0..256,
// the same characters): "The Tag Key provided is invalid, Key: <key>", "Tag
// Key cannot be prefixed with aws:, Key: <key>", "The Tag Value provided is
// invalid, Value: <value>" (ack-api-quirks DDB-TABLE-110, -372 and -442).
void check_tag(const api::Tag& tag);

// CreateTable's Tags, checked by meaning (an empty list is accepted): each key
// 1..128 characters, each value 0..256, of Unicode letters, digits, white
// space and _ . : / = + - @ (Developer Guide, "Tagging restrictions"), no
// "aws:" prefix, no key twice, at most 50 tags.
std::vector<std::pair<std::string, std::string>> bind_create_tags(
    const std::vector<api::Tag>& tags);

}  // namespace dynamini
