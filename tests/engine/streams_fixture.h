#pragma once

// Test fixture for streams and TTL: an in-memory Database with a settable
// clock and no background sweeper, plus helpers to read a table's stream.

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "api_fixture.h"
#include "dynamini/database.h"

struct StreamsFixture : ApiFixture {
  std::shared_ptr<std::atomic<int64_t>> clock =
      std::make_shared<std::atomic<int64_t>>(1700000000000);

  StreamsFixture() { db = dynamini::Database::open(options()); }

  // The fixture's options: the settable clock, no background sweeper.
  dynamini::Options options() {
    dynamini::Options options;
    options.clock_ms = [c = clock] { return c->load(); };
    options.ttl_sweep_interval_ms = 0;
    return options;
  }

  // Reopens an empty database whose stream shards close after `max_records`.
  void open_with_shard_records(int64_t max_records) {
    dynamini::Options o = options();
    o.stream_shard_max_records = max_records;
    db = dynamini::Database::open(o);
  }

  void advance_ms(int64_t ms) { *clock += ms; }

  // Table `name` (pk S HASH, sk S RANGE, sparse GSI on g) with a stream of
  // `view_type` ("" for none).
  void create_table(const std::string& name, const std::string& view_type) {
    std::string stream =
        view_type.empty() ? ""
                          : R"(,"StreamSpecification":{"StreamEnabled":true,"StreamViewType":")" +
                                view_type + R"("})";
    call("CreateTable", R"({"TableName":")" + name + R"(","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[{"IndexName":"byG","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"}}])" +
                            stream + "}");
  }

  std::string stream_arn(const std::string& table) {
    auto d = call("DescribeTable", R"({"TableName":")" + table + R"("})");
    return d["Table"]["LatestStreamArn"].GetString();
  }

  std::string shard_id(const std::string& arn) {
    auto d = call("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
    return d["StreamDescription"]["Shards"][0]["ShardId"].GetString();
  }

  std::string iterator(const std::string& arn, const std::string& type,
                       const std::string& sequence = "") {
    std::string req = R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard_id(arn) +
                      R"(","ShardIteratorType":")" + type + "\"";
    if (!sequence.empty()) req += R"(,"SequenceNumber":")" + sequence + "\"";
    return call("GetShardIterator", req + "}")["ShardIterator"].GetString();
  }

  // Every record of the table's latest stream, from TRIM_HORIZON of each of
  // its shards in order (shards roll over when the clock passes 4 hours), as
  // {"Records":[...]}.
  rapidjson::Document records(const std::string& table) {
    std::string arn = stream_arn(table);
    auto shards = call("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
    rapidjson::Document out(rapidjson::kObjectType);
    rapidjson::Value all(rapidjson::kArrayType);
    for (const auto& shard : shards["StreamDescription"]["Shards"].GetArray()) {
      std::string req = R"({"StreamArn":")" + arn + R"(","ShardId":")" +
                        shard["ShardId"].GetString() + R"(","ShardIteratorType":"TRIM_HORIZON"})";
      std::string it = call("GetShardIterator", req)["ShardIterator"].GetString();
      auto page = call("GetRecords", R"({"ShardIterator":")" + it + R"("})");
      for (auto& r : page["Records"].GetArray())
        all.PushBack(rapidjson::Value(r, out.GetAllocator()), out.GetAllocator());
    }
    out.AddMember("Records", all, out.GetAllocator());
    return out;
  }

  size_t record_count(const std::string& table) { return records(table)["Records"].Size(); }
};
