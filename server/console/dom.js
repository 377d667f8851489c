// Small DOM helpers: element construction, JSON and DynamoDB value display.

// el("div", {class: "x", onclick: f}, child, "text", [more children])
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Pretty JSON with syntax colouring (spans, no HTML injection).
export function jsonView(value, { className = "json" } = {}) {
  const pre = el("pre", { class: className });
  const text = JSON.stringify(value, null, 2) ?? "";
  const token = /("(?:[^"\\]|\\.)*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
  let last = 0;
  for (const m of text.matchAll(token)) {
    pre.append(text.slice(last, m.index));
    if (m[1] && m[2]) pre.append(el("span", { class: "j-key" }, m[1]), m[2]);
    else if (m[1]) pre.append(el("span", { class: "j-str" }, m[1]));
    else if (m[3]) pre.append(el("span", { class: "j-lit" }, m[3]));
    else pre.append(el("span", { class: "j-num" }, m[4]));
    last = m.index + m[0].length;
  }
  pre.append(text.slice(last));
  return pre;
}

// A DynamoDB AttributeValue as short text: "abc", 12, true, {…}, [3].
export function avText(av, depth = 0) {
  if (!av || typeof av !== "object") return String(av);
  const [type, v] = Object.entries(av)[0] ?? [];
  switch (type) {
    case "S": return v;
    case "N": return v;
    case "BOOL": return String(v);
    case "NULL": return "null";
    case "B": return `<${v.length * 3 / 4 | 0} bytes>`;
    case "SS": case "NS": return `{${v.join(", ")}}`;
    case "BS": return `{${v.length} binaries}`;
    case "L": return depth > 0 ? `[${v.length}]` : `[${v.map((x) => avText(x, depth + 1)).join(", ")}]`;
    case "M": return depth > 0 ? "{…}" : `{${Object.entries(v).map(([k, x]) => `${k}: ${avText(x, depth + 1)}`).join(", ")}}`;
    default: return JSON.stringify(av);
  }
}

// Key attributes of an item as "pk / sk" text.
export function keyText(key) {
  if (!key || typeof key !== "object") return key ?? "";
  return Object.values(key).map((v) => avText(v)).join(" / ");
}

let toastTimer;
export function toast(message, kind = "info") {
  const node = document.getElementById("toast");
  node.textContent = message;
  node.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (node.className = ""), 3500);
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

// Parses JSON typed by a person; throws an Error with a readable message.
export function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`The request is not valid JSON: ${e.message}`);
  }
}
