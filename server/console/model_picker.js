// The model picker: the models the server offers (GET /console/api/models),
// loading another (POST /console/api/model/load), making the current one's
// tables again with only its sample items, and importing a model file or a
// NoSQL Workbench export from disk. A model switch reloads the page, so every
// view starts from the new catalogue.
import { loadModelList, switchModel } from "./catalogue.js";
import { el, toast } from "./dom.js";
import { reloadConsole } from "./transport.js";

export async function initModelPicker() {
  const box = document.getElementById("model-picker");
  const list = await loadModelList();
  if (!list) return;
  const select = el("select", { id: "model-select", "aria-label": "Model" },
    list.models.map((m) => el("option", { value: m.name, selected: m.name === list.current },
      `${m.title}${m.builtIn ? "" : " (imported)"}`)));
  if (!list.current) select.prepend(el("option", { value: "", selected: true }, "— no model loaded —"));
  const reset = el("button", { class: "ghost", id: "model-reset", disabled: !list.current,
    title: "Make the model's tables again with only its sample items" }, "Reset sample data");
  const file = el("input", { type: "file", id: "model-file", accept: ".json,application/json", class: "visually-hidden" });
  const importButton = el("button", { class: "ghost", id: "model-import",
    title: "Load a model file or a NoSQL Workbench export" }, "Import a model…");
  select.addEventListener("change", () => select.value && load({ name: select.value }));
  reset.addEventListener("click", () => load({ name: list.current }, { reset: true }));
  importButton.addEventListener("click", () => file.click());
  file.addEventListener("change", () => importFile(file.files[0]));
  box.append(el("label", { class: "picker" }, "Model ", select), reset, importButton, file);
}

async function load(what, options) {
  const result = await switchModel(what, options);
  if (!result.ok) {
    toast(`Could not load the model: ${result.error}`, "bad");
    return;
  }
  reloadConsole();
}

async function importFile(file) {
  if (!file) return;
  let model;
  try {
    model = JSON.parse(await file.text());
  } catch (e) {
    toast(`${file.name} is not JSON: ${e.message}`, "bad");
    return;
  }
  await load({ model });
}
