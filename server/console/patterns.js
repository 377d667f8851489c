// The loaded model's access patterns, from its catalogue (catalogue.js):
// each shows its parameters, why it exists (and the note that explains it)
// and the request templates it sends. Run asks the server to run it with the
// model's own code (POST /console/api/model/run) and shows every request
// that was sent, what came back, what it cost (as the server counts it),
// what the pattern costs per million calls and the reviewer's line on each
// request. The picture is told which items each run read and wrote.
import { consoleApi } from "./api.js";
import { attributeAt, findNote, findParameter, findPattern, getCatalogue } from "./catalogue.js";
import { avText, clear, el, jsonView, toast } from "./dom.js";
import { resultView, transcriptResult } from "./result_view.js";

const values = {};  // parameter values by name, shared by every pattern
let current = null;
let hooks = { onChange: () => {}, onRun: () => {} };
let page = 1;
let transcript, totals, outcome;  // where a run's results go

export function initPatterns(options) {
  hooks = { ...hooks, ...options };
  const catalogue = getCatalogue();
  const head = document.getElementById("model-head");
  if (!catalogue) {
    head.append(el("h2", {}, "No model loaded"), el("p", { class: "hint", id: "no-model" },
      "This server runs without a data model, so there are no access patterns to run. " +
      "Pick one above, or use Tables, Any request, the request log and Streams on any table."));
    return;
  }
  for (const p of catalogue.parameters) if (p.default !== null) values[p.name] = p.default;
  const indexes = catalogue.tables.flatMap((t) => (t.schema.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
  head.append(el("h2", { id: "model-title" }, catalogue.title),
    catalogue.description ? el("p", { class: "blurb" }, catalogue.description) : null,
    el("p", { class: "hint" }, `${catalogue.tables.length > 1 ? "tables" : "table"} ${catalogue.tables.map((t) => t.name).join(", ")}` +
      (indexes.length ? ` · ${indexes.join(", ")} drawn beside it` : "")),
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
        el("td", {}, e.indexKeys ? `${e.index ?? ""} ${keys(e.indexKeys)}${e.indexedWhile ? ` (while ${e.indexedWhile})` : ""}` : "—"))))),
    el("ul", {}, catalogue.notes.map((note) => el("li", {}, el("a", { href: `#notes/${note.id}` }, note.title), `: ${note.text}`))));
}

// Selects pattern `id`, with `params` overriding the current values.
export function select(id, params = {}) {
  current = findPattern(id) ?? getCatalogue().patterns[0];
  page = 1;
  if (current.cursor) delete values[current.cursor];
  Object.assign(values, params);
  for (const b of document.querySelectorAll(".pattern")) {
    b.classList.toggle("selected", b.dataset.pattern === current.id);
    b.setAttribute("aria-pressed", String(b.dataset.pattern === current.id));
  }
  const note = current.note ? findNote(current.note) : null;
  const detail = clear(document.getElementById("pattern-detail"));
  detail.append(
    el("h2", { class: "pattern-title" }, `${current.id} · ${current.name}`),
    el("p", { class: "entity-line" }, `serves ${current.entity} · `, el("code", {}, current.command)),
    el("p", { class: "blurb" }, current.why,
       note ? [" ", el("a", { href: `#notes/${note.id}`, class: "note-link" }, `Note: ${note.title}`)] : null),
    el("div", { class: "params", id: "pattern-params" }, current.parameters.map(control)),
    ...current.steps.map(stepView));
  const run = el("button", { class: "primary run", id: "run-pattern", onclick: () => runCurrent(run) }, `Run ${current.id}`);
  totals = el("div", { class: "totals", id: "pattern-totals" });
  outcome = el("div", { id: "pattern-outcome", "aria-live": "polite" });
  transcript = el("div", { class: "transcript", id: "pattern-transcript" });
  detail.append(el("div", { class: "actions" }, run), totals, outcome, transcript);
}

function stepView(step, i) {
  const repeat = step.pages > 1 ? ` (up to ${step.pages} pages, each from the last one's LastEvaluatedKey)` : "";
  return el("div", { class: "step", dataset: { template: step.template } },
    el("div", { class: "step-head" },
      el("span", { class: "step-no" }, current.steps.length > 1 ? `Step ${i + 1}` : "Request"),
      el("span", { class: "op" }, step.operation), el("span", {}, step.title + repeat)),
    step.when ? el("div", { class: "step-when" }, `only when ${step.when}`) : null,
    el("details", { open: i === 0 }, el("summary", {}, "request template"), jsonView(step.request)));
}

// The input for one parameter, kept in `values`.
function control(name) {
  const p = findParameter(name) ?? { name, label: name, type: "string" };
  const id = `param-${name}`;
  let input;
  if (p.choices) {
    input = el("select", { id });
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

// Runs pattern `id` with `params` on the server; resolves to {ok, status, body}.
export async function runPattern(id, params) {
  return consoleApi("/console/api/model/run", { pattern: id, params }, { background: false });
}

async function runCurrent(button) {
  button.disabled = true;
  clear(transcript);
  clear(totals);
  clear(outcome);
  let answer;
  try {
    answer = await runPattern(current.id, paramsOf(current));
    if (!answer.ok) {
      transcript.append(el("div", { class: "error-box" }, el("strong", {}, "Not run"),
        el("p", {}, answer.body?.error ?? `HTTP ${answer.status}`)));
    } else {
      showRun(answer.body);
    }
  } finally {
    button.disabled = false;
    if (answer?.ok) hooks.onRun(answer.body);
    hooks.onChange();
  }
}

function showRun(run) {
  totals.append(el("span", {}, `${run.requests} request${run.requests === 1 ? "" : "s"}`),
    el("span", { class: "cost" }, run.total?.text ?? "no capacity reported"),
    run.price ? el("span", { class: "price", id: "pattern-price", title: `price table ${run.price.table}` }, run.price.text) : null);
  outcome.append(el("p", { class: `note${run.ok ? "" : " error-box"}` }, run.outcome));
  const shown = run.calls.length > 12 ? [...run.calls.slice(0, 3), null, ...run.calls.slice(-3)] : run.calls;
  shown.forEach((c, i) => {
    if (c === null) {
      transcript.append(el("p", { class: "hint" }, `… ${run.calls.length - 6} more requests of the same kind …`));
      return;
    }
    const last = i === shown.length - 1;
    transcript.append(resultView(transcriptResult(c), {
      title: titleOf(c, run.calls.indexOf(c), run.calls.length),
      showRequest: true,
      compact: run.calls.length > 1,
      review: c.review,
      onNextPage: last && run.cursor && current.cursor ? () => nextPage(run.cursor) : undefined,
    }));
  });
}

// The step the call was made from, by its template; the page for a paged pattern.
function titleOf(c, index, count) {
  const step = current.steps.find((s) => s.template === c.template);
  const title = step?.title ?? c.template ?? "";
  if (step?.pages > 1) return `page ${index + 1} of ${count} · ${title}`;
  return current.cursor ? `page ${page} · ${title}` : title;
}

async function nextPage(cursor) {
  values[current.cursor] = cursor;
  const input = document.getElementById(`param-${current.cursor}`);
  if (input) input.value = JSON.stringify(cursor);
  page += 1;
  await runCurrent(document.getElementById("run-pattern"));
}


// The current parameter values (the picture puts the partition they name first).
export function currentValues() {
  return { ...values };
}
