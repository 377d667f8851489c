#include "dynamini/api_error.h"
#include "expressions/resolved.h"
#include "values/request_check_error.h"

namespace dynamini::expr {

Path Resolver::path(const parsed::Path& parsed) {
  Path out;
  for (const auto& step : parsed.steps) {
    PathElement element;
    switch (step.kind) {
      case parsed::PathStep::Kind::kName:
        if (reserved.empty() && is_reserved_word(step.text)) {
          // Recorded from DynamoDB (dynalite test/updateItem.js):
          // "Attribute name is a reserved keyword; reserved keyword: abOrt".
          reserved = "Attribute name is a reserved keyword; reserved keyword: " + step.text;
        }
        element.name = step.text;
        break;
      case parsed::PathStep::Kind::kAlias: {
        auto it = attributes_.names.find(step.text);
        if (it == attributes_.names.end()) {
          if (undefined_name.empty()) {
            // dynalite test/updateItem.js: "An expression attribute name used
            // in the document path is not defined; attribute name: #c".
            undefined_name =
                "An expression attribute name used in the document path is not defined; "
                "attribute name: " +
                step.text;
          }
          if (undefined_first.empty()) undefined_first = undefined_name;
        } else {
          attributes_.used_names.insert(step.text);
          element.name = it->second;
        }
        break;
      }
      case parsed::PathStep::Kind::kIndex:
        element.index = step.index;
        break;
    }
    out.push_back(std::move(element));
  }
  if (out.size() > kMaxPathDepth && too_deep.empty()) {
    too_deep = "The document path has too many nesting levels; nesting levels: " +
               std::to_string(out.size());
  }
  return out;
}

AttributeValue Resolver::value(const std::string& placeholder) {
  auto it = attributes_.values.find(placeholder);
  if (it == attributes_.values.end()) {
    if (undefined_value.empty()) {
      // dynalite test/updateItem.js: "An expression attribute value used in
      // expression is not defined; attribute value: :c".
      undefined_value =
          "An expression attribute value used in expression is not defined; attribute value: " +
          placeholder;
    }
    if (undefined_first.empty()) undefined_first = undefined_value;
    return AttributeValue{};
  }
  attributes_.used_values.insert(placeholder);
  return it->second;
}

Operand Resolver::operand(const parsed::Operand& parsed) {
  Operand out;
  switch (parsed.kind) {
    case parsed::Operand::Kind::kPath:
      out.kind = Operand::Kind::kPath;
      out.path = path(parsed.path);
      break;
    case parsed::Operand::Kind::kValue:
      out.kind = Operand::Kind::kValue;
      out.undefined = !attributes_.values.contains(parsed.placeholder);
      out.value = value(parsed.placeholder);
      break;
    case parsed::Operand::Kind::kFunction:
    case parsed::Operand::Kind::kPlus:
    case parsed::Operand::Kind::kMinus:
      out.kind = parsed.kind == parsed::Operand::Kind::kFunction ? Operand::Kind::kFunction
                 : parsed.kind == parsed::Operand::Kind::kPlus   ? Operand::Kind::kPlus
                                                                 : Operand::Kind::kMinus;
      out.function = parsed.function;
      for (const auto& arg : parsed.args) out.args.push_back(operand(arg));
      break;
  }
  return out;
}

std::string path_to_string(const Path& path) {
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path[i].index >= 0) {
      out += "[" + std::to_string(path[i].index) + "]";
    } else {
      if (i > 0) out += ".";
      out += path[i].name;
    }
  }
  return out;
}

std::string path_list_string(const Path& path) {
  std::string out = "[";
  for (size_t i = 0; i < path.size(); ++i) {
    if (i) out += ", ";
    out += path[i].index >= 0 ? "[" + std::to_string(path[i].index) + "]" : path[i].name;
  }
  return out + "]";
}

// Messages recorded from DynamoDB (dynalite test/updateItem.js): "Two document
// paths overlap with each other; must remove or rewrite one of these paths;
// path one: [a], path two: [a, b]" and "... conflict with each other; ...".
void check_path_overlaps(const std::vector<Path>& paths, std::string* overlap,
                         std::string* conflict) {
  for (size_t j = 1; j < paths.size() && overlap->empty(); ++j) {
    for (size_t i = 0; i < j && overlap->empty(); ++i) {
      const Path& one = paths[i];
      const Path& two = paths[j];
      bool differ = false;
      for (size_t k = 0; k < one.size() && k < two.size(); ++k) {
        bool one_index = one[k].index >= 0, two_index = two[k].index >= 0;
        if (one_index != two_index) {
          if (conflict->empty()) {
            *conflict =
                "Two document paths conflict with each other; must remove or rewrite one of "
                "these paths; path one: " +
                path_list_string(one) + ", path two: " + path_list_string(two);
          }
          differ = true;
          break;
        }
        if (one_index ? one[k].index != two[k].index : one[k].name != two[k].name) {
          differ = true;
          break;
        }
      }
      if (!differ) {
        *overlap =
            "Two document paths overlap with each other; must remove or rewrite one of these "
            "paths; path one: " +
            path_list_string(one) + ", path two: " + path_list_string(two);
      }
    }
  }
}

void throw_first(const std::string& prefix, std::initializer_list<const std::string*> messages) {
  for (const std::string* m : messages) {
    if (!m->empty()) throw request_check_error(prefix + *m);
  }
}

void check_expression_text(std::string_view text, const std::string& prefix, bool with_size) {
  // dynalite test/updateItem.js: "Invalid UpdateExpression: The expression can
  // not be empty;".
  if (text.empty()) throw request_check_error(prefix + "The expression can not be empty;");
  // Captured from DynamoDB (ExtendDB tests, expression size limit): 4096 bytes
  // allowed; Condition/Filter append " expression size: N", others do not.
  if (text.size() > 4096) {
    std::string message = prefix + "Expression size has exceeded the maximum allowed size;";
    if (with_size) message += " expression size: " + std::to_string(text.size());
    throw request_check_error(message);
  }
}

}  // namespace dynamini::expr
