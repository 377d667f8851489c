// The loaded model's access patterns, from its catalogue (catalogue.js):
// each shows its parameters, why it exists and the request templates it
// sends. Run asks the server to run it with the model's own code (POST
// /console/api/model/run) and shows every request that was sent, what came
// back and what it cost (as the server counts it).
import { consoleApi } from "./api.js";
import { attributeAt, findParameter, findPattern, getCatalogue } from "./catalogue.js";
import { avText, clear, el, jsonView, toast } from "./dom.js";
import { resultView } from "./result_view.js";

const values = {};  // parameter values by name, shared by every pattern
let current = null;
let afterRun = () => {};
let page = 1;
let transcript, totals, outcome;  // where a run's results go

export function initPatterns({ onChange }) {
  afterRun = onChange;
  const catalogue = getCatalogue();
  const head = document.getElementById("model-head");
  if (!catalogue) {
    head.append(el("h2", {}, "No model loaded"), el("p", { class: "hint", id: "no-model" },
      "This server runs without a data model, so there are no access patterns to run. " +
      "Tables, Any request, the request log and Streams work on every table."));
    return;
  }
  for (const p of catalogue.parameters) if (p.default !== null) values[p.name] = p.default;
  head.append(el("h2", {}, catalogue.title),
    el("p", { class: "hint" }, `table ${catalogue.table}${catalogue.index ? ` · ${catalogue.index} drawn beside it` : ""}`),
    keyDesign(catalogue));
  const list = document.getElementById("pattern-list");
  for (const pattern of catalogue.patterns) {
    list.append(el("button", {
      class: "pattern", dataset: { pattern: pattern.id }, title: pattern.why,
      onclick: () => select(pattern.id),
    }, el("span", { class: "short" }, pattern.id), el("span", { class: "name" }, pattern.name)));
  }
  select(catalogue.patterns[0].id);
}

// The entities' keys and the design notes, folded.
function keyDesign(catalogue) {
  const keys = (map) => Object.entries(map ?? {}).map(([a, t]) => `${a} = ${t}`).join(", ");
  return el("details", { class: "key-design" }, el("summary", {}, "Key design"),
    el("table", { class: "grid" },
      el("thead", {}, el("tr", {}, ["item", "table keys", "index keys"].map((h) => el("th", {}, h)))),
      el("tbody", {}, catalogue.entities.map((e) => el("tr", { title: e.description },
        el("td", {}, e.name), el("td", {}, keys(e.keys)),
        el("td", {}, e.indexKeys ? `${keys(e.indexKeys)} (while ${e.indexedWhile})` : "—"))))),
    el("ul", {}, catalogue.notes.map((note) => el("li", {}, note))));
}

// Selects pattern `id`, with `params` overriding the current values.
export function select(id, params = {}) {
  current = findPattern(id) ?? getCatalogue().patterns[0];
  page = 1;
  if (current.cursor) delete values[current.cursor];
  Object.assign(values, params);
  for (const b of document.querySelectorAll(".pattern")) b.classList.toggle("selected", b.dataset.pattern === current.id);
  const detail = clear(document.getElementById("pattern-detail"));
  detail.append(
    el("h2", { class: "pattern-title" }, `${current.id} · ${current.name}`),
    el("p", { class: "entity-line" }, `serves ${current.entity} · `, el("code", {}, current.command)),
    el("p", { class: "blurb" }, current.why),
    el("div", { class: "params", id: "pattern-params" }, current.parameters.map(control)),
    ...current.steps.map(stepView));
  const run = el("button", { class: "primary run", id: "run-pattern", onclick: () => runCurrent(run) }, `Run ${current.id}`);
  totals = el("div", { class: "totals", id: "pattern-totals" });
  outcome = el("div", { id: "pattern-outcome" });
  transcript = el("div", { class: "transcript", id: "pattern-transcript" });
  detail.append(el("div", { class: "actions" }, run), totals, outcome, transcript);
}

function stepView(step, i) {
  return el("div", { class: "step", dataset: { template: step.template } },
    el("div", { class: "step-head" },
      el("span", { class: "step-no" }, current.steps.length > 1 ? `Step ${i + 1}` : "Request"),
      el("span", { class: "op" }, step.operation), el("span", {}, step.title)),
    step.when ? el("div", { class: "step-when" }, `only when ${step.when}`) : null,
    el("details", { open: i === 0 }, el("summary", {}, "request template"), jsonView(step.request)));
}

