// The classroom page's script (bundled into dynamini-classroom.html by
// build_outputs.mjs): the engine starts first, in the page, then the
// console's own code (server/console/main.js) runs unchanged, reaching the
// engine through globalThis.dynaminiTransport (server/console/transport.js).
import "./classroom_engine.mjs";
import "../../../server/console/main.js";
