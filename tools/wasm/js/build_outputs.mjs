// The JavaScript half of tools/wasm/build.sh, from the module it compiled
// (OUT/engine/dynamini-engine.{mjs,wasm}):
//   OUT/dynamini-classroom.html  the console (server/console/: its index.html,
//       CSS, icon and scripts, bundled with esbuild) and the engine in one
//       file: the module's bytes in base64 in a <script> element, nothing
//       loaded from anywhere, so it works from file:// with no network;
//   OUT/package/ and OUT/dynamini-wasm-VERSION.tgz  the npm package
//       (tools/wasm/package/ with engine.mjs and the module; `npm pack`).
// Usage: node tools/wasm/js/build_outputs.mjs OUT
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const out = path.resolve(process.argv[2] ?? path.join(root, "build-wasm"));
const engineDir = path.join(out, "engine");
const consoleDir = path.join(root, "server/console");

// The console's scripts and the engine's glue as one ES module. The
// module's Node-only branches name Node's built-ins, never run in a page.
async function bundleClassroomScript() {
  const result = await esbuild.build({
    entryPoints: [path.join(here, "classroom.mjs")],
    bundle: true,
    format: "esm",
    target: "chrome100",
    minify: true,
    write: false,
    alias: { "dynamini-engine-module": path.join(engineDir, "dynamini-engine.mjs") },
    external: ["fs", "path", "crypto", "url", "module", "worker_threads"],
    logLevel: "warning",
  });
  const code = result.outputFiles[0].text;
  if (/<\/script/i.test(code)) throw new Error("the bundle contains </script: it cannot be inlined");
  return code;
}

// Replaces exactly one occurrence of `from` in `text`.
function replaceOnce(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`expected one ${from} in index.html`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

async function writeClassroom() {
  let html = readFileSync(path.join(consoleDir, "index.html"), "utf8");
  const icon = `data:image/svg+xml;base64,${readFileSync(path.join(consoleDir, "favicon.svg")).toString("base64")}`;
  const css = readFileSync(path.join(consoleDir, "console.css"), "utf8");
  const wasm = readFileSync(path.join(engineDir, "dynamini-engine.wasm")).toString("base64");
  const script = await bundleClassroomScript();
  html = html.replaceAll('href="/console/favicon.svg"', `href="${icon}"`);
  html = html.replaceAll('src="/console/favicon.svg"', `src="${icon}"`);
  html = replaceOnce(html, '<link rel="stylesheet" href="/console/console.css">', `<style>\n${css}</style>`);
  html = replaceOnce(html, '<title>dynamini console</title>', "<title>dynamini classroom</title>");
  html = replaceOnce(html, '<script type="module" src="/console/main.js"></script>',
    `<script id="dynamini-wasm" type="application/octet-stream">${wasm}</script>\n` +
    `  <script type="module">${script}</script>`);
  if (/(src|href)="\/console\//.test(html)) throw new Error("index.html still refers to /console/ files");
  writeFileSync(path.join(out, "dynamini-classroom.html"), html);
}

function writePackage() {
  const packageDir = path.join(out, "package");
  rmSync(packageDir, { recursive: true, force: true });
  mkdirSync(packageDir, { recursive: true });
  for (const file of readdirSync(path.join(root, "tools/wasm/package"))) {
    copyFileSync(path.join(root, "tools/wasm/package", file), path.join(packageDir, file));
  }
  copyFileSync(path.join(here, "engine.mjs"), path.join(packageDir, "engine.mjs"));
  copyFileSync(path.join(engineDir, "dynamini-engine.wasm"), path.join(packageDir, "dynamini-engine.wasm"));
  // emscripten 3.1.6's ES module reaches Node's built-ins through require and
  // __dirname, which an ES module does not have: the package's copy defines them.
  const nodeHeader = [
    'import { createRequire } from "node:module";',
    'import { dirname } from "node:path";',
    'import { fileURLToPath } from "node:url";',
    "const require = createRequire(import.meta.url);",
    "const __filename = fileURLToPath(import.meta.url);",
    "const __dirname = dirname(__filename);",
    "",
  ].join("\n");
  writeFileSync(path.join(packageDir, "dynamini-engine.mjs"),
                nodeHeader + readFileSync(path.join(engineDir, "dynamini-engine.mjs"), "utf8"));
  for (const old of readdirSync(out).filter((f) => f.startsWith("dynamini-wasm-") && f.endsWith(".tgz"))) {
    rmSync(path.join(out, old));
  }
  execFileSync("npm", ["pack", "--silent", "--pack-destination", out], { cwd: packageDir, stdio: ["ignore", "ignore", "inherit"] });
}

await writeClassroom();
writePackage();
console.log(`wasm/build.sh: wrote ${path.join(out, "dynamini-classroom.html")} and the npm package`);
