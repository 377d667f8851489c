// Wires the console together: tabs, text size and theme, and the views. The
// model's catalogue, when the server has one, is loaded first: the patterns
// and the picture come from it, and the other views prefer its table.
import { initAnyRequest } from "./any_request.js";
import { fillTemplate, loadCatalogue } from "./catalogue.js";
import { initPatterns, select, currentValues } from "./patterns.js";
import { initPicture, refreshPicture } from "./picture.js";
import { initRequestLog } from "./request_log.js";
import { initStreams, refreshStreams } from "./streams.js";
import { initTables, refreshTables } from "./tables.js";

const OPENERS = { tables: refreshTables, streams: refreshStreams, patterns: refreshPicture };

function showTab(name) {
  for (const tab of document.querySelectorAll("[role=tab]")) tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
  for (const panel of document.querySelectorAll(".tab-panel")) panel.classList.toggle("active", panel.id === `tab-${name}`);
  history.replaceState(null, "", `#${name}`);
  OPENERS[name]?.();
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

const catalogue = await loadCatalogue();
setupView();
for (const tab of document.querySelectorAll("[role=tab]")) tab.addEventListener("click", () => showTab(tab.dataset.tab));
initPicture({
  focus: () => (catalogue?.focus ? fillTemplate(catalogue.focus, currentValues()) : null),
  pick: (pattern, params) => select(pattern, params),
});
initPatterns({ onChange: refreshPicture });
document.getElementById("picture").hidden = !catalogue;
initTables();
initAnyRequest({ table: catalogue?.table });
initStreams({ table: catalogue?.table });
initRequestLog({ onWrite: refreshSoon });
const wanted = location.hash.slice(1);
showTab(wanted in OPENERS || ["any", "log"].includes(wanted) ? wanted : catalogue ? "patterns" : "tables");
