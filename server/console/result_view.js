// One sent request and what came back: status, Count / ScannedCount, cost,
// LastEvaluatedKey (with a next-page button), the response or the error, and
// the same request as an AWS CLI command. The cost and the command are what
// the server rendered (result.cost, result.awsCli); the console computes
// neither.
import { el, jsonView, keyText } from "./dom.js";

// `result` from api.call(), plus optional `cost` (text) and `awsCli`.
// `onNextPage(lastEvaluatedKey)` adds the next-page button; `review`
// ({text, link}) the request reviewer's line.
export function resultView(result, { title, onNextPage, showRequest = false, compact = false, review = null } = {}) {
  const body = result.body ?? {};
  const metrics = el("div", { class: "metrics" },
    metric("status", result.ok ? `${result.status} OK` : `${result.status} ${result.error.type}`, result.ok ? "ok" : "bad"),
    metric("latency", `${result.latencyMs.toFixed(1)} ms`),
    "Count" in body ? metric("Count", body.Count) : null,
    "ScannedCount" in body ? metric("ScannedCount", body.ScannedCount) : null,
    metric("ConsumedCapacity", result.cost || "—", result.cost ? "cost" : ""),
  );
  const lek = body.LastEvaluatedKey;
  const paging = lek
    ? el("div", { class: "paging" },
        el("span", { class: "label" }, "LastEvaluatedKey"), el("code", {}, keyText(lek)),
        onNextPage ? el("button", { class: "primary next-page", onclick: () => onNextPage(lek) }, "Next page →") : null)
    : ("Count" in body ? el("div", { class: "paging done" }, "No LastEvaluatedKey: this was the last page.") : null);

  const box = el("div", { class: `result ${result.ok ? "ok" : "bad"}` },
    el("div", { class: "result-head" },
      el("span", { class: "op" }, result.op), title ? el("span", { class: "result-title" }, title) : null),
    metrics, paging, review ? reviewLine(review) : null);
  if (showRequest) {
    box.append(el("details", { class: "sent" }, el("summary", {}, "Request sent"), jsonView(safeParse(result.request))));
  }
  if (!result.ok) {
    box.append(el("div", { class: "error-box" },
      el("strong", {}, result.error.type), el("p", {}, result.error.message)));
  } else {
    box.append(el("details", { class: "response", open: !compact }, el("summary", {}, "Response"), jsonView(body)));
  }
  if (result.awsCli) {
    box.append(el("details", { class: "aws-cli" }, el("summary", {}, "AWS CLI"), el("pre", { class: "cli" }, result.awsCli)));
  }
  return box;
}

function metric(label, value, tone = "") {
  return el("div", { class: `metric ${tone}` }, el("span", { class: "label" }, label), el("span", { class: "value" }, value));
}

function safeParse(text) {
  try { return JSON.parse(text); } catch { return text; }
}

// The reviewer's line, linking to the note that explains it.
export function reviewLine(review) {
  return el("p", { class: "review" }, el("span", { class: "review-tag" }, "Reviewer"), " ", review.text, " ",
    el("a", { href: review.link.slice(review.link.indexOf("#")) }, "Why?"));
}

// A pattern run's call (POST /console/api/model/run) in the shape
// resultView() takes.
export function transcriptResult(c) {
  return { ok: c.status === 200, status: c.status, body: c.response ?? {}, op: c.operation,
           request: JSON.stringify(c.request), latencyMs: c.latencyMs, error: c.error,
           cost: c.cost?.text, awsCli: c.awsCli };
}
