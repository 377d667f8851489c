#include "model/request_template.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <optional>
#include <regex>

namespace dynamini::model {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

rapidjson::Value string_value(std::string_view s, rapidjson::Document::AllocatorType& a) {
  return rapidjson::Value(s.data(), static_cast<rapidjson::SizeType>(s.size()), a);
}

std::string_view view(const rapidjson::Value& s) {
  return std::string_view(s.GetString(), s.GetStringLength());
}

// The parameter name when `s` is exactly "{{name}}".
std::optional<std::string_view> whole_placeholder(std::string_view s) {
  if (s.size() < 5 || !s.starts_with("{{") || !s.ends_with("}}")) return std::nullopt;
  std::string_view name = s.substr(2, s.size() - 4);
  if (name.find("{{") != std::string_view::npos || name.find("}}") != std::string_view::npos) {
    return std::nullopt;
  }
  return name;
}

// Calls `visit(name)` for each {{name}} in `s`; returns `s` with each replaced
// by what `visit` returns.
template <typename Visit>
std::string substitute(std::string_view s, Visit visit) {
  std::string out;
  size_t i = 0;
  while (true) {
    size_t open = s.find("{{", i);
    size_t close = open == std::string_view::npos ? open : s.find("}}", open + 2);
    if (close == std::string_view::npos) break;
    out.append(s.substr(i, open - i));
    out += visit(s.substr(open + 2, close - open - 2));
    i = close + 2;
  }
  out.append(s.substr(i));
  return out;
}

std::string text_of(const TemplateParams& params, std::string_view name) {
  const rapidjson::Value* v = params.find(name);
  if (v == nullptr) throw TemplateError("missing parameter " + std::string(name));
  if (v->IsString()) return std::string(view(*v));
  if (v->IsNumber()) {
    rapidjson::StringBuffer buffer;
    Writer w(buffer);
    v->Accept(w);
    return buffer.GetString();
  }
  throw TemplateError("parameter " + std::string(name) +
                      " is used inside text, so it must be "
                      "a string or a number");
}

// False when `v` is a whole placeholder whose parameter is absent.
bool present(const rapidjson::Value& v, const TemplateParams& params) {
  if (!v.IsString()) return true;
  auto name = whole_placeholder(view(v));
  return !name || params.find(*name) != nullptr;
}

void write(const rapidjson::Value& v, const TemplateParams& params, Writer& out) {
  if (v.IsObject()) {
    out.StartObject();
    for (const auto& m : v.GetObject()) {
      if (!present(m.value, params)) continue;
      std::string name =
          substitute(view(m.name), [&](std::string_view p) { return text_of(params, p); });
      out.Key(name.c_str(), static_cast<rapidjson::SizeType>(name.size()));
      write(m.value, params, out);
    }
    out.EndObject();
  } else if (v.IsArray()) {
    out.StartArray();
    for (const auto& e : v.GetArray()) {
      if (present(e, params)) write(e, params, out);
    }
    out.EndArray();
  } else if (v.IsString()) {
    if (auto name = whole_placeholder(view(v))) {
      const rapidjson::Value* value = params.find(*name);
      if (value == nullptr) throw TemplateError("missing parameter " + std::string(*name));
      value->Accept(out);
      return;
    }
    std::string text = substitute(view(v), [&](std::string_view p) { return text_of(params, p); });
    out.String(text.c_str(), static_cast<rapidjson::SizeType>(text.size()));
  } else {
    v.Accept(out);
  }
}

rapidjson::Document parse_template(std::string_view request_template) {
  rapidjson::Document doc;
  doc.Parse(request_template.data(), request_template.size());
  if (doc.HasParseError()) throw TemplateError("the request template is not JSON");
  return doc;
}

void collect(const rapidjson::Value& v, std::vector<std::string>& names) {
  auto add = [&](std::string_view s) {
    substitute(s, [&](std::string_view p) {
      if (std::find(names.begin(), names.end(), p) == names.end()) names.emplace_back(p);
      return std::string();
    });
  };
  if (v.IsObject()) {
    for (const auto& m : v.GetObject()) {
      add(view(m.name));
      collect(m.value, names);
    }
  } else if (v.IsArray()) {
    for (const auto& e : v.GetArray()) collect(e, names);
  } else if (v.IsString()) {
    add(view(v));
  }
}

// "USER#{{user}}" fits "USER#u_alice": the literal parts in order, anything
// (non-empty) in place of each placeholder.
bool text_fits(std::string_view pattern, std::string_view text) {
  std::string expression;
  std::string literal;
  auto flush = [&] {
    for (char c : literal) {
      if (std::string_view(".^$|()[]{}*+?\\").find(c) != std::string_view::npos) expression += '\\';
      expression += c;
    }
    literal.clear();
  };
  size_t i = 0;
  while (true) {
    size_t open = pattern.find("{{", i);
    size_t close = open == std::string_view::npos ? open : pattern.find("}}", open + 2);
    if (close == std::string_view::npos) break;
    literal.append(pattern.substr(i, open - i));
    flush();
    expression += "(.+)";
    i = close + 2;
  }
  literal.append(pattern.substr(i));
  flush();
  return std::regex_match(text.begin(), text.end(), std::regex(expression));
}

bool fits(const rapidjson::Value& t, const rapidjson::Value& r);

// The request member whose name fits the template member's name, or null.
const rapidjson::Value* fitting_member(const rapidjson::Value& r, std::string_view name) {
  for (const auto& m : r.GetObject()) {
    if (view(m.name) == name || text_fits(name, view(m.name))) return &m.value;
  }
  return nullptr;
}

bool object_fits(const rapidjson::Value& t, const rapidjson::Value& r) {
  if (!r.IsObject()) return false;
  rapidjson::SizeType matched = 0;
  for (const auto& m : t.GetObject()) {
    const rapidjson::Value* value = fitting_member(r, view(m.name));
    if (value == nullptr) {
      if (m.value.IsString() && whole_placeholder(view(m.value))) continue;  // optional, absent
      return false;
    }
    if (!fits(m.value, *value)) return false;
    ++matched;
  }
  return matched == r.MemberCount();
}

bool fits(const rapidjson::Value& t, const rapidjson::Value& r) {
  if (t.IsString()) {
    if (whole_placeholder(view(t))) return true;
    return r.IsString() && text_fits(view(t), view(r));
  }
  if (t.IsObject()) return object_fits(t, r);
  if (t.IsArray()) {
    if (!r.IsArray() || r.Size() != t.Size()) return false;
    for (rapidjson::SizeType i = 0; i < t.Size(); ++i) {
      if (!fits(t[i], r[i])) return false;
    }
    return true;
  }
  return t == r;
}

}  // namespace

