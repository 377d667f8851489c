#pragma once

// The steps every typed operation goes through, in one place. An operation is
// a struct (operation/operations.h):
//   struct XOperation {
//     using Request = XRequest;
//     using Response = XResponse;
//     // optional: what DynamoDB checks before the request's shape
//     static void check_before_shape(const Request&);
//     // optional: what it checks after the shape and before the values
//     static void check_before_values(const Request&);
//     static Response run(Context&, const Request&, const ExecuteOptions&);
//     // optional: the operation sends the request-validation family
//     // (RequestCheckError) as "1 validation error detected: ..."
//     static constexpr bool kEnvelopesRequestChecks = true;
//     // optional: its values are checked by DynamoDB's older value layer
//     // (values/value_check.h; the current one otherwise)
//     static constexpr ValueLayer kValueLayer = ValueLayer::kOlder;
//     // optional: values it checks itself, after api::check_values
//     static void check_values(Request&);
//   };
// From the wire (run_json):
//   parse:   check_before_read (optional: what an operation checks of the
//            body before reading it), then
//            wire JSON -> Request (api::read: SerializationException for a
//            member of the wrong JSON type; AttributeValues decoded as
//            sent), check_before_shape, the shape (api::check: every
//            constraint error at once, "N validation errors detected: ..."),
//            check_before_values (expression mixing, ReturnValues rules:
//            dynalite test/updateItem.js records them before the values),
//            then the AttributeValues (api::check_values: the first invalid
//            one, numbers put in canonical text);
//   admit:   with ExecuteOptions::admit, the caller's verdict on what the
//            request names (fault rules, throughput), before anything runs;
//   bind + execute: Op::run checks the request's meaning (expressions; then,
//            under the storage lock, against the table) and runs it in one
//            SQLite transaction;
//   render:  Response -> wire JSON (api::write).
// From C++ (run_typed, Database::put_item, ...): the same steps without the
// JSON.
// The consumed capacity leaves the response as data (Call::consumed_capacity);
// the body carries it only when the request asked for it.

#include <type_traits>
#include <utility>
#include <vector>

#include "api/shapes_wire.h"
#include "context/context.h"
#include "operation/call.h"
#include "operation/call_targets.h"
#include "values/request_check_error.h"

namespace dynamini {

template <class Request>
bool asks_for_capacity(const Request& request) {
  if constexpr (requires { request.return_consumed_capacity; }) {
    return request.return_consumed_capacity &&
           !(*request.return_consumed_capacity == api::ReturnConsumedCapacity::kNone);
  } else {
    return false;
  }
}

// Moves the response's ConsumedCapacity (one or a list) into `out`; the
// response keeps it only when `asked`.
template <class Response>
void take_capacity(Response& response, bool asked, std::vector<api::ConsumedCapacity>& out) {
  if constexpr (requires { response.consumed_capacity; }) {
    if (!response.consumed_capacity) return;
    using Held = std::decay_t<decltype(*response.consumed_capacity)>;
    if constexpr (std::is_same_v<Held, api::ConsumedCapacity>) {
      out.push_back(*response.consumed_capacity);
    } else if constexpr (std::is_same_v<Held, api::VectorCapacity>) {
      // SearchVectors: request bytes, not capacity units; nothing to add up.
    } else {
      out.insert(out.end(), response.consumed_capacity->begin(), response.consumed_capacity->end());
    }
    if (!asked) response.consumed_capacity.reset();
  }
}

// Runs `steps` (every step of one call); for an operation with
// kEnvelopesRequestChecks (PutItem, UpdateItem, DeleteItem) a request-validation error
// leaves as DynamoDB sends it there, "1 validation error detected: <message>".
template <class Op, class Steps>
decltype(auto) with_request_envelope(Steps&& steps) {
  if constexpr (requires { Op::kEnvelopesRequestChecks; }) {
    try {
      return steps();
    } catch (const RequestCheckError& error) {
      throw validation_error("1 validation error detected: " + error.message);
    }
  } else {
    return steps();
  }
}

template <class Op>
constexpr ValueLayer value_layer() {
  if constexpr (requires { Op::kValueLayer; }) {
    return Op::kValueLayer;
  } else {
    return ValueLayer::kCurrent;
  }
}

// Everything DynamoDB checks of a request before it looks at a table: the
// shape, the operation's own rules, then the AttributeValues.
template <class Op>
void check_request(typename Op::Request& request) {
  if constexpr (requires { Op::check_before_shape(request); }) Op::check_before_shape(request);
  ShapeErrors errors;
  api::check(request, errors);
  errors.throw_if_any();
  if constexpr (requires { Op::check_before_values(request); }) Op::check_before_values(request);
  api::check_values(request, ValueChecker(value_layer<Op>()));
  if constexpr (requires { Op::check_values(request); }) Op::check_values(request);
}

// With ExecuteOptions::admit: what the request names, and the caller's
// verdict on it; a refusal is the call's answer, before anything runs.
template <class Request>
void admit_call(Context& context, const Request& request, Call& call) {
  if (!call.options.admit) return;
  call.targets = call_targets(context, request);
  if (auto refused = call.options.admit(call.operation, call.targets)) throw *refused;
}

template <class Op>
void run_json(Context& context, const Json& body, Call& call, JsonWriter& out) {
  if constexpr (requires { Op::check_before_read(body); }) Op::check_before_read(body);
  typename Op::Request request;
  api::read(body, request);
  typename Op::Response response = with_request_envelope<Op>([&] {
    check_request<Op>(request);
    admit_call(context, request, call);
    return Op::run(context, request, call.options);
  });
  take_capacity(response, asks_for_capacity(request), call.consumed_capacity);
  api::write(out, response);
}

template <class Op>
typename Op::Response run_typed(Context& context, typename Op::Request request) {
  return with_request_envelope<Op>([&] {
    check_request<Op>(request);
    return Op::run(context, request, ExecuteOptions{});
  });
}

}  // namespace dynamini
