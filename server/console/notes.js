// The notes view: the current model's design notes (its catalogue) and the
// request reviewer's notes (GET /console/api/notes), each with an anchor
// (#notes/<id>) that the patterns, the lessons and the reviewer's lines in
// the request log link to.
import { consoleApi } from "./api.js";
import { getCatalogue } from "./catalogue.js";
import { clear, el } from "./dom.js";

let loaded = null;

async function reviewNotes() {
  loaded ??= consoleApi("/console/api/notes").then((a) => (a.ok ? a.body.notes : []));
  return loaded;
}

// Draws the notes and, when `id` is given, brings that note into view.
export async function showNotes(id) {
  const body = document.getElementById("notes-body");
  const catalogue = getCatalogue();
  const review = await reviewNotes();
  clear(body).append(
    catalogue ? [el("h2", {}, `Design notes · ${catalogue.title}`), noteList(catalogue.notes)] : null,
    el("h2", {}, "What the request reviewer looks for"),
    el("p", { class: "hint" }, "Every request from every client is reviewed; the request log shows the line, which links here."),
    noteList(review));
  if (!id) return;
  const target = document.getElementById(`note-${id}`);
  if (!target) return;
  target.classList.add("target");
  target.scrollIntoView({ block: "center" });
  target.focus();
}

function noteList(notes) {
  return el("div", { class: "note-list" }, notes.map((n) =>
    el("article", { class: "note-card", id: `note-${n.id}`, tabindex: "-1" },
      el("h3", {}, n.title || n.id), el("p", {}, n.text))));
}
