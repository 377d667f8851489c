#pragma once

// The AWS CLI command that repeats one API call, for people to read and
// paste: what `--log-requests=aws` prints and the console shows.
//
//   aws_cli_command("DynamoDB_20120810.GetItem",
//                   R"({"TableName":"t","Key":{"id":{"S":"a"}}})", "http://127.0.0.1:8000")
//   == "aws dynamodb get-item --table-name t --key '{\"id\":{\"S\":\"a\"}}'"
//      " --endpoint-url http://127.0.0.1:8000"

#include <string>
#include <string_view>

namespace dynamini {

// `target` is the X-Amz-Target ("DynamoDB_20120810.Query",
// "DynamoDBStreams_20120810.GetRecords"); a bare operation name is taken as
// DynamoDB's. The operation becomes the CLI's kebab-case command and each
// top-level request member its --kebab-case option (booleans as --x /
// --no-x, strings and numbers bare or single-quoted for a POSIX shell, the
// rest as JSON). Members the CLI hides behind its paginator (Limit,
// ExclusiveStartKey, ...) go in --cli-input-json, with --no-paginate. A
// request that is not a JSON object is passed whole as --cli-input-json.
// `endpoint` empty: no --endpoint-url.
std::string aws_cli_command(std::string_view target, std::string_view request_json,
                            std::string_view endpoint);

}  // namespace dynamini