TemplateParams::TemplateParams() { values_.SetObject(); }

TemplateParams TemplateParams::from_json(std::string_view json) {
  TemplateParams params;
  params.values_.Parse(json.data(), json.size());
  if (params.values_.HasParseError() || !params.values_.IsObject()) {
    throw TemplateError("parameters must be a JSON object");
  }
  return params;
}

TemplateParams& TemplateParams::text(std::string_view name, std::string_view value) {
  erase(name);
  auto& a = values_.GetAllocator();
  values_.AddMember(string_value(name, a), string_value(value, a), a);
  return *this;
}

TemplateParams& TemplateParams::number(std::string_view name, int64_t value) {
  erase(name);
  auto& a = values_.GetAllocator();
  values_.AddMember(string_value(name, a), rapidjson::Value(value), a);
  return *this;
}

TemplateParams& TemplateParams::json(std::string_view name, std::string_view json) {
  rapidjson::Document parsed;
  parsed.Parse(json.data(), json.size());
  if (parsed.HasParseError())
    throw TemplateError("parameter " + std::string(name) + " is not JSON");
  erase(name);
  auto& a = values_.GetAllocator();
  values_.AddMember(string_value(name, a), rapidjson::Value(parsed, a), a);
  return *this;
}

TemplateParams& TemplateParams::erase(std::string_view name) {
  auto it = values_.FindMember(string_value(name, values_.GetAllocator()));
  if (it != values_.MemberEnd()) values_.RemoveMember(it);
  return *this;
}

const rapidjson::Value* TemplateParams::find(std::string_view name) const {
  for (const auto& m : values_.GetObject()) {
    if (view(m.name) == name) return m.value.IsNull() ? nullptr : &m.value;
  }
  return nullptr;
}

std::string instantiate(std::string_view request_template, const TemplateParams& params) {
  rapidjson::Document doc = parse_template(request_template);
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  write(doc, params, out);
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::vector<std::string> template_parameters(std::string_view request_template) {
  std::vector<std::string> names;
  collect(parse_template(request_template), names);
  return names;
}

bool matches_template(std::string_view request_template, std::string_view request_json) {
  rapidjson::Document t = parse_template(request_template);
  rapidjson::Document r;
  r.Parse(request_json.data(), request_json.size());
  return !r.HasParseError() && fits(t, r);
}

}  // namespace dynamini::model
