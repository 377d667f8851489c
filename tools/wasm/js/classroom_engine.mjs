// Starts the engine in the page, before the console (classroom.mjs imports
// this first; its top-level await holds the console back until it is ready).
// The module's bytes are in the page itself (<script id="dynamini-wasm">,
// base64), so nothing is fetched: the page works from file:// offline.
// A fresh page loads the inbox, as `dynamini` does by default (the picker
// loads the other models); a page the console reloaded after a model switch
// takes back the database and the model it had (console_transport.mjs).
import createDynaminiModule from "dynamini-engine-module";
import { createConsoleTransport, takeCarried } from "./console_transport.mjs";
import { openEngine, scheduleBackgroundWork } from "./engine.mjs";
import { addSaveAndLoad } from "./save_and_load.mjs";

const text = document.getElementById("dynamini-wasm").textContent.trim();
const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const carried = takeCarried();
const engine = await openEngine(createDynaminiModule, bytes, { console: true, model: carried ? "" : "inbox" });
const transport = createConsoleTransport(engine, scheduleBackgroundWork(engine));
if (carried) {
  engine.load(carried.db);
  if (carried.load) {
    await transport.fetch("/console/api/model/load", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(carried.load),
    });
  }
}
globalThis.dynaminiEngine = engine;
globalThis.dynaminiTransport = transport;
addSaveAndLoad(engine);
