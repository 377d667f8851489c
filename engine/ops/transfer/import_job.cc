#include "import_job.h"

#include <filesystem>
#include <mutex>

#include "bucket_directory.h"
#include "import_source.h"
#include "ion_reader.h"
#include "job_records.h"
#include "keys/item_keys.h"
#include "values/value_check.h"

namespace dynamini {
namespace {

constexpr size_t kItemsPerChunk = 1000;

// DynamoDB's FailureMessage for ItemValidationError (ack-api-quirks
// DDB-IMPORT-013); dynamini adds the first error, as there is no CloudWatch.
constexpr char kValidationFailure[] =
    "Some of the items failed validation checks and were not imported. Please check CloudWatch "
    "error logs for more details.";

struct ImportState {
  Context& context;
  JobRecord record;
  std::shared_ptr<const TableDef> table;
  std::vector<Item> pending;
  std::string first_error;

  void error(const std::string& where, const std::string& why) {
    ++record.errors;
    if (first_error.empty()) first_error = where + ": " + why;
  }
  void flush() {
    if (!pending.empty()) {
      std::lock_guard lock(context.storage_mutex());
      Store& store = context.store();
      WriteTransaction txn(store.connection());
      for (const Item& item : pending) {
        auto old = store.get(*table, encode_primary_key(item, table->keys));
        if (old) {
          Item old_item = item_from_json(*old);
          store.put(*table, &old_item, item);
        } else {
          store.put(*table, nullptr, item);
        }
      }
      txn.commit();
      record.imported += static_cast<int64_t>(pending.size());
      pending.clear();
    }
    save_job_record(context, record);
  }
  // One value read from an object: {"Item": {...}} with a valid item.
  void add(const Json& value, const std::string& where) {
    ++record.items;
    try {
      if (!value.IsObject() || !value.HasMember("Item") || !value["Item"].IsObject()) {
        return error(where, "not an object with an Item member");
      }
      // Decoded and checked as a PutItem's item is (DynamoDB's current
      // value layer), the problem written to the error lines.
      Item item = decode_item(value["Item"]);
      if (auto why = item_problem(item, ValueLayer::kCurrent)) return error(where, *why);
      add_item(std::move(item), where);
    } catch (const ApiError& e) {
      error(where, e.message);
    }
  }
  void add_item(Item item, const std::string& where) {
    try {
      validate_item_keys(item, *table);
      if (item_size(item) > kMaxItemSize) {
        return error(where, "Item size has exceeded the maximum allowed size");
      }
    } catch (const ApiError& e) {
      return error(where, e.message);
    }
    pending.push_back(std::move(item));
    if (pending.size() >= kItemsPerChunk) flush();
  }
};

void finish(ImportState& s, const std::string& status, const std::string& code,
            const std::string& message) {
  s.record.status = status;
  s.record.end_ms = s.context.now_ms();
  s.record.failure_code = code;
  s.record.failure_message = message;
  save_job_record(s.context, s.record);
}

void read_object(ImportState& s, const ImportTableRequest& request, const BucketObject& object,
                 int64_t bytes_before) {
  const bool gzip = is_value(request.input_compression_type, api::InputCompressionType::kGzip);
  std::string text;
  try {
    text = read_object_text(object.path, gzip);
  } catch (const ImportReadError& e) {
    ++s.record.items;  // DynamoDB counts the object as one item that failed (DDB-IMPORT-015)
    return s.error(object.key, e.what());
  }
  const double scale = text.empty() ? 0 : static_cast<double>(object.size) / text.size();
  auto progress = [&](size_t offset) {
    s.record.bytes = bytes_before + static_cast<int64_t>(offset * scale);
  };
  auto garbage = [&](size_t at) {
    ++s.record.items;
    s.error(object.key, "text that is not " + std::string(request.input_format->text()) +
                            " at byte " + std::to_string(at));
  };
  if (*request.input_format == api::InputFormat::kIon) {
    for_each_ion_item(
        text,
        [&](Item item, size_t end) {
          ++s.record.items;
          s.add_item(std::move(item), object.key);
          progress(end);
        },
        [&](size_t at, const std::string& why) {
          ++s.record.items;
          s.error(object.key, why + " at byte " + std::to_string(at));
        });
  } else {
    for_each_json_value(
        text,
        [&](const Json& value, size_t end) {
          s.add(value, object.key);
          progress(end);
        },
        garbage);
  }
}

// Creates the table; false when another took the name first (DynamoDB then
// fails the import with TableAlreadyExists: ack-api-quirks DDB-IMPORT-018).
bool create_table(ImportState& s, TableDef def) {
  std::lock_guard lock(s.context.storage_mutex());
  if (s.context.find_table(def.name)) return false;
  s.table = s.context.create_table(std::move(def));
  return true;
}

void import_objects(ImportState& s, const ImportTableRequest& request,
                    const std::vector<BucketObject>& objects) {
  int64_t bytes_before = 0;
  for (const auto& object : objects) {
    if (s.context.jobs().stopping()) break;
    read_object(s, request, object, bytes_before);
    bytes_before += static_cast<int64_t>(object.size);
    s.record.bytes = bytes_before;
    s.flush();
  }
  s.flush();
}

void run_import(Context& context, JobRecord record, TableDef def) {
  ImportState s{context, std::move(record), nullptr, {}, {}};
  const ImportTableRequest request = stored_import_request(s.record);
  const auto& source = *request.s3_bucket_source;
  auto bucket = bucket_path(*source.s3_bucket, context.options().bucket_directory);
  std::error_code ec;
  if (!bucket || !std::filesystem::is_directory(*bucket, ec)) {
    // No table is created (ack-api-quirks DDB-IMPORT-012, observed on DynamoDB).
    return finish(s, "FAILED", "S3NoSuchBucket", no_such_bucket_message(*source.s3_bucket, bucket));
  }
  const std::string name = def.name;
  if (!create_table(s, std::move(def))) {
    return finish(s, "FAILED", "TableAlreadyExists", "Table already exists: " + name);
  }
  import_objects(s, request, list_objects(*bucket, source.s3_key_prefix.value_or("")));
  if (context.jobs().stopping()) {
    return finish(s, "FAILED", "UNKNOWN", "dynamini stopped before this import finished");
  }
  if (s.record.errors == 0) return finish(s, "COMPLETED", "", "");
  finish(s, "FAILED", "ItemValidationError",
         std::string(kValidationFailure) + " (dynamini: " + std::to_string(s.record.errors) +
             " errors; the first: " + s.first_error + ")");
}

}  // namespace

void start_import_job(Context& context, JobRecord record, TableDef def) {
  auto job = [&context, record, def]() mutable {
    try {
      run_import(context, record, def);
    } catch (const std::exception& e) {
      record.status = "FAILED";
      record.end_ms = context.now_ms();
      record.failure_code = "UNKNOWN";
      record.failure_message = std::string("dynamini: ") + e.what();
      save_job_record(context, record);
    }
  };
  auto dropped = [&context, record]() mutable {
    record.status = "FAILED";
    record.end_ms = context.now_ms();
    record.failure_code = "UNKNOWN";
    record.failure_message = "dynamini stopped before this import started";
    save_job_record(context, record);
  };
  context.jobs().submit(std::move(job), std::move(dropped));
}

}  // namespace dynamini
