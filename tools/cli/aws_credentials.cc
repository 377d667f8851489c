#include "cli/aws_credentials.h"

#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <stdexcept>

namespace dynamini::cli {
namespace {

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value ? value : "";
}

std::string home_file(const char* variable, const char* default_name) {
  if (std::string path = env(variable); !path.empty()) return path;
  return env("HOME") + "/.aws/" + default_name;
}

std::string trim(const std::string& s) {
  const size_t begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r") - begin + 1);
}

// The `key = value` lines of section `section` in an INI file; empty when
// the file or the section is missing.
std::map<std::string, std::string> ini_section(const std::string& path,
                                               const std::string& section) {
  std::map<std::string, std::string> values;
  std::ifstream in(path);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line.front() == '[' && line.back() == ']') {
      inside = trim(line.substr(1, line.size() - 2)) == section;
      continue;
    }
    const size_t eq = line.find('=');
    if (inside && eq != std::string::npos)
      values[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
  }
  return values;
}

// The profile's settings: the credentials file's section, completed by the
// config file's ("[profile NAME]", or "[default]" for default).
std::map<std::string, std::string> profile_settings(const std::string& profile) {
  auto values = ini_section(home_file("AWS_SHARED_CREDENTIALS_FILE", "credentials"), profile);
  const std::string config_section = profile == "default" ? "default" : "profile " + profile;
  for (auto& [key, value] : ini_section(home_file("AWS_CONFIG_FILE", "config"), config_section)) {
    values.emplace(key, value);
  }
  return values;
}

std::optional<AwsCredentials> from_profile(const std::string& profile) {
  auto values = profile_settings(profile);
  if (values["aws_access_key_id"].empty() || values["aws_secret_access_key"].empty()) {
    return std::nullopt;
  }
  return AwsCredentials{values["aws_access_key_id"], values["aws_secret_access_key"],
                        values["aws_session_token"]};
}

}  // namespace

std::optional<AwsCredentials> find_aws_credentials(const std::string& profile) {
  if (!profile.empty()) {
    auto credentials = from_profile(profile);
    if (!credentials) {
      throw std::runtime_error("profile '" + profile +
                               "' has no aws_access_key_id and "
                               "aws_secret_access_key in the shared credentials or config file");
    }
    return credentials;
  }
  if (!env("AWS_ACCESS_KEY_ID").empty() && !env("AWS_SECRET_ACCESS_KEY").empty()) {
    return AwsCredentials{env("AWS_ACCESS_KEY_ID"), env("AWS_SECRET_ACCESS_KEY"),
                          env("AWS_SESSION_TOKEN")};
  }
  const std::string named = env("AWS_PROFILE");
  return from_profile(named.empty() ? "default" : named);
}

std::string find_aws_region(const std::string& region_flag, const std::string& profile,
                            const std::string& endpoint) {
  if (!region_flag.empty()) return region_flag;
  for (const char* variable : {"AWS_REGION", "AWS_DEFAULT_REGION"}) {
    if (std::string region = env(variable); !region.empty()) return region;
  }
  const std::string named = !profile.empty() ? profile : env("AWS_PROFILE");
  if (std::string region = profile_settings(named.empty() ? "default" : named)["region"];
      !region.empty()) {
    return region;
  }
  std::smatch m;
  static const std::regex aws_host(R"(dynamodb(?:-fips)?\.([a-z0-9-]+)\.amazonaws\.com)");
  if (std::regex_search(endpoint, m, aws_host)) return m[1].str();
  return "us-east-1";
}

}  // namespace dynamini::cli