// The input for one parameter, kept in `values`.
function control(name) {
  const p = findParameter(name) ?? { name, label: name, type: "string" };
  const id = `param-${name}`;
  let input;
  if (p.choices) {
    input = el("select", { id, "aria-label": p.label });
    fillChoices(input, p);
  } else if (p.type === "key") {
    input = el("input", { id, class: "key", placeholder: "first page", value: values[name] ? JSON.stringify(values[name]) : "" });
  } else {
    input = el("input", { id, type: p.type === "number" ? "number" : "text", value: values[name] ?? "", size: 14 });
  }
  input.addEventListener("change", () => {
    if (p.type !== "key") {
      values[name] = p.type === "number" ? Number(input.value) : input.value;
      return;
    }
    try {
      values[name] = input.value.trim() ? JSON.parse(input.value) : "";
    } catch {
      toast(`${p.label}: not JSON`, "bad");
    }
  });
  return el("label", { class: p.type === "key" ? "wide" : "", title: p.description }, `${p.label} `, input);
}

// Offers the values of the items another pattern returns (run in the background).
async function fillChoices(select, p) {
  const answer = await consoleApi("/console/api/model/run",
    { pattern: p.choices.pattern, params: { ...values, limit: 100, cursor: null } });
  const items = answer.ok ? answer.body.calls[0]?.response?.Items ?? [] : [];
  for (const item of items) {
    const value = avText(item[p.choices.value]);
    const label = attributeAt(item, p.choices.label);
    select.append(el("option", { value }, label ? `${value} — ${avText(label)}` : value));
  }
  const wanted = values[p.name];
  if (wanted && !items.some((i) => avText(i[p.choices.value]) === wanted)) {
    select.append(el("option", { value: wanted }, `${wanted} (not among them)`));
  }
  if (!select.options.length) select.append(el("option", { value: "" }, `nothing from ${p.choices.pattern}`));
  select.value = wanted ?? select.options[0].value;
  values[p.name] = select.value;
}

function paramsOf(pattern) {
  const params = {};
  for (const name of pattern.parameters) {
    if (values[name] !== undefined && values[name] !== "") params[name] = values[name];
  }
  return params;
}

async function runCurrent(button) {
  button.disabled = true;
  clear(transcript);
  clear(totals);
  clear(outcome);
  try {
    const answer = await consoleApi("/console/api/model/run",
      { pattern: current.id, params: paramsOf(current) }, { background: false });
    if (!answer.ok) {
      transcript.append(el("div", { class: "error-box" }, el("strong", {}, "Not run"),
        el("p", {}, answer.body?.error ?? `HTTP ${answer.status}`)));
    } else {
      showRun(answer.body);
    }
  } finally {
    button.disabled = false;
    afterRun();
  }
}

function showRun(run) {
  totals.append(el("span", {}, `${run.requests} request${run.requests === 1 ? "" : "s"}`),
    el("span", { class: "cost" }, run.total?.text ?? "no capacity reported"));
  outcome.append(el("p", { class: `note${run.ok ? "" : " error-box"}` }, run.outcome));
  run.calls.forEach((c, i) => {
    const last = i === run.calls.length - 1;
    transcript.append(resultView(asResult(c), {
      title: titleOf(c),
      showRequest: true,
      compact: run.calls.length > 1,
      onNextPage: last && run.cursor && current.cursor ? () => nextPage(run.cursor) : undefined,
    }));
  });
}

// The step the call was made from, by its template; the page for a paged pattern.
function titleOf(c) {
  const step = current.steps.find((s) => s.template === c.template);
  const title = step?.title ?? c.template ?? "";
  return current.cursor ? `page ${page} · ${title}` : title;
}

async function nextPage(cursor) {
  values[current.cursor] = cursor;
  const input = document.getElementById(`param-${current.cursor}`);
  if (input) input.value = JSON.stringify(cursor);
  page += 1;
  await runCurrent(document.getElementById("run-pattern"));
}

// A transcript call in the shape resultView() takes.
function asResult(c) {
  return { ok: c.status === 200, status: c.status, body: c.response ?? {}, op: c.operation,
           request: JSON.stringify(c.request), latencyMs: c.latencyMs, error: c.error,
           cost: c.cost?.text, awsCli: c.awsCli };
}

// The current parameter values (the picture puts the partition they name first).
export function currentValues() {
  return { ...values };
}
