// Vector search benchmark: SearchVectors (TopK 10) over 100,000 vectors of 768
// dimensions, beside a plain dot-product scan over the same memory (the
// index's float32 rows as SearchVectors reads them), in the same run.
//
//   build/tools/bench/dynamini-bench-vectors [--vectors N] [--dimensions D] [--queries Q]
//
// Prints ops/s and per-query latency (p50, p99) for both. The plain scan is
// the loop anyone would write first (one float accumulator per row, then a
// partial sort): the figure SearchVectors' whole request (checks, lock,
// candidate list, the vectorised kernel in double, top-k, item reads and
// projection) is compared with.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "context/context.h"
#include "keys/key_encoding.h"
#include "operation/operations.h"
#include "operation/typed_operation.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Args {
  size_t vectors = 100000;
  size_t dimensions = 768;
  size_t queries = 50;
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const size_t value = std::strtoull(argv[i + 1], nullptr, 10);
    if (flag == "--vectors") a.vectors = value;
    if (flag == "--dimensions") a.dimensions = value;
    if (flag == "--queries") a.queries = value;
  }
  return a;
}

dynamini::AttributeValue number_list(const std::vector<float>& v) {
  dynamini::AttributeValue list;
  list.type = dynamini::ValueType::L;
  for (float f : v) {
    dynamini::AttributeValue n;
    n.type = dynamini::ValueType::N;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", f);
    n.scalar = buf;
    list.list.push_back(std::move(n));
  }
  return list;
}

std::vector<float> random_vector(std::mt19937& rng, size_t d) {
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> v(d);
  for (auto& x : v) x = u(rng);
  return v;
}

void create_and_fill(dynamini::Context& ctx, const Args& a, std::mt19937& rng) {
  dynamini::CreateTableRequest create;
  create.table_name = "vectors";
  create.billing_mode = dynamini::api::BillingMode::kPayPerRequest;
  create.attribute_definitions = {{"pk", dynamini::api::ScalarAttributeType::kS}};
  create.key_schema = {{"pk", dynamini::api::KeyType::kHash}};
  dynamini::api::VectorIndex index;
  index.index_name = "vix";
  index.vector_attribute = dynamini::api::VectorAttributeDefinition{"emb"};
  index.dimensions = static_cast<int64_t>(a.dimensions);
  index.distance_function = dynamini::api::VectorDistanceFunction::kDotProduct;
  index.projection = dynamini::api::Projection{dynamini::api::ProjectionType::kKeysOnly, {}};
  create.vector_indexes = {index};
  dynamini::run_typed<dynamini::CreateTableOperation>(ctx, create);
  for (size_t i = 0; i < a.vectors; i += 25) {
    dynamini::BatchWriteItemRequest batch;
    auto& writes = batch.request_items.emplace()["vectors"];
    for (size_t j = i; j < std::min(a.vectors, i + 25); ++j) {
      dynamini::Item item{{"pk", dynamini::AttributeValue::string("v" + std::to_string(j))},
                          {"emb", number_list(random_vector(rng, a.dimensions))}};
      dynamini::api::WriteRequest w;
      w.put_request = dynamini::api::PutRequest{item};
      writes.push_back(std::move(w));
    }
    dynamini::run_typed<dynamini::BatchWriteItemOperation>(ctx, batch);
  }
}

// The plain scan: one float accumulator per row, top 10 by partial sort.
size_t plain_scan(const float* rows, size_t count, size_t d, const float* q) {
  std::vector<std::pair<float, size_t>> scores(count);
  for (size_t i = 0; i < count; ++i) {
    float s = 0;
    for (size_t j = 0; j < d; ++j) s += rows[i * d + j] * q[j];
    scores[i] = {-s, i};
  }
  std::partial_sort(scores.begin(), scores.begin() + 10, scores.end());
  return scores[0].second;
}

void report(const char* what, std::vector<double> micros) {
  std::sort(micros.begin(), micros.end());
  double total = 0;
  for (double m : micros) total += m;
  std::printf("%-34s %8.1f ops/s  p50 %8.2f ms  p99 %8.2f ms\n", what, 1e6 * micros.size() / total,
              micros[micros.size() / 2] / 1000, micros[(micros.size() * 99) / 100] / 1000);
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  std::mt19937 rng(42);
  dynamini::Context ctx(dynamini::Options{});
  auto t0 = Clock::now();
  create_and_fill(ctx, a, rng);
  std::printf("loaded %zu vectors of %zu dimensions in %.1f s\n", a.vectors, a.dimensions,
              std::chrono::duration<double>(Clock::now() - t0).count());
  std::vector<std::vector<float>> queries;
  for (size_t i = 0; i < a.queries; ++i) queries.push_back(random_vector(rng, a.dimensions));
  auto request = [&](const std::vector<float>& q) {
    dynamini::SearchVectorsRequest r;
    r.table_name = "vectors";
    r.index_name = "vix";
    r.top_k = 10;
    r.search_vector.emplace(number_list(q).list);
    return r;
  };
  t0 = Clock::now();
  dynamini::run_typed<dynamini::SearchVectorsOperation>(ctx,
                                                        request(queries[0]));  // builds the cache
  std::printf("first search (loads the rows into memory): %.1f ms\n",
              std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  std::vector<double> search_us, plain_us;
  std::shared_ptr<const dynamini::VectorSnapshot> rows;
  {
    std::lock_guard lock(ctx.storage_mutex());
    auto table = ctx.require_table("vectors", "SearchVectors");
    rows = ctx.store().vector_snapshot(*table, table->vector_indexes[0]);  // the same memory
  }
  size_t agree = 0;
  for (const auto& q : queries) {
    auto r = request(q);
    auto s0 = Clock::now();
    auto response = dynamini::run_typed<dynamini::SearchVectorsOperation>(ctx, r);
    auto s1 = Clock::now();
    // The query as SearchVectors holds it (float32 of the same decimal text).
    std::vector<float> q32;
    for (const auto& n : *r.search_vector) q32.push_back(std::strtof(n.scalar.c_str(), nullptr));
    auto p0 = Clock::now();
    size_t best = plain_scan(rows->data.data(), rows->count, rows->dimensions, q32.data());
    auto p1 = Clock::now();
    search_us.push_back(std::chrono::duration<double, std::micro>(s1 - s0).count());
    plain_us.push_back(std::chrono::duration<double, std::micro>(p1 - p0).count());
    const auto& top = (*response.search_results)[0].item->at("pk");
    agree += dynamini::encode_key_value(top) == rows->keys[best].hash;
  }
  std::printf("%zu queries, TopK 10, DOT_PRODUCT; same nearest item in %zu of %zu\n", a.queries,
              agree, a.queries);
  report("SearchVectors (whole request)", search_us);
  report("plain dot-product scan, same rows", plain_us);
  return 0;
}
