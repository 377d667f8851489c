// Time from the classroom page's load to its first answered pattern in
// headless Chromium: build-wasm/dynamini-classroom.html opened from file://
// (offline), then AP2 (the inbox's badge) selected and run; the time is from
// navigation start to the outcome shown, as the page measures it. Also the
// sizes of the .wasm and of the page, raw and gzip -9. Prints a Markdown table.
//   node tools/bench/wasm/classroom_start.mjs [--runs 5]
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const { chromium } = await import(pathToFileURL(path.join(root, "tests/e2e/js/node_modules/playwright-core/index.mjs")).href);
const at = process.argv.indexOf("--runs");
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 5;
const page = path.join(root, "build-wasm/dynamini-classroom.html");
const wasm = path.join(root, "build-wasm/engine/dynamini-engine.wasm");

const sizes = (file) => {
  const bytes = readFileSync(file);
  return `${(bytes.length / 1e6).toFixed(2)} MB raw, ${(gzipSync(bytes, { level: 9 }).length / 1e6).toFixed(2)} MB gzip`;
};

const times = [];
for (let run = 0; run < RUNS; ++run) {
  const profile = mkdtempSync(path.join(tmpdir(), "dynamini-bench-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium", headless: true, offline: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const tab = await context.newPage();
  await tab.goto(pathToFileURL(page).href);
  await tab.locator('.pattern[data-pattern="AP2"]').click({ timeout: 60000 });
  await tab.locator("#run-pattern").click();
  await tab.locator("#pattern-outcome .note").waitFor();
  times.push(await tab.evaluate(() => performance.now()));
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
times.sort((a, b) => a - b);
console.log("| what | figure |\n|---|---|");
console.log(`| dynamini-engine.wasm | ${sizes(wasm)} |`);
console.log(`| dynamini-classroom.html | ${sizes(page)} |`);
console.log(`| page load to the first answered pattern (AP2), median of ${RUNS} | ${Math.round(times[Math.floor(RUNS / 2)])} ms (${Math.round(times[0])}–${Math.round(times[RUNS - 1])} ms) |`);
