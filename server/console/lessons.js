// Lessons: short walks through a model's notes, written in its file. Each
// step says what will happen, asks the learner to predict the result, and
// only then runs the real request (the model's pattern, on the server) and
// shows what came back beside the prediction. Progress is kept in this
// browser (localStorage), per model and lesson. A lesson of another model
// loads that model first.
import { getCatalogue, switchModel } from "./catalogue.js";
import { clear, el, toast } from "./dom.js";
import { runPattern } from "./patterns.js";
import { resultView, transcriptResult } from "./result_view.js";
import { expectedAnswer, isRight } from "./run_paths.js";
import { reloadConsole } from "./transport.js";

const STORE = "dynamini.lessons";
let models = [];  // [{name, title, lessons: [{id, title}]}]

function progressAll() {
  try { return JSON.parse(localStorage.getItem(STORE)) ?? {}; } catch { return {}; }
}
function progressOf(model, lesson) {
  return progressAll()[`${model}/${lesson}`] ?? { step: 0, done: false, answers: [] };
}
function saveProgress(model, lesson, progress) {
  const all = progressAll();
  all[`${model}/${lesson}`] = progress;
  localStorage.setItem(STORE, JSON.stringify(all));
}

export function initLessons(modelList) {
  models = modelList?.models ?? [];
  drawList();
}

function drawList() {
  const box = clear(document.getElementById("lesson-list"));
  for (const m of models) {
    if (!m.lessons.length) continue;
    box.append(el("h3", {}, m.title), el("ul", {}, m.lessons.map((l) => {
      const p = progressOf(m.name, l.id);
      const state = p.done ? "done" : p.step > 0 ? `step ${p.step + 1}` : "";
      return el("li", {}, el("button", { class: `lesson-link${p.done ? " done" : ""}`, dataset: { lesson: `${m.name}/${l.id}` },
        onclick: () => openLesson(m.name, l.id) }, l.title, state ? el("span", { class: "lesson-state" }, ` · ${state}`) : null));
    })));
  }
  if (!box.children.length) box.append(el("p", { class: "hint" }, "No model offers lessons."));
}

// Opens a lesson (loading its model first when another one is shown).
export async function openLesson(model, id) {
  if (getCatalogue()?.model !== model) {
    const result = await switchModel({ name: model });
    if (!result.ok) { toast(result.error, "bad"); return; }
    location.hash = `#lessons/${model}/${id}`;
    reloadConsole();
    return;
  }
  const lesson = getCatalogue().lessons.find((l) => l.id === id);
  if (!lesson) return;
  const progress = progressOf(model, id);
  if (progress.done || progress.step >= lesson.steps.length) Object.assign(progress, { step: 0, done: false, answers: [] });
  drawStart(model, lesson, progress);
}

function drawStart(model, lesson, progress) {
  const body = clear(document.getElementById("lesson-body"));
  const start = el("button", { class: "primary", id: "lesson-start" }, progress.step > 0 ? `Continue at step ${progress.step + 1}` : "Start");
  start.addEventListener("click", async () => {
    if (lesson.reset && progress.step === 0) {
      const result = await switchModel({ name: model }, { reset: true });
      if (!result.ok) { toast(result.error, "bad"); return; }
    }
    drawStep(model, lesson, progress);
  });
  body.append(el("h2", { id: "lesson-title" }, lesson.title),
    lesson.intro ? el("p", { class: "blurb" }, lesson.intro) : null,
    lesson.note ? el("p", {}, el("a", { href: `#notes/${lesson.note}` }, "The note behind this lesson")) : null,
    lesson.reset ? el("p", { class: "hint" }, "Starting puts the model's tables back to their sample items, so every answer is predictable.") : null,
    el("div", { class: "actions" }, start));
  start.focus();
}

