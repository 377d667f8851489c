// The data model the server publishes, if any (GET /console/api/model): its
// table, the index to show beside it, its entities (how to tell each item
// kind from its keys) and its access patterns as request templates. The
// console knows no model of its own; everything model-specific comes from
// here. Templates write parameters as {{name}}.
import { consoleApi } from "./api.js";

let catalogue = null;

// Loads the catalogue once; null when the server has no model loaded.
export async function loadCatalogue() {
  const answer = await consoleApi("/console/api/model");
  catalogue = answer.ok && answer.body?.patterns ? answer.body : null;
  return catalogue;
}

export function getCatalogue() {
  return catalogue;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The parameters a key template ("ORDER#{{orderId}}") takes from a value
// ("ORDER#o_17" -> {orderId: "o_17"}), or null when the value does not fit.
export function matchTemplate(template, value) {
  if (typeof value !== "string") return null;
  const names = [];
  const pattern = template.split(/(\{\{[^}]+\}\})/).map((part) => {
    const m = part.match(/^\{\{([^}]+)\}\}$/);
    if (!m) return escapeRegExp(part);
    names.push(m[1]);
    return "(.+?)";
  }).join("");
  const found = value.match(new RegExp(`^${pattern}$`));
  if (!found) return null;
  return Object.fromEntries(names.map((name, i) => [name, found[i + 1]]));
}

// The template with its parameters filled in, or null when one is missing.
export function fillTemplate(template, params) {
  let missing = false;
  const text = template.replace(/\{\{([^}]+)\}\}/g, (_, name) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") missing = true;
    return String(value ?? "");
  });
  return missing ? null : text;
}

// The models the server offers (GET /console/api/models): {current, models:
// [{name, title, description, builtIn, loaded, lessons}]}, or null.
export async function loadModelList() {
  const answer = await consoleApi("/console/api/models");
  return answer.ok ? answer.body : null;
}

// Loads a model on the server and makes it the current one: `what` is
// {name} or {model: <a model file's JSON>}; `reset` makes its tables again
// with only the sample items. Resolves to {ok, error}.
export async function switchModel(what, { reset = false } = {}) {
  const answer = await consoleApi("/console/api/model/load", { ...what, reset }, { background: false });
  if (answer.ok) catalogue = answer.body;
  return { ok: answer.ok, error: answer.body?.error ?? `HTTP ${answer.status}` };
}

// The entity an item of `table` is, by its keys: {entity, position, params}
// (position in the model's list, for its colour; params from the key
// placeholders and the key attributes themselves), or null when no entity's
// keys fit.
export function entityOf(item, table = catalogue?.table) {
  const entities = catalogue?.entities ?? [];
  for (const [position, entity] of entities.entries()) {
    if (entity.table && table && entity.table !== table) continue;
    const params = {};
    let fits = true;
    for (const [attribute, template] of Object.entries(entity.keys ?? {})) {
      const found = matchTemplate(template, item?.[attribute]?.S);
      if (!found) { fits = false; break; }
      Object.assign(params, found, { [attribute]: item[attribute].S });
    }
    if (fits) return { entity, position, params };
  }
  return null;
}

// The attribute at a path ("payload.preview": a member of the map payload).
export function attributeAt(item, path) {
  let value = item?.[path.split(".")[0]];
  for (const name of path.split(".").slice(1)) value = value?.M?.[name];
  return value;
}

export function findPattern(id) {
  return catalogue?.patterns.find((p) => p.id === id) ?? null;
}

export function findNote(id) {
  return catalogue?.notes.find((n) => n.id === id) ?? null;
}

export function findParameter(name) {
  return catalogue?.parameters.find((p) => p.name === name) ?? null;
}
