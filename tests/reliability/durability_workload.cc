#include "durability_workload.h"

#include <rapidjson/document.h>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace dynamini::testing {
namespace {

constexpr const char* kCreateTable = R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
  "GlobalSecondaryIndexes":[{"IndexName":"byG","Projection":{"ProjectionType":"ALL"},
    "KeySchema":[{"AttributeName":"g","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]}],
  "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})";

uint64_t fnv1a(uint64_t h, std::string_view s) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}
constexpr uint64_t kFnvBasis = 14695981039346656037ull;

// A filler attribute of 200..3000 bytes, a function of the key and version,
// so items fill pages and a recovered value can be checked exactly.
std::string pad(const std::string& pk, const std::string& sk, int64_t v) {
  const uint64_t h = fnv1a(fnv1a(kFnvBasis, pk + "/" + sk), std::to_string(v));
  return std::string(200 + h % 2800, static_cast<char>('a' + v % 26));
}

std::string canonical(const std::string& pk, const std::string& sk, int64_t v, int64_t cnt,
                      const std::string& g) {
  return pk + "|" + sk + "|v=" + std::to_string(v) + "|cnt=" + std::to_string(cnt) + "|g=" + g;
}

rapidjson::Document call(Database& db, std::string_view operation, const std::string& body) {
  Result r = db.execute(operation, body);
  if (!r.ok()) {
    throw std::runtime_error(std::string(operation) + " failed: " + r.error->message);
  }
  rapidjson::Document d;
  d.Parse(r.body.c_str());
  return d;
}

std::string s_value(const std::string& s) { return R"({"S":")" + s + "\"}"; }
std::string n_value(int64_t n) { return R"({"N":")" + std::to_string(n) + "\"}"; }

}  // namespace

Workload::Workload(uint32_t seed, int writes) : rng_(seed), planned_(writes) {}

uint64_t Workload::content_hash() const {
  uint64_t h = kFnvBasis;
  for (const auto& [key, item] : model_) {
    h = fnv1a(h, canonical(key.first, key.second, item.v, item.cnt, item.g) + "\n");
  }
  return h;
}

Workload::Key Workload::existing_key() {
  auto it = model_.begin();
  std::advance(it, rng_() % model_.size());
  return it->first;
}

std::string Workload::put_new(int index, std::vector<std::string>& records) {
  const int k = next_key_++;
  const std::string pk = "P" + std::to_string(k % 7), sk = "S" + std::to_string(100000 + k);
  ModelItem item{.g = k % 2 == 0 ? "G" + std::to_string(k % 3) : "", .v = index, .cnt = 0};
  std::string json = R"({"pk":)" + s_value(pk) + R"(,"sk":)" + s_value(sk) + R"(,"v":)" +
                     n_value(index) + R"(,"filler":)" + s_value(pad(pk, sk, index));
  if (!item.g.empty()) json += R"(,"g":)" + s_value(item.g);
  json += "}";
  model_[{pk, sk}] = item;
  records.push_back("INSERT " + pk + "/" + sk + " new=" + std::to_string(index));
  return json;
}

std::string Workload::update_existing(int index, std::vector<std::string>& records) {
  const Key key = existing_key();
  ModelItem& item = model_[key];
  records.push_back("MODIFY " + key.first + "/" + key.second + " old=" + std::to_string(item.v) +
                    " new=" + std::to_string(index));
  item.v = index;
  item.cnt += 1;
  return R"({"TableName":"tbl","Key":{"pk":)" + s_value(key.first) + R"(,"sk":)" +
         s_value(key.second) +
         R"(},"UpdateExpression":"SET v = :v, filler = :filler ADD cnt :one",)"
         R"("ExpressionAttributeValues":{":v":)" +
         n_value(index) + R"(,":filler":)" + s_value(pad(key.first, key.second, index)) +
         R"(,":one":{"N":"1"}}})";
}

Workload::Step Workload::next_step(int index) {
  Step step;
  const unsigned kind = model_.size() < 3 ? 0 : rng_() % 20;
  if (kind < 8) {
    step.operation = "PutItem";
    step.body = R"({"TableName":"tbl","Item":)" + put_new(index, step.records) + "}";
  } else if (kind < 12) {
    step.operation = "UpdateItem";
    step.body = update_existing(index, step.records);
  } else if (kind < 14) {
    const Key key = existing_key();
    step.operation = "DeleteItem";
    step.records.push_back("REMOVE " + key.first + "/" + key.second +
                           " old=" + std::to_string(model_[key].v));
    model_.erase(key);
    step.body = R"({"TableName":"tbl","Key":{"pk":)" + s_value(key.first) + R"(,"sk":)" +
                s_value(key.second) + "}}";
  } else if (kind < 17) {
    step.operation = "TransactWriteItems";
    const std::string update = update_existing(index, step.records);
    step.body = R"({"TransactItems":[{"Put":{"TableName":"tbl","Item":)" +
                put_new(index, step.records) + R"(}},{"Put":{"TableName":"tbl","Item":)" +
                put_new(index, step.records) + R"(}},{"Update":)" + update + "}]}";
  } else {
    step.operation = "BatchWriteItem";
    step.body = R"({"RequestItems":{"tbl":[)";
    for (int i = 0; i < 3; ++i) {
      step.body += std::string(i ? "," : "") + R"({"PutRequest":{"Item":)" +
                   put_new(index, step.records) + "}}";
    }
    step.body += "]}}";
  }
  std::sort(step.records.begin(), step.records.end());
  return step;
}

void Workload::write(Database& db, Step step, const std::function<size_t()>& cut_point) {
  started_.push_back(cut_point());
  call(db, step.operation, step.body);
  acknowledged_.push_back(cut_point());
  content_after_.push_back(content_hash());
  records_of_.push_back(std::move(step.records));
}

void Workload::run(const std::string& path, Durability durability,
                   const std::function<size_t()>& cut_point) {
  auto open = [&] {
    return Database::open({.path = path, .durability = durability, .ttl_sweep_interval_ms = 0});
  };
  content_after_.push_back(content_hash());  // nothing written
  auto db = open();
  write(*db, Step{"CreateTable", kCreateTable, {}}, cut_point);
  for (int i = 2; i <= planned_ + 1; ++i) {
    if (i == planned_ / 3) db->checkpoint();
    if (i == planned_ / 2) {
      db.reset();  // closes: checkpoints and deletes the WAL
      db = open();
    }
    write(*db, next_step(i), cut_point);
  }
}

size_t Workload::acknowledged_by(size_t c) const {
  return std::count_if(acknowledged_.begin(), acknowledged_.end(),
                       [&](size_t a) { return a <= c; });
}

size_t Workload::started_by(size_t c) const {
  return std::count_if(started_.begin(), started_.end(), [&](size_t s) { return s < c; });
}

std::optional<size_t> Workload::matching_prefix(const Recovered& recovered) const {
  if (!recovered.problem.empty()) return std::nullopt;
  if (!recovered.table_exists) return 0;
  size_t consumed = 0;
  for (size_t p = 1; p <= writes(); ++p) {
    const auto& expected = records_of_[p - 1];
    if (consumed + expected.size() > recovered.records.size()) return std::nullopt;
    std::vector<std::string> got(recovered.records.begin() + consumed,
                                 recovered.records.begin() + consumed + expected.size());
    std::sort(got.begin(), got.end());
    if (got != expected) return std::nullopt;
    consumed += expected.size();
    if (consumed == recovered.records.size()) {
      if (content_after_[p] == recovered.content_hash) return p;
      // p = 1 (CreateTable) adds no record: the first write may hold it too.
      if (!expected.empty()) return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace dynamini::testing