function answerInput(step) {
  if (step.answer.kind === "number") {
    return el("label", {}, "Your prediction ", el("input", { type: "number", id: "lesson-answer", step: "any" }));
  }
  return el("fieldset", { class: "choices", id: "lesson-answer" }, el("legend", {}, "Your prediction"),
    step.answer.choices.map((c, i) => el("label", { class: "choice" },
      el("input", { type: "radio", name: "lesson-choice", value: c.value, id: `lesson-choice-${i}` }), ` ${c.label}`)));
}

function given(step) {
  if (step.answer.kind === "number") return document.getElementById("lesson-answer").value.trim();
  return document.querySelector("input[name=lesson-choice]:checked")?.value ?? "";
}

function drawStep(model, lesson, progress) {
  const step = lesson.steps[progress.step];
  const body = clear(document.getElementById("lesson-body"));
  const check = el("button", { class: "primary", id: "lesson-check", type: "submit" }, "Check my prediction");
  const form = el("form", { class: "lesson-step", id: "lesson-form" },
    el("p", { class: "hint" }, `Step ${progress.step + 1} of ${lesson.steps.length} · runs ${step.run.pattern}`),
    el("p", { class: "blurb" }, step.text),
    el("p", { class: "question", id: "lesson-question" }, step.question),
    answerInput(step), el("div", { class: "actions" }, check));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const answer = given(step);
    if (answer === "") { toast("Make a prediction first.", "bad"); return; }
    check.disabled = true;
    reveal(model, lesson, progress, answer).then((shown) => { check.disabled = shown; }, () => { check.disabled = false; });
  });
  body.append(el("h2", {}, lesson.title), form, el("div", { id: "lesson-result", "aria-live": "polite" }));
  form.querySelector("input")?.focus();
}

// Runs the step's request now that the learner predicted, and compares.
// Resolves to true once the answer is shown.
async function reveal(model, lesson, progress, answer) {
  const step = lesson.steps[progress.step];
  const ran = await runPattern(step.run.pattern, step.run.params ?? {});
  const out = clear(document.getElementById("lesson-result"));
  if (!ran.ok) { out.append(el("p", { class: "error-box" }, ran.body?.error ?? `HTTP ${ran.status}`)); return false; }
  const expected = expectedAnswer(step.answer, ran.body);
  const right = isRight(step.answer, answer, expected);
  const shown = step.answer.choices?.find((c) => String(c.value) === expected)?.label ?? expected;
  progress.answers[progress.step] = { given: answer, expected, right };
  progress.step += 1;
  progress.done = progress.step >= lesson.steps.length;
  saveProgress(model, lesson.id, progress);
  document.getElementById("lesson-form").querySelectorAll("input, button").forEach((i) => (i.disabled = true));
  const next = el("button", { class: "primary", id: "lesson-next" }, progress.done ? "Finish" : "Next step");
  next.addEventListener("click", () => (progress.done ? finish(model, lesson, progress) : drawStep(model, lesson, progress)));
  const calls = ran.body.calls;
  out.append(
    el("p", { class: `verdict ${right ? "right" : "wrong"}`, id: "lesson-verdict" },
      right ? "Right: " : "Not quite: ", `the answer is ${shown}.`),
    step.explain ? el("p", { class: "blurb" }, step.explain) : null,
    el("p", { class: "note" }, ran.body.outcome),
    calls.length ? resultView(transcriptResult(calls[calls.length - 1]), { title: `what came back (${calls.length} request${calls.length === 1 ? "" : "s"})`, compact: true, review: calls[calls.length - 1].review }) : null,
    el("div", { class: "actions" }, next));
  drawList();
  next.focus();
  return true;
}

function finish(model, lesson, progress) {
  const right = progress.answers.filter((a) => a?.right).length;
  clear(document.getElementById("lesson-body")).append(
    el("h2", {}, lesson.title), el("p", { class: "verdict right", id: "lesson-done" },
      `Lesson complete: ${right} of ${lesson.steps.length} predictions right.`),
    lesson.note ? el("p", {}, el("a", { href: `#notes/${lesson.note}` }, "Read the note behind it")) : null);
  drawList();
}

