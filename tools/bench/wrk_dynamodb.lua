-- wrk request generator for one DynamoDB operation, chosen by BENCH_OP:
-- PutItem (new key each request), GetItem, Query (page of 20), UpdateItem
-- (conditional ADD on a counter). Data is seeded by http_bench.py.
local op = os.getenv("BENCH_OP") or "GetItem"
local counter = 0
local thread_count = 0

function setup(thread)
  thread:set("tid", thread_count)
  thread_count = thread_count + 1
end

local headers = {
  ["Content-Type"] = "application/x-amz-json-1.0",
  ["X-Amz-Target"] = "DynamoDB_20120810." .. op,
  ["X-Amz-Date"] = "20260101T000000Z",
  ["Authorization"] = "AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=0000",
}

function request()
  counter = counter + 1
  local u = counter % 100
  local body
  if op == "PutItem" then
    body = string.format('{"TableName":"inbox","Item":{"pk":{"S":"USER#w%d"},"sk":{"S":"NOTIF#%d-%09d"},"type":{"S":"like"},"read":{"BOOL":false},"payload":{"M":{"text":{"S":"liked your post"}}},"gsi1pk":{"S":"UNREAD#w%d"},"gsi1sk":{"S":"NOTIF#%d-%09d"}}}', u, tid or 0, counter, u, tid or 0, counter)
  elseif op == "GetItem" then
    body = string.format('{"TableName":"inbox","Key":{"pk":{"S":"USER#u%d"},"sk":{"S":"NOTIF#%03d"}}}', u, u)
  elseif op == "Query" then
    body = string.format('{"TableName":"inbox","KeyConditionExpression":"pk = :p AND begins_with(sk, :n)","ExpressionAttributeValues":{":p":{"S":"USER#q%d"},":n":{"S":"NOTIF#"}},"ScanIndexForward":false,"Limit":20}', counter % 10)
  elseif op == "UpdateItem" then
    body = string.format('{"TableName":"inbox","Key":{"pk":{"S":"USER#u%d"},"sk":{"S":"#INBOX"}},"UpdateExpression":"ADD unreadCount :one","ConditionExpression":"attribute_not_exists(unreadCount) OR unreadCount >= :zero","ExpressionAttributeValues":{":one":{"N":"1"},":zero":{"N":"0"}}}', u)
  end
  return wrk.format("POST", "/", headers, body)
end
