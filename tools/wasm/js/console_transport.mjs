// The console's transport in the classroom page (server/console/transport.js):
// fetch(path, init) answered by the engine in the page instead of a server.
//   POST /               -> the DynamoDB call of its X-Amz-Target
//   /console/api/...     -> the console's endpoints (server/console_api.h)
//   anything else        -> 404
// Every call is followed, soon after, by the engine's background work (stream
// deliveries, the TTL sweep when due), as the server's threads would do it.
//
// The console reloads the page after a model switch; the engine lives in the
// page, so beforeReload() puts the database and the model's load aside in
// sessionStorage, and takeCarried() gives them to the reloaded page.
const CARRIED = "dynamini.classroom.carried";

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

// {db: Uint8Array, load: the last POST /console/api/model/load body} or null.
export function takeCarried() {
  const text = sessionStorage.getItem(CARRIED);
  sessionStorage.removeItem(CARRIED);
  if (!text) return null;
  const { db, load } = JSON.parse(text);
  return { db: Uint8Array.from(atob(db), (c) => c.charCodeAt(0)), load };
}

export function createConsoleTransport(engine, work) {
  let lastLoad = null;  // the model the page shows, as it was loaded
  return {
    async fetch(path, init = {}) {
      const method = (init.method ?? "GET").toUpperCase();
      const headers = new Headers(init.headers ?? {});
      const body = typeof init.body === "string" ? init.body : "";
      const client = headers.get("x-dynamini-client") ?? navigator.userAgent;
      let answer;
      if (path === "/" && method === "POST") {
        answer = engine.api(headers.get("x-amz-target") ?? "", body, client);
      } else if (path.startsWith("/console/api/")) {
        answer = engine.console(method, path, body, headers.get("content-type") ?? "", client);
        if (path === "/console/api/model/load" && answer.status === 200) lastLoad = body;
      } else {
        answer = { status: 404, body: `Not found: ${path}\n`, contentType: "text/plain" };
      }
      work.soon();
      return new Response(answer.body, { status: answer.status, headers: { "content-type": answer.contentType } });
    },
    beforeReload() {
      try {
        const load = lastLoad ? { ...JSON.parse(lastLoad), reset: false } : null;
        sessionStorage.setItem(CARRIED, JSON.stringify({ db: base64(engine.save()), load }));
      } catch (e) {
        console.error("dynamini: the database could not be kept across the reload:", e);
      }
    },
  };
}
