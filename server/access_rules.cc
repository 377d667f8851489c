#include "dynamini/access_rules.h"

#include <boost/asio/ip/address_v4.hpp>
#include <boost/asio/ip/address_v6.hpp>
#include <cctype>

namespace dynamini {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

bool iends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && iequals(s.substr(s.size() - suffix.size()), suffix);
}

// The name or address of a Host value or --host address: without its port,
// the brackets of an IPv6 address, and one trailing dot of a name.
std::string_view host_part(std::string_view host) {
  host = trim(host);
  if (host.starts_with('[')) {
    const size_t close = host.find(']');
    return close == host.npos ? std::string_view() : host.substr(1, close - 1);
  }
  if (host.find(':') != host.rfind(':')) return host;  // a bare IPv6 address
  host = host.substr(0, host.find(':'));
  if (host.ends_with('.')) host.remove_suffix(1);
  return host;
}

bool is_loopback_address(std::string_view address) {
  boost::system::error_code ec;
  const std::string text(address);
  if (address.find(':') != address.npos) {
    const auto v6 = boost::asio::ip::make_address_v6(text, ec);
    return !ec &&
           (v6.is_loopback() ||
            (v6.is_v4_mapped() &&
             boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).is_loopback()));
  }
  const auto v4 = boost::asio::ip::make_address_v4(text, ec);
  return !ec && v4.is_loopback();
}

// The authority of "http://A" or "https://A" (no path); empty otherwise.
std::string_view origin_authority(std::string_view origin) {
  for (std::string_view scheme : {"http://", "https://"}) {
    if (origin.size() > scheme.size() && iequals(origin.substr(0, scheme.size()), scheme)) {
      const std::string_view authority = origin.substr(scheme.size());
      return authority.find('/') == authority.npos ? authority : std::string_view();
    }
  }
  return {};
}

std::string_view without_trailing_slash(std::string_view origin) {
  origin = trim(origin);
  if (origin.ends_with('/')) origin.remove_suffix(1);
  return origin;
}

bool any_is_star(const std::vector<std::string>& list) {
  for (const std::string& entry : list) {
    if (trim(entry) == "*") return true;
  }
  return false;
}

std::string joined(const std::vector<std::string>& list) {
  std::string out;
  for (const std::string& entry : list) out += ", " + entry;
  return out;
}

}  // namespace

bool is_loopback_host(std::string_view host) {
  const std::string_view name = host_part(host);
  if (name.empty()) return false;
  const bool address = name.find(':') != name.npos ||
                       name.find_first_not_of("0123456789.") == std::string_view::npos;
  if (address) return is_loopback_address(name);
  return iequals(name, "localhost") || iends_with(name, ".localhost");
}

bool is_loopback_origin(std::string_view origin) {
  const std::string_view authority = origin_authority(trim(origin));
  return !authority.empty() && is_loopback_host(authority);
}

std::vector<std::string> split_origins(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const std::string_view entry = list.substr(0, list.find(','));
    list.remove_prefix(std::min(list.size(), entry.size() + 1));
    const std::string_view origin = without_trailing_slash(entry);
    if (!origin.empty()) out.emplace_back(origin);
  }
  return out;
}

bool admits_every_origin(const AccessRules& rules) { return any_is_star(rules.origins); }

bool origin_admitted(const AccessRules& rules, std::string_view host, std::string_view origin) {
  if (origin.empty() || admits_every_origin(rules) || is_loopback_origin(origin)) return true;
  const std::string_view authority = origin_authority(trim(origin));
  if (!authority.empty() && iequals(authority, trim(host)) && host_admitted(rules, host)) {
    return true;  // its own page, under a name it answers
  }
  for (const std::string& entry : rules.origins) {
    if (iequals(without_trailing_slash(entry), without_trailing_slash(origin))) return true;
  }
  return false;
}

bool host_admitted(const AccessRules& rules, std::string_view host) {
  if (!rules.check_host || trim(host).empty() || is_loopback_host(host)) return true;
  if (any_is_star(rules.hosts)) return true;
  const std::string_view name = host_part(host);
  for (const std::string& entry : rules.hosts) {
    if (!name.empty() && iequals(host_part(entry), name)) return true;
  }
  return false;
}

std::string access_refusal(const AccessRules& rules, std::string_view host,
                           std::string_view origin) {
  if (!host_admitted(rules, host)) {
    return "dynamini refused a request for Host '" + std::string(host) +
           "': it answers only loopback names (localhost, 127.0.0.0/8, [::1])" +
           joined(rules.hosts) + ", against DNS rebinding; start it with " + rules.host_flag + " " +
           std::string(host_part(host)) + " to admit this name";
  }
  if (!origin_admitted(rules, host, origin)) {
    return "dynamini refused a request from the web page at Origin '" + std::string(origin) +
           "': only pages on loopback origins (http://localhost:*, http://127.0.0.1:*, "
           "http://[::1]:*) and its own may call it" +
           joined(rules.origins) + "; start it with " + rules.origin_flag + " " +
           std::string(without_trailing_slash(origin)) + " to admit that page";
  }
  return {};
}

std::vector<std::string> describe_access(const AccessRules& rules) {
  std::string origins = "web pages that may call it: ";
  if (admits_every_origin(rules)) {
    origins += "every origin (" + rules.origin_flag + " '*')";
  } else {
    origins += "loopback origins (http(s)://localhost, 127.0.0.0/8, [::1], any port), its own" +
               joined(rules.origins) + "; " + rules.origin_flag + " ORIGIN,... admits more";
  }
  std::string hosts = "Host names it answers: ";
  if (!rules.check_host) {
    hosts += "any (not listening on loopback); " + rules.host_flag +
             " NAME answers only loopback names and NAME";
  } else if (any_is_star(rules.hosts)) {
    hosts += "any (" + rules.host_flag + " '*')";
  } else {
    hosts += "loopback ones (localhost, 127.0.0.0/8, [::1])" + joined(rules.hosts) + "; " +
             rules.host_flag + " NAME admits more";
  }
  return {origins, hosts};
}

}  // namespace dynamini
