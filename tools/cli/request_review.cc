#include "cli/request_review.h"

namespace dynamini::cli {

std::string review_note_link(std::string_view rule) {
  return "/console#notes/" + std::string(rule);
}

std::function<RequestNote(const ApiCall&)> request_reviewer(
    std::shared_ptr<model::Advisor> advisor) {
  return [advisor = std::move(advisor)](const ApiCall& call) {
    const std::string_view target = call.target;
    const std::string_view operation = target.substr(target.find('.') + 1);
    auto advice =
        advisor->review({.operation = operation, .ok = call.status == 200, .facts = call.facts});
    if (!advice) return RequestNote{};
    return RequestNote{.text = advice->text, .link = review_note_link(advice->rule)};
  };
}

}  // namespace dynamini::cli
