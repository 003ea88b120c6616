// Shared by the CMS contract tests (cms/test/*.test.mjs and the features' *.cms.test.mjs): a
// stand-in for the site's webhook endpoint, a fresh Directus per test file, and a GraphQL client
// (always POST).
import { once } from "node:events";
import { createServer } from "node:http";
import { startFreshCms as startFreshInstance } from "../scripts/lib.mjs";

// Directus' own Markdown renderer, the one its mail operation runs. Resolved here, from the CMS's
// packages (cms/node_modules): a test in src/features/ would look for it in the site's.
export { md } from "@directus/api/utils/md";

/**
 * Waits until `check()` answers something truthy, and returns it; polls with a bound (never a
 * fixed sleep before an assertion).
 * @template T
 * @param {() => Promise<T> | T} check
 * @returns {Promise<T>}
 * @param {{ timeoutMs?: number, what?: string }} [options]
 */
export async function eventually(check, { timeoutMs = 60_000, what = "condition" } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await check();
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} not met within ${timeoutMs} ms`);
}

/** POSTs a GraphQL query to `baseUrl` (never GET); returns the whole `{ data, errors }` answer. */
export function graphqlClient(baseUrl) {
  return async (query, { token, variables, path = "/graphql" } = {}) => {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(baseUrl + path, { method: "POST", headers, body: JSON.stringify({ query, variables }) });
    return res.json();
  };
}

/**
 * A fake site that records every request the CMS's Flow sends it (POST /api/revalidate), as
 * `{ method, url, headers, body }` with the JSON body parsed (null when it is not JSON).
 * `waitFor(predicate)` resolves with the first matching call, or fails after `timeoutMs`. `port`:
 * where it listens (default: any free port).
 */
export async function startRevalidateCatcher({ port = 0 } = {}) {
  const calls = [];
  const waiters = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      let json = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* keep null */
      }
      const call = { method: req.method, url: req.url, headers: req.headers, body: json };
      calls.push(call);
      for (const waiter of waiters.splice(0)) {
        if (waiter.predicate(call)) waiter.resolve(call);
        else waiters.push(waiter);
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"revalidated":true}');
    });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return {
    siteUrl: `http://127.0.0.1:${server.address().port}`,
    calls,
    waitFor(predicate, timeoutMs = 60_000) {
      const found = calls.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching revalidate call; got ${JSON.stringify(calls)}`)), timeoutMs);
        waiters.push({
          predicate,
          resolve: (call) => {
            clearTimeout(timer);
            resolve(call);
          },
        });
      });
    },
    close: () => server.close(),
  };
}

/** A Directus on `port` with a fresh data directory, bootstrapped, schema applied and seeded. */
export async function startFreshCms({ dataDir, port, ...options }) {
  const log = process.env.CMS_TEST_VERBOSE ? (message) => console.log(message) : () => {};
  const opts = { dataDir, port, log, ...options };
  return startFreshInstance(opts);
}
