#pragma once

// Which web pages, and which Host names, may reach a dynamini server: the
// one check of the DynamoDB endpoint (its console, admin and health routes
// included) and of `dynamini mcp --http`. It stops a page on another site
// from calling the server from the developer's browser (by its Origin) and
// DNS rebinding, where a site's own name resolves to 127.0.0.1 and its
// requests are same-origin (by the Host header). docs/security.md has the
// whole story.
//
// A request is admitted when both hold:
//   Origin: absent (SDKs, the CLI, curl send none), a loopback origin
//     (http:// or https:// with localhost, a name under .localhost, an
//     address in 127.0.0.0/8 or [::1], any port), the server's own (its
//     host[:port] is the request's Host, one the Host rule admits: the
//     console calling its server), or one of AccessRules::origins ("*"
//     admits every origin).
//   Host: not checked (AccessRules::check_host false), absent (HTTP/1.0; a
//     browser always sends one), a loopback name or address as above, or
//     one of AccessRules::hosts, port ignored ("*" admits every name).

#include <string>
#include <string_view>
#include <vector>

namespace dynamini {

struct AccessRules {
  // Origins admitted besides loopback ones and the server's own, exactly
  // as a browser sends them ("https://app.example:3000"; a trailing '/' is
  // ignored, case is not significant), or "*" for every origin.
  std::vector<std::string> origins = {};
  // Host names admitted besides loopback ones ("dynamini", "192.0.2.7",
  // "[2001:db8::1]" or "2001:db8::1"), or "*" for every name.
  std::vector<std::string> hosts = {};
  // Whether the Host header is checked: on a loopback listener always; on
  // any other only when `hosts` is given (compose service names and
  // container addresses are then unknown in advance).
  bool check_host = true;
  // The flags that add to `origins` and `hosts`, named in refusals.
  std::string origin_flag = "--cors";
  std::string host_flag = "--allow-host";
};

// True when `host` (a Host header value or a --host address: a name, an
// IPv4 address or an IPv6 one with or without brackets, with or without a
// port) names this machine's loopback: localhost or a name under .localhost
// (case-insensitive, one trailing dot allowed), 127.0.0.0/8 or ::1.
bool is_loopback_host(std::string_view host);

// True for "http://H" or "https://H" (an optional port after H) where H is
// a loopback host as is_loopback_host() says.
bool is_loopback_origin(std::string_view origin);

// The comma-separated list `list` ("*", "https://a.example, http://b:3000")
// as AccessRules::origins; an empty or blank list gives none.
std::vector<std::string> split_origins(std::string_view list);

// True when AccessRules::origins is "*" (every origin admitted).
bool admits_every_origin(const AccessRules& rules);

// The origin rule above for a request with these Host and Origin values.
bool origin_admitted(const AccessRules& rules, std::string_view host, std::string_view origin);

// The Host rule above.
bool host_admitted(const AccessRules& rules, std::string_view host);

// Why a request with these Host and Origin values is refused, naming the
// flag that would admit it; empty when it is admitted.
std::string access_refusal(const AccessRules& rules, std::string_view host,
                           std::string_view origin);

// What `rules` admit, as two lines without a newline (the origins, then the
// Host names), each naming the flag that changes it: printed at start.
std::vector<std::string> describe_access(const AccessRules& rules);

}  // namespace dynamini
