// The lines of the picture: from each item of the table (its port on the
// right edge) to each of its entries in the indexes drawn beside it. An SVG
// laid over the picture, redrawn when the layout changes. Items without an
// entry in an index get no line: their port stays hollow.

const SVG = "http://www.w3.org/2000/svg";

// Draws a line for every entry in `scope` whose data-key matches an item row
// of the table (both inside `scope`). Entries marked .leaving (left the index
// since the last look) get a dashed line. Returns the number of lines.
export function drawLinks(scope) {
  const svg = scope.querySelector("svg.pic-links");
  if (!svg) return 0;
  const box = scope.getBoundingClientRect();
  svg.setAttribute("width", box.width);
  svg.setAttribute("height", box.height);
  svg.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  svg.replaceChildren();
  const rows = new Map();
  for (const row of scope.querySelectorAll(".pic-table .item[data-key]")) rows.set(row.dataset.key, row);
  let count = 0;
  for (const entry of scope.querySelectorAll(".pic-index .item[data-key]")) {
    const row = rows.get(entry.dataset.key);
    if (!row || row.offsetParent === null || entry.offsetParent === null) continue;
    svg.append(line(row, entry, box));
    count += 1;
  }
  return count;
}

function line(row, entry, box) {
  const from = row.getBoundingClientRect();
  const to = entry.getBoundingClientRect();
  const x1 = from.right - box.left;
  const y1 = from.top + from.height / 2 - box.top;
  const x2 = to.left - box.left;
  const y2 = to.top + to.height / 2 - box.top;
  const bend = Math.max(24, (x2 - x1) / 2);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`);
  const leaving = entry.classList.contains("leaving");
  path.setAttribute("class", `link link-${entry.dataset.indexPosition ?? 0}${leaving ? " leaving" : ""}`);
  path.dataset.index = entry.dataset.index ?? "";
  path.dataset.key = entry.dataset.key;
  path.dataset.sk = row.dataset.sk ?? "";
  if (row.classList.contains("returned") || row.classList.contains("read")) path.classList.add("hot");
  return path;
}
