#include "vector_index_binding.h"

#include <algorithm>
#include <map>

#include "dynamini/api_error.h"
#include "tables/table_binding.h"

namespace dynamini {
namespace {

VectorIndexDef::Distance distance_of(api::VectorDistanceFunction f) {
  switch (f) {
    case api::VectorDistanceFunction::kDotProduct:
      return VectorIndexDef::Distance::kDotProduct;
    case api::VectorDistanceFunction::kEuclidean:
      return VectorIndexDef::Distance::kEuclidean;
    default:
      return VectorIndexDef::Distance::kCosine;
  }
}

// One index (CreateTable's VectorIndex and UpdateTable's CreateVectorIndexAction
// have the same members). `definitions`: where SearchSchema attributes must be
// declared; `declared`: every attribute definition the table will have.
template <class Spec>
VectorIndexDef bind_one(const Spec& spec, const std::vector<KeyElement>& definitions,
                        const std::vector<KeyElement>& declared) {
  VectorIndexDef index;
  index.name = *spec.index_name;
  index.attribute = *spec.vector_attribute->attribute_name;
  index.dimensions = *spec.dimensions;
  index.distance = distance_of(spec.distance_function->value());
  if (index.dimensions < 1 || index.dimensions > kMaxVectorDimensions) {
    throw invalid_parameter("Number of dimensions must be between 1 and 4096 inclusive.");
  }
  for (const auto& d : declared) {
    if (d.name == index.attribute) {
      throw invalid_parameter("Conflicting attribute definition for '" + index.attribute +
                              "'. An attribute cannot be defined in AttributeDefinitions when "
                              "used as a VectorAttribute.");
    }
  }
  if (spec.search_schema) {
    for (const auto& e : *spec.search_schema) {
      const std::string& name = *e.attribute_name;
      bool defined = std::any_of(definitions.begin(), definitions.end(),
                                 [&](const KeyElement& d) { return d.name == name; });
      if (!defined) {
        throw invalid_parameter(
            "One element in SearchSchema is not defined in attribute definitions");
      }
      index.search_schema.push_back(
          {name, e.search_schema_element_type->value() == api::SearchSchemaElementType::kHash});
    }
  }
  index.projection = bind_projection(*spec.projection);
  return index;
}

// Indexes on one vector attribute share its Dimensions (recorded message).
void check_same_dimensions(const std::vector<const VectorIndexDef*>& indexes) {
  std::map<std::string, int64_t> dims;
  for (const auto* v : indexes) {
    auto [it, added] = dims.emplace(v->attribute, v->dimensions);
    if (!added && it->second != v->dimensions) {
      throw invalid_parameter("Conflicting attribute definition for '" + v->attribute +
                              "'. All VectorIndexes on the same vector attribute must use the "
                              "same dimensions.");
    }
  }
}

void check_billing(bool pay_per_request) {
  if (!pay_per_request) {
    throw invalid_parameter("Vector indexes are only supported for PAY_PER_REQUEST tables");
  }
}

}  // namespace

std::vector<VectorIndexDef> bind_vector_indexes(const std::vector<api::VectorIndex>& list,
                                                const TableDef& def, std::set<std::string>& used,
                                                std::set<std::string>& names) {
  check_billing(def.pay_per_request);
  if (list.size() > kMaxVectorIndexes) {
    throw invalid_parameter("VectorIndex count exceeds the per-table limit of 5");
  }
  std::vector<VectorIndexDef> out;
  for (const auto& spec : list) {
    VectorIndexDef index = bind_one(spec, def.attribute_definitions, def.attribute_definitions);
    if (!names.insert(index.name).second) {
      throw invalid_parameter("Duplicate index name: " + index.name);
    }
    for (const auto& e : index.search_schema) used.insert(e.name);
    index.number = static_cast<int>(out.size()) + 1;
    out.push_back(std::move(index));
  }
  std::vector<const VectorIndexDef*> all;
  for (const auto& v : out) all.push_back(&v);
  check_same_dimensions(all);
  return out;
}

VectorIndexChange bind_vector_index_updates(const std::vector<api::VectorIndexUpdate>& updates,
                                            const std::vector<KeyElement>* request_definitions,
                                            const TableDef& table, bool pay_per_request) {
  VectorIndexChange change;
  for (const auto& u : updates) {
    if (u.create.has_value() == u.delete_.has_value()) {
      // Not recorded: DynamoDB's text for an update with both or neither
      // action; worded as the GSI form is (dynalite test/updateTable.js).
      throw invalid_parameter(
          "One of VectorIndexUpdate.Create, VectorIndexUpdate.Delete must not be null, and "
          "only one is allowed per VectorIndexUpdate object");
    }
    ++change.online;
    if (u.delete_ && !change.deleted) {
      const std::string& name = *u.delete_->index_name;
      const VectorIndexDef* index = table.find_vector_index(name);
      // Not recorded for vector indexes: the GSI form (ack-api-quirks DDB-TABLE-456).
      if (!index) {
        throw ApiError{ErrorCode::kResourceNotFound,
                       "Requested resource not found: Index " + name + " for table " + table.name,
                       {}};
      }
      change.deleted = *index;
    }
    if (u.create && !change.created) {
      check_billing(pay_per_request);
      if (table.find_vector_index(*u.create->index_name) ||
          table.find_index(*u.create->index_name)) {
        throw validation_error("Attempting to create an index which already exists");
      }
      static const std::vector<KeyElement> kNone;
      change.created = bind_one(*u.create, request_definitions ? *request_definitions : kNone,
                                table.attribute_definitions);
      if (table.vector_indexes.size() >= kMaxVectorIndexes) {
        throw limit_exceeded_error(
            "Subscriber limit exceeded: Number of vector secondary indexes exceeds per-table "
            "limit of 5");
      }
      int number = 0;
      for (const auto& v : table.vector_indexes) number = std::max(number, v.number);
      change.created->number = number + 1;
      std::vector<const VectorIndexDef*> all{&*change.created};
      for (const auto& v : table.vector_indexes) all.push_back(&v);
      check_same_dimensions(all);
    }
  }
  return change;
}

}  // namespace dynamini
