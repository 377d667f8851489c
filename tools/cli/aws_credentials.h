#pragma once

// Where `dynamini copy` finds the user's AWS credentials and region, the
// way the AWS CLI and SDKs do (AWS SDKs and Tools Reference Guide, "The
// shared config and credentials files" and "Environment variables"):
// - credentials: an explicit --profile reads that profile; otherwise
//   AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN), else
//   the profile AWS_PROFILE names (default "default"). Profiles come from
//   AWS_SHARED_CREDENTIALS_FILE (default ~/.aws/credentials), then
//   AWS_CONFIG_FILE (default ~/.aws/config, sections "[profile NAME]" and
//   "[default]").
// - region: --region, else AWS_REGION, AWS_DEFAULT_REGION, the profile's
//   `region`, the region in an AWS endpoint's host name
//   (dynamodb.eu-west-1.amazonaws.com), else us-east-1.
// Only static keys are read: no SSO, no credential_process, no instance
// metadata.

#include <optional>
#include <string>

#include "cli/aws_sigv4_signer.h"

namespace dynamini::cli {

// Nothing when no credentials are found. Throws std::runtime_error when an
// explicit `profile` is not in the files or lacks a key.
std::optional<AwsCredentials> find_aws_credentials(const std::string& profile);

std::string find_aws_region(const std::string& region_flag, const std::string& profile,
                            const std::string& endpoint);

}  // namespace dynamini::cli
