// Headless Chromium for the console tests (playwright-core, the system's
// /usr/bin/chromium): a browser that may reach only the server under test,
// screenshots into the artifacts folder, keyboard helpers, and a WCAG AA
// contrast check computed from the rendered colours.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const CHROMIUM = process.env.DYNAMINI_CHROMIUM ?? "/usr/bin/chromium";
export const ARTIFACTS = process.env.DYNAMINI_ARTIFACTS ??
  path.resolve(path.dirname(process.env.DYNAMINI_BIN ?? "."), "..", "artifacts", "console");

// A persistent Chromium context whose pages may load nothing but `origin`;
// every request elsewhere is aborted and recorded in `foreign`.
export async function openBrowser(origin) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(path.join(tmpdir(), "dynamini-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync"],
    viewport: { width: 1600, height: 1000 },
  });
  const foreign = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.origin === origin || url.protocol === "data:") return route.continue();
    foreign.push(url.href);
    return route.abort();
  });
  return {
    context,
    foreign,
    async page() {
      const page = await context.newPage();
      page.setDefaultTimeout(20000);
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

// Presses Tab until the focused element satisfies `test` (evaluated in the
// page on document.activeElement); fails after `max` presses.
export async function tabTo(page, test, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(test)) return;
  }
  throw new Error(`no focusable element matched ${test} after ${max} Tab presses`);
}

// Every piece of visible text in `scope` (a selector) whose colour against
// its effective background fails WCAG 2.x AA: 4.5:1, or 3:1 for large text
// (24 px, or 18.66 px bold). Colours are read as rendered (getComputedStyle),
// backgrounds composited up the ancestors, opacity applied. Disabled controls
// are exempt, as WCAG 1.4.3 exempts inactive components. Returns the
// failures ({text, ratio, needed, color, background}) and how many were checked.
export async function contrastFailures(page, scope) {
  return page.evaluate((selector) => {
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const [r, g, b, a = "1"] = m[1].split(/[ ,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    const over = (top, bottom) => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1);
    };
    const luminance = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el) => {
      const layers = [];
      for (let n = el; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let color = [255, 255, 255, 1];
      for (const layer of layers.reverse()) color = over(layer, color);
      return color;
    };
    const opacity = (el) => {
      let o = 1;
      for (let n = el; n; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
      return o;
    };
    const failures = [];
    let checked = 0;
    const root = document.querySelector(selector);
    const elements = [root, ...root.querySelectorAll("*")];
    for (const el of elements) {
      if (el.closest("svg, [aria-hidden=true], script, style") || el.disabled || el.closest("[disabled]")) continue;
      const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
      const isField = ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName) && el.type !== "radio" && el.type !== "file";
      if (!text && !(isField && (el.value ?? "") !== "")) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!rect.width || !rect.height || style.visibility === "hidden") continue;
      const bg = background(el);
      const fg = over([...parse(style.color).slice(0, 3), parse(style.color)[3] * opacity(el)], bg);
      const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      checked += 1;
      if (ratio + 0.005 < needed) {
        failures.push({ text: (text || el.value).slice(0, 60), ratio: Number(ratio.toFixed(2)), needed,
                        color: style.color, background: `rgb(${bg.slice(0, 3).map(Math.round).join(", ")})` });
      }
    }
    return { failures, checked };
  }, scope);
}

// WCAG 2.x 1.4.11 (non-text contrast, AA: 3:1): the colour of each index's
// lines in the picture against the picture's background, one line per index
// (the lines are what tells which item is in which index). Returns
// [{index, stroke, background, ratio}].
export async function lineContrast(page) {
  // Waits for a drawn picture: a refresh replaces the grid and its lines are
  // drawn a frame later (data-links), so a grid without it is not measured.
  const handle = await page.waitForFunction(() => {
    const grid = document.querySelector("#picture-body .pic-grid");
    if (!grid || !(Number(grid.dataset.links) > 0)) return null;
    const parse = (c) => (c.match(/rgba?\(([^)]+)\)/)?.[1] ?? "0,0,0").split(/[ ,/]+/).filter(Boolean).map(Number);
    const luminance = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const opaque = (el) => {
      for (let n = el; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if ((c[3] ?? 1) >= 1) return c;
      }
      return [255, 255, 255];
    };
    const seen = new Map();
    for (const path of document.querySelectorAll("#picture-body svg.pic-links path.link:not(.leaving)")) {
      if (seen.has(path.dataset.index)) continue;
      const stroke = parse(getComputedStyle(path).stroke);
      const background = opaque(path.closest(".pic-grid"));
      const [l1, l2] = [luminance(stroke), luminance(background)].sort((a, b) => b - a);
      seen.set(path.dataset.index, { index: path.dataset.index, stroke: `rgb(${stroke.slice(0, 3).join(", ")})`,
                                     background: `rgb(${background.slice(0, 3).join(", ")})`,
                                     ratio: Number(((l1 + 0.05) / (l2 + 0.05)).toFixed(2)) });
    }
    return [...seen.values()];
  });
  return handle.jsonValue();
}
