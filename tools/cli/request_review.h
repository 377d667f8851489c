#pragma once

// The `dynamini` command's request annotator (ServerOptions::request_annotator):
// the request reviewer of model/advisor.h over each call's facts. Its note
// links to the explanation in the console's notes view
// (/console#notes/<rule>).

#include <functional>
#include <memory>

#include "dynamini/server.h"
#include "model/advisor.h"

namespace dynamini::cli {

// "#notes/review-scan": where the console shows note `rule`.
std::string review_note_link(std::string_view rule);

std::function<RequestNote(const ApiCall&)> request_reviewer(
    std::shared_ptr<model::Advisor> advisor);

}  // namespace dynamini::cli
