// How the console reaches an engine. Served by dynamini (GET /console), it
// fetches from that server: POST / for DynamoDB calls, /console/api/... for
// its own endpoints. In the single-file classroom (tools/wasm/build.sh) the
// engine runs in the page: it sets globalThis.dynaminiTransport before the
// console starts, whose fetch(path, init) answers the same requests with a
// Response and no network. Every request of the console goes through here.
export function consoleFetch(path, init) {
  const transport = globalThis.dynaminiTransport;
  return transport ? transport.fetch(path, init) : fetch(path, init);
}

// Reloads the page so that every view starts again (after a model switch).
// The classroom's transport first puts its database aside, so the reloaded
// page finds it: its engine lives in the page.
export function reloadConsole() {
  const transport = globalThis.dynaminiTransport;
  if (transport?.beforeReload) transport.beforeReload();
  location.reload();
}
