#include "model/inbox_requests.h"

#include <array>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/model_library.h"

namespace dynamini::model {
namespace {

// In InboxRequest order: the id of each request's template in the inbox
// model file (model/models/inbox.json, "templates").
constexpr std::array<std::pair<InboxRequest, std::string_view>, 17> kIds = {{
    {InboxRequest::kDeliver, "deliver"},
    {InboxRequest::kDeliverOlder, "deliverOlder"},
    {InboxRequest::kDeliverAsRead, "deliverAsRead"},
    {InboxRequest::kRecent, "recent"},
    {InboxRequest::kBadge, "badge"},
    {InboxRequest::kMarkRead, "markRead"},
    {InboxRequest::kMarkReadUncounted, "markReadUncounted"},
    {InboxRequest::kUnread, "unread"},
    {InboxRequest::kStartReadAll, "startReadAll"},
    {InboxRequest::kPendingJobs, "pendingJobs"},
    {InboxRequest::kCountCovered, "countCovered"},
    {InboxRequest::kJobPage, "jobPage"},
    {InboxRequest::kJobProgress, "jobProgress"},
    {InboxRequest::kJobDone, "jobDone"},
    {InboxRequest::kFollow, "follow"},
    {InboxRequest::kFollowers, "followers"},
    {InboxRequest::kPost, "post"},
}};

const std::vector<RequestTemplate>& templates() {
  static const std::vector<RequestTemplate> all = [] {
    std::vector<RequestTemplate> out;
    const ModelDefinition& inbox = inbox_model();
    for (const auto& [request, id] : kIds) {
      const ModelTemplate* t = inbox.find_template(id);
      if (t == nullptr) throw std::logic_error("inbox.json has no template " + std::string(id));
      out.push_back({request, t->id, t->operation, t->body});
    }
    return out;
  }();
  return all;
}

}  // namespace

const RequestTemplate& inbox_request(InboxRequest request) {
  return templates()[static_cast<size_t>(request)];
}

std::span<const RequestTemplate> inbox_requests() { return templates(); }

}  // namespace dynamini::model
