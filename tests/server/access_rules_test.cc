// dynamini/access_rules.h: which Host names and Origins are loopback, and
// what a set of rules admits.

#include "dynamini/access_rules.h"

#include <doctest/doctest.h>

#include <string>

namespace dynamini {
namespace {

TEST_CASE("access: loopback hosts, with or without a port") {
  for (const char* host :
       {"localhost", "localhost:8000", "LocalHost.", "app.localhost:3000", "127.0.0.1",
        "127.0.0.1:8000", "127.255.3.4:1", "[::1]", "[::1]:8000", "::1", "[::ffff:127.0.0.1]:80"}) {
    CAPTURE(host);
    CHECK(is_loopback_host(host));
  }
  for (const char* host :
       {"", "evil.example", "evil.example:8000", "localhost.evil.example", "127.0.0.1.evil.example",
        "0.0.0.0", "128.0.0.1", "10.0.0.1:8000", "[::2]:8000", "[::1", "127.1", "localhostx",
        "xlocalhost", "[fe80::1]:8000"}) {
    CAPTURE(host);
    CHECK_FALSE(is_loopback_host(host));
  }
}

TEST_CASE("access: loopback origins are http or https on a loopback host, without a path") {
  for (const char* origin : {"http://localhost:3000", "https://localhost", "http://127.0.0.1:8000",
                             "HTTP://127.9.9.9", "http://[::1]:5173", "http://app.localhost:80"}) {
    CAPTURE(origin);
    CHECK(is_loopback_origin(origin));
  }
  for (const char* origin :
       {"", "null", "http://evil.example", "http://localhost.evil.example", "ftp://localhost",
        "http://localhost:3000/path", "localhost:3000", "http://", "file://localhost"}) {
    CAPTURE(origin);
    CHECK_FALSE(is_loopback_origin(origin));
  }
}

TEST_CASE("access: split_origins trims, drops empties and a trailing slash") {
  CHECK(split_origins("").empty());
  CHECK(split_origins(" , ").empty());
  CHECK(split_origins("*") == std::vector<std::string>{"*"});
  CHECK(split_origins("https://a.example/, http://b:3000") ==
        std::vector<std::string>{"https://a.example", "http://b:3000"});
}

TEST_CASE("access: by default, loopback and own origins only; no Origin always") {
  const AccessRules rules;
  CHECK(origin_admitted(rules, "127.0.0.1:8000", ""));
  CHECK(origin_admitted(rules, "127.0.0.1:8000", "http://localhost:5173"));
  // The console's own origin, under a Host name the rules answer.
  AccessRules wide;
  wide.check_host = false;
  CHECK(origin_admitted(wide, "box.lan:8000", "http://box.lan:8000"));
  CHECK_FALSE(origin_admitted(wide, "box.lan:8000", "http://box.lan:9000"));
  CHECK_FALSE(origin_admitted(rules, "evil.example:8000", "http://evil.example:8000"));
  CHECK_FALSE(origin_admitted(rules, "127.0.0.1:8000", "https://evil.example"));
  CHECK_FALSE(origin_admitted(rules, "127.0.0.1:8000", "null"));
  CHECK_FALSE(admits_every_origin(rules));
}

TEST_CASE("access: listed origins and '*'") {
  AccessRules rules{.origins = {"https://App.example"}};
  CHECK(origin_admitted(rules, "", "https://app.example"));
  CHECK(origin_admitted(rules, "", "https://app.example/"));
  CHECK_FALSE(origin_admitted(rules, "", "https://app.example:444"));
  rules.origins = {"*"};
  CHECK(admits_every_origin(rules));
  CHECK(origin_admitted(rules, "", "https://evil.example"));
}

TEST_CASE("access: Host names by the rules") {
  AccessRules rules{.hosts = {"dynamini", "[2001:db8::1]", "192.0.2.7:9"}};
  CHECK(host_admitted(rules, ""));  // HTTP/1.0 without Host
  CHECK(host_admitted(rules, "localhost:8000"));
  CHECK(host_admitted(rules, "DYNAMINI:8000"));
  CHECK(host_admitted(rules, "[2001:db8::1]:8000"));
  CHECK(host_admitted(rules, "192.0.2.7"));
  CHECK_FALSE(host_admitted(rules, "dynamini.evil.example"));
  CHECK_FALSE(host_admitted(rules, "evil.example"));
  rules.hosts = {"*"};
  CHECK(host_admitted(rules, "evil.example"));
  const AccessRules unchecked{.check_host = false};
  CHECK(host_admitted(unchecked, "evil.example"));
}

TEST_CASE("access: a refusal says why and names the flag that admits it") {
  const AccessRules rules;
  CHECK(access_refusal(rules, "127.0.0.1:8000", "http://localhost:3000").empty());
  const std::string host = access_refusal(rules, "evil.example:8000", "");
  CHECK(host.find("Host 'evil.example:8000'") != std::string::npos);
  CHECK(host.find("--allow-host evil.example ") != std::string::npos);
  const std::string origin = access_refusal(rules, "127.0.0.1:8000", "https://evil.example");
  CHECK(origin.find("Origin 'https://evil.example'") != std::string::npos);
  CHECK(origin.find("--cors https://evil.example ") != std::string::npos);
  const AccessRules mcp{.origin_flag = "--allow-origin"};
  CHECK(access_refusal(mcp, "", "https://evil.example").find("--allow-origin https://") !=
        std::string::npos);
}

TEST_CASE("access: describe_access names the defaults and the flags") {
  const auto lines = describe_access(AccessRules{});
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].find("loopback origins") != std::string::npos);
  CHECK(lines[0].find("--cors") != std::string::npos);
  CHECK(lines[1].find("--allow-host") != std::string::npos);
  const auto open = describe_access(AccessRules{.origins = {"*"}, .check_host = false});
  CHECK(open[0].find("every origin") != std::string::npos);
  CHECK(open[1].find("any") != std::string::npos);
}

}  // namespace
}  // namespace dynamini
