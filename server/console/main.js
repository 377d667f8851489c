// Wires the console together: tabs (and links to them: #patterns, #lessons,
// #lessons/<model>/<lesson>, #notes, #notes/<id>, ...), text size and theme,
// and the views. The model's catalogue, when the server has one, is loaded
// first: the patterns, the picture and the lessons come from it, and the
// other views prefer its table.
import { initAnyRequest } from "./any_request.js";
import { fillTemplate, loadCatalogue, loadModelList } from "./catalogue.js";
import { initLessons, openLesson } from "./lessons.js";
import { initModelPicker } from "./model_picker.js";
import { showNotes } from "./notes.js";
import { initPatterns, select, currentValues } from "./patterns.js";
import { initPicture, refreshPicture, showRun } from "./picture.js";
import { initRequestLog } from "./request_log.js";
import { initStreams, refreshStreams } from "./streams.js";
import { initTables, refreshTables } from "./tables.js";

const OPENERS = { tables: refreshTables, streams: refreshStreams, patterns: refreshPicture, notes: showNotes };
const TABS = ["patterns", "lessons", "notes", "tables", "any", "log", "streams"];

function showTab(name, argument) {
  for (const tab of document.querySelectorAll("[role=tab]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
    tab.tabIndex = tab.dataset.tab === name ? 0 : -1;
  }
  for (const panel of document.querySelectorAll(".tab-panel")) panel.classList.toggle("active", panel.id === `tab-${name}`);
  const hash = argument ? `#${name}/${argument}` : `#${name}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
  OPENERS[name]?.(argument);
}

// #notes/review-scan -> showTab("notes", "review-scan"); #lessons/shop/x -> the lesson.
function route(catalogue) {
  const [name, ...rest] = location.hash.slice(1).split("/");
  const fallback = catalogue ? "patterns" : "tables";
  const tab = TABS.includes(name) ? name : fallback;
  showTab(tab, rest.join("/") || undefined);
  if (tab === "lessons" && rest.length === 2) openLesson(rest[0], rest[1]);
}

// Tabs as a tab list: arrow keys move between them (WAI-ARIA tabs pattern).
function setupTabs() {
  const tabs = [...document.querySelectorAll("[role=tab]")];
  for (const [i, tab] of tabs.entries()) {
    tab.addEventListener("click", () => showTab(tab.dataset.tab));
    tab.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      const next = tabs[(i + step + tabs.length) % tabs.length];
      next.focus();
      showTab(next.dataset.tab);
    });
  }
}

function setupView() {
  const root = document.documentElement;
  let size = Number(localStorage.getItem("dynamini.fontSize")) || 18;
  const apply = () => { root.style.fontSize = `${size}px`; localStorage.setItem("dynamini.fontSize", size); };
  document.getElementById("font-up").addEventListener("click", () => { size = Math.min(size + 2, 32); apply(); });
  document.getElementById("font-down").addEventListener("click", () => { size = Math.max(size - 2, 12); apply(); });
  apply();
  const theme = localStorage.getItem("dynamini.theme");
  if (theme) root.dataset.theme = theme;
  document.getElementById("theme").addEventListener("click", () => {
    root.dataset.theme = root.dataset.theme === "dark" ? "light" : "dark";
    localStorage.setItem("dynamini.theme", root.dataset.theme);
  });
}

let pending = null;
function refreshSoon() {
  clearTimeout(pending);
  pending = setTimeout(() => {
    if (document.getElementById("tab-patterns").classList.contains("active")) refreshPicture();
  }, 150);
}

const [catalogue, models] = await Promise.all([loadCatalogue(), loadModelList()]);
setupView();
setupTabs();
initModelPicker();
initPicture({
  focus: () => (catalogue?.focus ? fillTemplate(catalogue.focus, currentValues()) : null),
  pick: (pattern, params) => select(pattern, params),
});
initPatterns({ onChange: refreshPicture, onRun: showRun });
document.getElementById("picture").hidden = !catalogue;
initLessons(models);
initTables();
initAnyRequest({ table: catalogue?.table });
initStreams({ table: catalogue?.table });
initRequestLog({ onWrite: refreshSoon });
window.addEventListener("hashchange", () => route(catalogue));
route(catalogue);
document.body.dataset.ready = "true";
