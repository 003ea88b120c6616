// Directus as a cluster (cms/scripts/cluster.mjs): PostgreSQL, Redis, two Directus instances on
// one database and HAProxy in front, with the settings of a production deployment of more than
// one instance (clusterEnv: cache, rate limiter and schedules on Redis, the bus on Redis, files
// in one store). Checks what goes wrong when those are missing: stale caches on the other
// instance, schedules that run on every instance, a webhook per instance, edits lost or sessions
// dropped when an instance stops, previews that only work on one instance.
//   PATH=node_modules/.bin:$PATH node --test cms/test/cluster.test.mjs
// It uses the PostgreSQL of the test pass (CMS_TEST_DB=pg with DB_*), else starts its own; it is
// skipped, with the reason, when redis-server, haproxy or PostgreSQL are not installed.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { missingTools, startCluster } from "../scripts/cluster.mjs";
import { CMS_DIR, createApi } from "../scripts/lib.mjs";
import { eventually, startRevalidateCatcher } from "./support.mjs";

const PORT = 18155 + Number(process.env.TEST_PORT_OFFSET ?? 0);
// The balancer on PORT, the instances on PORT + 1 and + 2, Redis + 3, the fake site + 4, a
// PostgreSQL of its own + 5, the seeded template's Directus (only when it must be made) + 8.
const PORTS = { balancer: PORT, instances: [PORT + 1, PORT + 2], redis: PORT + 3, postgres: PORT + 5 };
const SITE_PORT = PORT + 4;
const TEMPLATE_PORT = PORT + 7;
const DATA_DIR = join(CMS_DIR, "data-cluster-test");

const sharedServer =
  process.env.CMS_TEST_DB === "pg" && process.env.DB_HOST
    ? { host: process.env.DB_HOST, port: Number(process.env.DB_PORT), user: process.env.DB_USER, password: process.env.DB_PASSWORD ?? "" }
    : undefined;
const missing = missingTools({ postgres: !sharedServer });
const skip = missing.length ? `${missing.join("; ")} (.ci/run installs them)` : false;

/** A schedule-triggered flow of the test's own, every 3 s: it tells the fake site which tick it ran and where. */
const TICK_CRON = "*/3 * * * * *";
const TICK_MS = 3000;

const stamp = Date.now().toString(36);
const iso = (ms) => new Date(ms).toISOString();

let cluster;
let site; // the fake site: revalidation webhooks and the ticks
let tickFlowCreated = 0;
let a; // instance a
let b; // instance b
let balancer; // its URL
let tokens;
let adminVia; // adminVia(url)(method, path, body)

/** POST /graphql at `base`; the answer with the balancer's and the cache's headers. */
async function graphql(base, query, { token, variables, headers = {} } = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, servedBy: res.headers.get("x-served-by"), cache: res.headers.get("x-cache-status"), ...json };
}

before(async () => {
  if (skip) return;
  site = await startRevalidateCatcher({ port: SITE_PORT });
  const log = process.env.CMS_TEST_VERBOSE ? (message) => console.log(message) : () => {};
  cluster = await startCluster({
    ports: PORTS,
    pg: sharedServer,
    database: `meridian_cluster_${PORT}`,
    dataDir: DATA_DIR,
    siteUrl: site.siteUrl,
    fresh: true,
    templatePort: TEMPLATE_PORT,
    // The tick flow says which instance ran it.
    env: { FLOWS_ENV_ALLOW_LIST: "SITE_URL,REVALIDATE_SECRET,CMS_INSTANCE", LOG_LEVEL: "warn" },
    log,
  });
  [a, b] = cluster.instances;
  balancer = cluster.url;
  const c = cluster.config;
  tokens = { admin: c.adminToken, read: c.readToken, preview: c.previewToken, email: c.adminEmail, password: c.adminPassword };
  adminVia = (url) => createApi(url, tokens.admin);

  // Created through the balancer: the instance that did not save it hears of it on the bus
  // (flows reload) and arms the same schedule.
  const api = adminVia(balancer);
  const flow = await api("POST", "/flows", {
    name: "Cluster test tick",
    status: "active",
    trigger: "schedule",
    accountability: null,
    options: { cron: TICK_CRON },
  });
  const tick = await api("POST", "/operations", {
    flow: flow.id,
    key: "tick",
    name: "Which tick, where",
    type: "exec",
    position_x: 19,
    position_y: 1,
    options: {
      code: `module.exports = function () { return { tick: Math.floor(Date.now() / ${TICK_MS}), at: Date.now(), instance: process.env.CMS_INSTANCE || null }; };`,
    },
  });
  const send = await api("POST", "/operations", {
    flow: flow.id,
    key: "send",
    name: "Tell the site",
    type: "request",
    position_x: 37,
    position_y: 1,
    options: {
      method: "POST",
      url: "{{$env.SITE_URL}}/cluster-tick",
      headers: [{ header: "Content-Type", value: "application/json" }],
      body: "{{tick}}",
    },
  });
  await api("PATCH", `/operations/${tick.id}`, { resolve: send.id });
  await api("PATCH", `/flows/${flow.id}`, { operation: tick.id });
  tickFlowCreated = Date.now();
});

after(async () => {
  await cluster?.stop();
  site?.close();
});

/** The webhook calls for one item since call number `from`. */
const webhooksFor = (collection, key, from = 0) =>
  site.calls
    .slice(from)
    .filter((call) => call.url === "/api/revalidate" && call.body?.collection === collection && call.body.keys?.includes(String(key)))
    .length;

describe("Directus as a cluster (PostgreSQL, Redis, two instances behind HAProxy)", { skip }, () => {
  test("the balancer sends reads to both instances, which answer alike from the one database", async () => {
    const seen = new Set();
    await eventually(
      async () => {
        const answer = await graphql(balancer, '{ posts(limit: 1, sort: ["id"]) { id } }', { token: tokens.read });
        assert.equal(answer.status, 200);
        seen.add(answer.servedBy);
        return seen.has("a") && seen.has("b");
      },
      { timeoutMs: 20_000, what: "reads answered by a and by b" },
    );
    const query = '{ posts(sort: ["id"]) { id title } docs_sections(sort: ["sort"]) { slug } }';
    const [fromA, fromB] = await Promise.all([
      graphql(a.url, query, { token: tokens.read }),
      graphql(b.url, query, { token: tokens.read }),
    ]);
    assert.equal(fromA.errors, undefined, JSON.stringify(fromA.errors));
    assert.ok(fromA.data.posts.length >= 12, "the seeded posts");
    assert.deepEqual(fromB.data, fromA.data);
  });

  test("an edit saved through one instance is read through the other at once, though the cache is on", async () => {
    const [post] = await adminVia(a.url)("GET", "/items/posts?filter[status][_eq]=published&limit=1&sort=id&fields=id,title");
    const query = "query ($id: ID!) { posts_by_id(id: $id) { id title } }";
    const read = (base) => graphql(base, query, { token: tokens.read, variables: { id: post.id } });
    // Writes purge the cache (an instance may still be drawing share cards it found missing at
    // start): wait until b answers from its cache, then save.
    await eventually(async () => (await read(b.url)).cache === "HIT", { timeoutMs: 30_000, what: "b answering from its cache" });
    const title = `Saved through a ${stamp}`;
    await adminVia(a.url)("PATCH", `/items/posts/${post.id}`, { title });
    const afterSave = await read(b.url);
    assert.equal(afterSave.data.posts_by_id.title, title, "b reads the edit at once");
    assert.equal(afterSave.cache, "MISS");

    // The other way round, over REST, anonymous (authors are public and cached).
    const [author] = await adminVia(b.url)("GET", "/items/authors?limit=1&sort=id&fields=id");
    const restRead = async (base) => {
      const res = await fetch(`${base}/items/authors/${author.id}?fields=id,short_description`);
      return { cache: res.headers.get("x-cache-status"), data: (await res.json()).data };
    };
    await eventually(async () => (await restRead(a.url)).cache === "HIT", { timeoutMs: 30_000, what: "a answering from its cache" });
    const description = `Saved through b ${stamp}`;
    await adminVia(b.url)("PATCH", `/items/authors/${author.id}`, { short_description: description });
    assert.equal((await restRead(a.url)).data.short_description, description, "a reads the edit at once");
  });

  test("a change of the data model through one instance is known to the other at once (the bus on Redis)", async () => {
    const field = `cluster_note_${stamp}`;
    await adminVia(a.url)("POST", "/fields/search_proposals", { field, type: "string", meta: { hidden: true }, schema: {} });
    try {
      const rows = await adminVia(b.url)("GET", `/items/search_proposals?limit=1&fields=id,${field}`);
      assert.ok(Array.isArray(rows) && field in rows[0], "b's REST API has the new field");
      const viaGraphql = await graphql(b.url, `{ search_proposals(limit: 1) { id ${field} } }`, { token: tokens.admin });
      assert.equal(viaGraphql.errors, undefined, JSON.stringify(viaGraphql.errors));
    } finally {
      await adminVia(b.url)("DELETE", `/fields/search_proposals/${field}`);
    }
    await assert.rejects(adminVia(a.url)("GET", `/items/search_proposals?limit=1&fields=id,${field}`), /-> 40[03]/, "a no longer knows it");
  });

  test("a file uploaded through one instance is served by the other (one store for both)", async () => {
    const text = `cluster file ${stamp}\n`;
    const form = new FormData();
    form.append("title", `cluster ${stamp}`);
    form.append("file", new Blob([text], { type: "text/plain" }), `cluster-${stamp}.txt`);
    const file = await adminVia(a.url)("POST", "/files", form);
    const res = await fetch(`${b.url}/assets/${file.id}`, { headers: { Authorization: `Bearer ${tokens.admin}` } });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), text);
    await adminVia(b.url)("DELETE", `/files/${file.id}`);
    const gone = await fetch(`${a.url}/assets/${file.id}`, { headers: { Authorization: `Bearer ${tokens.admin}` } });
    await gone.body?.cancel();
    assert.ok([403, 404].includes(gone.status), `deleted through b, gone on a (${gone.status})`);
  });

  test("the rate limiter counts a client's requests across the instances (its store on Redis)", async () => {
    // A documentation address (RFC 5737) as the client, in the header a trusted proxy sets.
    const client = `198.51.100.${1 + (Date.now() % 250)}`;
    for (const base of [a.url, b.url, a.url, b.url, a.url, b.url]) {
      const res = await fetch(`${base}/items/search_proposals?limit=1&fields=id`, { headers: { "X-Forwarded-For": client } });
      await res.body?.cancel();
      assert.equal(res.status, 200);
    }
    assert.equal(Number(await cluster.redis.command("GET", `rlflx:${client}`)), 6, "one counter for both instances");
  });

  test("a webhook to the site fires once per change, whichever instance saved it", async () => {
    const from = site.calls.length;
    const posts = await adminVia(a.url)("GET", "/items/posts?filter[status][_eq]=published&limit=6&sort=-id&fields=id");
    const routes = [a.url, b.url, balancer, a.url, b.url, balancer];
    for (const [index, post] of posts.entries()) {
      await adminVia(routes[index])("PATCH", `/items/posts/${post.id}`, { description: `Webhook ${stamp} ${index}` });
    }
    const created = await adminVia(b.url)("POST", "/items/search_proposals", { status: "draft", label: `Webhook ${stamp}`, query: "gpu" });
    await eventually(
      () => posts.every((post) => webhooksFor("posts", post.id, from) >= 1) && webhooksFor("search_proposals", created.id, from) >= 1,
      {
        timeoutMs: 20_000,
        what: "a webhook for every change",
      },
    );
    // A later change through each instance: once its webhook is in, a second one for the
    // earlier changes would have come too.
    const [job] = await adminVia(a.url)("GET", "/items/jobs?limit=1&sort=id&fields=id");
    await adminVia(a.url)("PATCH", `/items/jobs/${job.id}`, { sub_team: `a ${stamp}` });
    await adminVia(b.url)("PATCH", `/items/jobs/${job.id}`, { sub_team: `b ${stamp}` });
    await eventually(() => webhooksFor("jobs", job.id, from) >= 2, { timeoutMs: 20_000, what: "the later changes' webhooks" });
    assert.deepEqual(
      posts.map((post) => webhooksFor("posts", post.id, from)),
      posts.map(() => 1),
    );
    assert.equal(webhooksFor("search_proposals", created.id, from), 1);
    assert.equal(webhooksFor("jobs", job.id, from), 2);
  });

  test("a websocket subscriber on one instance hears of a save through the other (the bus on Redis)", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${b.port}/websocket`);
    const messages = [];
    socket.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data))));
    try {
      await new Promise((resolve, reject) => {
        socket.addEventListener("open", resolve, { once: true });
        socket.addEventListener("error", reject, { once: true });
      });
      socket.send(JSON.stringify({ type: "auth", access_token: tokens.admin }));
      await eventually(() => messages.some((m) => m.type === "auth" && m.status === "ok"), { timeoutMs: 10_000, what: "websocket auth" });
      socket.send(
        JSON.stringify({ type: "subscribe", collection: "search_proposals", query: { fields: ["id", "label"] }, uid: "cluster" }),
      );
      await eventually(() => messages.some((m) => m.type === "subscription" && m.event === "init"), {
        timeoutMs: 10_000,
        what: "subscribed",
      });
      const label = `Heard through the bus ${stamp}`;
      const created = await adminVia(a.url)("POST", "/items/search_proposals", { status: "draft", label, query: "bus" });
      await eventually(
        () =>
          messages.some(
            (m) =>
              m.type === "subscription" &&
              m.event === "create" &&
              m.data?.some((row) => String(row.id) === String(created.id) && row.label === label),
          ),
        { timeoutMs: 10_000, what: "the create event on b" },
      );
    } finally {
      socket.close();
    }
  });

  test("live preview and visual editing work through the balancer: admin app, preview URLs, frame and CORS rules, drafts", async () => {
    const siteOrigin = new URL(site.siteUrl).origin;
    const app = await fetch(`${balancer}/admin/`);
    const html = await app.text();
    assert.equal(app.status, 200);
    assert.match(html, /<base href="\/admin\/"/);
    const frameSrc = /(?:^|;)\s*frame-src ([^;]*)/.exec(app.headers.get("content-security-policy") ?? "")?.[1];
    assert.equal(frameSrc, `'self' ${siteOrigin}`, "the admin app may frame the site");
    const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
    assert.ok(script, "the admin app's script");
    const bundle = await fetch(new URL(script, `${balancer}/admin/`));
    await bundle.body?.cancel();
    assert.equal(bundle.status, 200);

    const api = adminVia(balancer);
    const { meta } = await api("GET", "/collections/posts");
    assert.equal(meta.preview_url, `${site.siteUrl}/api/preview?token=${tokens.preview}&collection=posts&id={{id}}&version={{$version}}`);
    const settings = await api("GET", "/settings?fields=visual_editor_urls");
    assert.deepEqual(settings.visual_editor_urls, [{ url: `${site.siteUrl}/api/preview?token=${tokens.preview}&path=/` }]);

    // The site's pages in the editor's frame talk to Directus from the site's origin.
    const preflight = await fetch(`${balancer}/graphql`, {
      method: "OPTIONS",
      headers: {
        Origin: siteOrigin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type,authorization",
      },
    });
    await preflight.body?.cancel();
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), siteOrigin);
    const fromSite = await graphql(balancer, "{ search_proposals(limit: 1) { id } }", { headers: { Origin: siteOrigin } });
    assert.equal(fromSite.status, 200);

    // What the site's preview route reads: a draft, with the preview token only.
    const draft = await api("POST", "/items/posts", { status: "draft", title: `Draft ${stamp}`, slug: `cluster-draft-${stamp}` });
    const query = "query ($id: ID!) { posts_by_id(id: $id) { id title status } }";
    for (const base of [balancer, a.url, b.url]) {
      const preview = await graphql(base, query, { token: tokens.preview, variables: { id: draft.id } });
      assert.equal(preview.data?.posts_by_id?.title, `Draft ${stamp}`, base);
    }
    const anonymous = await graphql(balancer, query, { variables: { id: draft.id } });
    assert.equal(anonymous.data?.posts_by_id ?? null, null);
  });

  test("a scheduled post appears at its publish time on every instance: the site's reads carry the time ($now), so no cached answer outlives it", async (t) => {
    const publishAt = Date.now() + 3000;
    const post = await adminVia(a.url)("POST", "/items/posts", {
      status: "published",
      title: `Scheduled ${stamp}`,
      slug: `cluster-scheduled-${stamp}`,
      published_at: iso(publishAt),
    });
    // The site's filter (BlogPosts): published, and a publish time at or before the request's minute.
    const query = `query ($id: GraphQLStringOrFloat, $now: String) {
      posts(filter: { id: { _eq: $id }, status: { _in: ["published"] }, _or: [{ published_at: { _null: true } }, { published_at: { _lte: $now } }] }) { id }
    }`;
    const ask = (base, now) => graphql(base, query, { token: tokens.read, variables: { id: post.id, now: iso(now) } });
    const withoutTime = () =>
      graphql(balancer, "query ($id: GraphQLStringOrFloat) { posts(filter: { id: { _eq: $id } }) { id } }", { variables: { id: post.id } });
    const early = Date.now();
    const beforeTime = [await ask(a.url, early), await ask(b.url, early), await ask(a.url, early), await ask(b.url, early)];
    const anonymousBefore = await withoutTime();
    if (Date.now() >= publishAt) assert.fail("the instances took longer than the schedule to answer: raise the publish delay");
    for (const answer of beforeTime) assert.deepEqual(answer.data?.posts, [], "hidden before its time");
    await eventually(() => Date.now() > publishAt, { timeoutMs: 10_000, what: "the publish time" });
    for (const base of [a.url, b.url, balancer]) {
      const answer = await ask(base, Date.now());
      assert.deepEqual(answer.data?.posts, [{ id: String(post.id) }], `${base} shows it from its time on`);
    }
    // Directus caches a GraphQL answer even when a permission compares with $NOW: a read that
    // does not carry the time can keep the earlier answer up to CACHE_TTL (reported, not asserted).
    const anonymousAfter = await withoutTime();
    t.diagnostic(
      `without $now: before ${JSON.stringify(anonymousBefore.data?.posts)} (${anonymousBefore.cache}), after the publish time ${JSON.stringify(anonymousAfter.data?.posts)} (${anonymousAfter.cache})`,
    );
  });

  test("stopping an instance while editors save and visitors read: no edit lost, the balancer moves on, reads keep answering, sessions go on", {
    timeout: 150_000,
  }, async (t) => {
    // The editor logs in through instance a itself, once with tokens and once as the admin app
    // does (a session cookie).
    const login = async (mode) => {
      const res = await fetch(`${a.url}/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: tokens.email, password: tokens.password, mode }),
      });
      assert.equal(res.status, 200, `login (${mode})`);
      const cookie = res.headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      return { ...(await res.json()).data, cookie };
    };
    const withTokens = await login("json");
    const withSession = await login("session");
    assert.ok(withSession.cookie.includes("directus_session_token="), "a session cookie");
    const posts = await adminVia(a.url)("GET", "/items/posts?filter[status][_eq]=published&limit=2&sort=id&fields=id");
    const editors = [
      { name: "tokens", headers: { Authorization: `Bearer ${withTokens.access_token}` }, post: posts[0].id },
      { name: "session", headers: { Cookie: withSession.cookie }, post: posts[1].id },
    ];
    const from = site.calls.length;
    const edits = [];
    const creates = [];
    const reads = [];
    const errors = [];
    let phase = "both up";
    let running = true;
    const send = async (editor, method, path, body) => {
      try {
        const res = await fetch(balancer + path, {
          method,
          headers: { "Content-Type": "application/json", ...editor.headers },
          body: JSON.stringify(body),
        });
        const json = await res.json().catch(() => null);
        if (!res.ok) errors.push(`${editor.name} ${method} ${path} -> ${res.status} ${JSON.stringify(json?.errors ?? json)} (${phase})`);
        return res.ok ? { ...json.data, servedBy: res.headers.get("x-served-by"), at: Math.round(performance.now()) } : null;
      } catch (error) {
        errors.push(`${editor.name} ${method} ${path}: ${error.message} ${error.cause?.code ?? error.cause?.message ?? ""} (${phase})`);
        return null;
      }
    };
    const editorLoop = async (editor) => {
      for (let n = 1; running; n++) {
        if (n % 2) {
          const title = `${editor.name} ${stamp} ${n}`;
          // A field the post's share card does not draw: a new title would also redraw the card,
          // a second change with a webhook of its own.
          const saved = await send(editor, "PATCH", `/items/posts/${editor.post}`, { description: title });
          if (saved) edits.push({ editor: editor.name, post: editor.post, title, phase, servedBy: saved.servedBy, at: saved.at });
        } else {
          const label = `failover ${stamp} ${editor.name} ${n}`;
          const saved = await send(editor, "POST", "/items/search_proposals", { status: "draft", label, query: "failover" });
          if (saved) creates.push({ id: saved.id, label, phase, servedBy: saved.servedBy, at: saved.at });
        }
      }
    };
    const readerLoop = async () => {
      while (running) {
        const started = performance.now();
        try {
          const answer = await graphql(balancer, '{ posts(limit: 5, sort: ["-id"]) { id title } }', { token: tokens.read });
          const ok = answer.status === 200 && !answer.errors && answer.data?.posts?.length === 5;
          if (!ok) errors.push(`read -> ${answer.status} ${JSON.stringify(answer.errors)} (${phase})`);
          reads.push({ ok, servedBy: answer.servedBy, ms: performance.now() - started, phase });
        } catch (error) {
          errors.push(`read: ${error.message} ${error.cause?.code ?? error.cause?.message ?? ""} (${phase})`);
        }
      }
    };
    const loops = [...editors.map(editorLoop), readerLoop(), readerLoop(), readerLoop()];
    try {
      await eventually(
        () => edits.length >= 4 && creates.length >= 2 && reads.some((r) => r.servedBy === "a") && reads.some((r) => r.servedBy === "b"),
        { timeoutMs: 30_000, what: "editors and visitors on both instances" },
      );
      phase = "a stopping";
      const stopStarted = performance.now();
      const markedDown = cluster.balancer.waitFor({ a: "DOWN" }).then(() => performance.now() - stopStarted);
      // A planned stop: the balancer drains a, a gets 2 s for the webhooks its last saves started,
      // then SIGTERM (a finishes what it has and exits).
      const { drainMs } = await a.stop();
      const stoppedMs = performance.now() - stopStarted;
      phase = "a stopped";
      const editsBefore = edits.length;
      const createsBefore = creates.length;
      const readsBefore = reads.length;
      await eventually(() => edits.length >= editsBefore + 4 && creates.length >= createsBefore + 2 && reads.length >= readsBefore + 30, {
        timeoutMs: 40_000,
        what: "editors and visitors going on with a stopped",
      });
      const downMs = await markedDown;
      running = false;
      await Promise.all(loops);

      assert.deepEqual(errors, [], "no failed save, no failed read");
      const afterStop = reads.filter((r) => r.phase === "a stopped");
      assert.deepEqual([...new Set(afterStop.map((r) => r.servedBy))], ["b"], "once a has exited, b answers every read");

      // No edit lost: each editor's post holds the last description it was told was saved, every
      // acknowledged create is there once, and nothing else.
      const api = adminVia(b.url);
      for (const editor of editors) {
        const last = edits.filter((e) => e.editor === editor.name).at(-1);
        assert.equal((await api("GET", `/items/posts/${editor.post}?fields=description`)).description, last.title, editor.name);
      }
      const stored = await api(
        "GET",
        `/items/search_proposals?filter[label][_starts_with]=${encodeURIComponent(`failover ${stamp} `)}&limit=-1&fields=id,label`,
      );
      assert.deepEqual(stored.map((row) => row.label).sort(), creates.map((c) => c.label).sort());

      // The editor's session goes on through b: the token and the cookie a issued, and a refresh.
      const me = (headers) =>
        fetch(`${balancer}/users/me?fields=email`, { headers }).then(async (res) => ({
          status: res.status,
          by: res.headers.get("x-served-by"),
          body: await res.json(),
        }));
      const byToken = await me(editors[0].headers);
      assert.equal(byToken.status, 200);
      assert.equal(byToken.body.data.email, tokens.email);
      assert.equal(byToken.by, "b");
      const refreshed = await fetch(`${balancer}/auth/refresh`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ refresh_token: withTokens.refresh_token, mode: "json" }),
      });
      assert.equal(refreshed.status, 200, "refresh through b");
      const renewed = (await refreshed.json()).data;
      assert.equal((await me({ Authorization: `Bearer ${renewed.access_token}` })).status, 200);
      const bySession = await me(editors[1].headers);
      assert.equal(bySession.status, 200, "the admin app's session cookie");
      const sessionRefresh = await fetch(`${balancer}/auth/refresh`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: withSession.cookie },
        body: JSON.stringify({ mode: "session" }),
      });
      await sessionRefresh.body?.cancel();
      assert.equal(sessionRefresh.status, 200, "session refresh through b");

      // One webhook per acknowledged save, also for those a answered just before it stopped.
      const sentinel = await adminVia(b.url)("POST", "/items/search_proposals", {
        status: "draft",
        label: `sentinel ${stamp}`,
        query: "x",
      });
      await eventually(
        () =>
          editors.every((editor) => webhooksFor("posts", editor.post, from) >= edits.filter((e) => e.post === editor.post).length) &&
          creates.every((c) => webhooksFor("search_proposals", c.id, from) >= 1) &&
          webhooksFor("search_proposals", sentinel.id, from) >= 1,
        { timeoutMs: 20_000, what: "a webhook for every acknowledged save" },
      ).catch((error) => {
        const late = (list) =>
          list.filter((save) => save.at > stopStarted - 2000).map((save) => `${save.servedBy}@${Math.round(save.at - stopStarted)}ms`);
        throw new Error(
          `${error.message}: posts ${editors.map((editor) => `${webhooksFor("posts", editor.post, from)}/${edits.filter((e) => e.post === editor.post).length}`)}, ` +
            `creates without one ${JSON.stringify(creates.filter((c) => webhooksFor("search_proposals", c.id, from) < 1))}; saves near the stop: ${late([...edits, ...creates])}`,
        );
      });
      for (const editor of editors) {
        assert.equal(
          webhooksFor("posts", editor.post, from),
          edits.filter((e) => e.post === editor.post).length,
          `webhooks for ${editor.name}'s post`,
        );
      }
      assert.deepEqual(
        creates.map((c) => webhooksFor("search_proposals", c.id, from)),
        creates.map(() => 1),
      );

      const stopping = reads.filter((r) => r.phase !== "both up");
      const sorted = stopping.map((r) => r.ms).sort((x, y) => x - y);
      t.diagnostic(
        `failover: a drained in ${drainMs} ms, had 2 s for its after-save work, exited ${Math.round(stoppedMs)} ms after the stop began; HAProxy's check marked it DOWN after ${Math.round(downMs)} ms; ` +
          `${stopping.length} reads and ${edits.length - editsBefore + creates.length - createsBefore} saves after the stop began, none failed; ` +
          `reads from then on: median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms, slowest ${Math.round(sorted.at(-1))} ms`,
      );

      // And back: a restarted instance rejoins.
      await a.start();
      const upMs = await cluster.balancer.waitFor({ a: "UP" });
      await eventually(async () => (await graphql(balancer, "{ posts(limit: 1) { id } }", { token: tokens.read })).servedBy === "a", {
        timeoutMs: 20_000,
        what: "reads answered by the restarted a",
      });
      t.diagnostic(`a restarted; HAProxy took it back ${Math.round(upMs)} ms after it answered`);
    } finally {
      running = false;
      await Promise.all(loops);
    }
  });

  test("a plain SIGTERM to an instance while editors save: the balancer stops choosing it before it stops listening, it finishes what it has, no save or read fails, no save is lost", {
    timeout: 180_000,
  }, async (t) => {
    // What `docker stop`, systemd or an operator's `kill` does: SIGTERM and nothing else, no
    // drain at the balancer first. Four editors (each logged in, as the admin app is) save one
    // item after another through the balancer, two visitors read; every save is a different
    // item, so every acknowledged save can be read back.
    const POOL = 600;
    const pool = await adminVia(balancer)(
      "POST",
      "/items/search_proposals",
      Array.from({ length: POOL }, (_, i) => ({ status: "draft", label: `sigterm pool ${stamp} ${i}`, query: "sigterm" })),
    );
    assert.equal(pool.length, POOL);
    const editors = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const res = await fetch(`${balancer}/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: tokens.email, password: tokens.password, mode: "json" }),
        });
        assert.equal(res.status, 200, "login");
        return { name: `editor${i + 1}`, token: (await res.json()).data.access_token };
      }),
    );
    const saves = [];
    const failed = [];
    let next = 0;
    let phase = "both up";
    let running = true;
    const editorLoop = async (editor) => {
      while (running && next < pool.length) {
        const item = pool[next++].id;
        const label = `sigterm ${stamp} ${editor.name} ${item}`;
        const began = phase;
        try {
          const res = await fetch(`${balancer}/items/search_proposals/${item}`, {
            method: "PATCH",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${editor.token}` },
            body: JSON.stringify({ label }),
          });
          const json = await res.json().catch(() => null);
          const save = { item, label, phase: began, status: res.status, servedBy: res.headers.get("x-served-by") };
          if (res.ok && json?.data?.label === label) saves.push(save);
          else failed.push({ ...save, answer: JSON.stringify(json?.errors ?? json)?.slice(0, 300) });
        } catch (error) {
          failed.push({ item, label, phase: began, error: `${error.message} ${error.cause?.code ?? error.cause?.message ?? ""}` });
        }
      }
    };
    // Visitors read meanwhile: the site's GraphQL reads are POSTs, which the balancer does not
    // retry either once sent.
    let reads = 0;
    const readerLoop = async () => {
      while (running) {
        const began = phase;
        try {
          const answer = await graphql(balancer, '{ posts(limit: 5, sort: ["-id"]) { id } }', { token: tokens.read });
          if (answer.status === 200 && !answer.errors) reads++;
          else failed.push({ read: true, phase: began, status: answer.status, errors: JSON.stringify(answer.errors)?.slice(0, 300) });
        } catch (error) {
          failed.push({ read: true, phase: began, error: `${error.message} ${error.cause?.code ?? error.cause?.message ?? ""}` });
        }
      }
    };
    const loops = [...editors.map(editorLoop), readerLoop(), readerLoop()];
    const poolLeft = () => next < pool.length;
    try {
      await eventually(
        () =>
          (saves.some((s) => s.servedBy === "a") && saves.filter((s) => s.servedBy === "b").length >= 5) || failed.length || !poolLeft(),
        { timeoutMs: 60_000, what: "saves answered by a and by b" },
      );
      phase = "b stopping";
      const signalled = performance.now();
      const markedDown = cluster.balancer.waitFor({ b: "DOWN" }, { timeoutMs: 60_000 }).then(() => performance.now() - signalled);
      // A plain SIGTERM (stop() without the balancer's drain); resolves once b has exited.
      const { exit } = await b.stop({ drain: false });
      const exitedMs = performance.now() - signalled;
      phase = "b exited";
      await eventually(() => (saves.filter((s) => s.phase === "b exited").length >= 20 && saves.length >= 80) || !poolLeft(), {
        timeoutMs: 60_000,
        what: "20 saves after b exited, 80 in all",
      });
      running = false;
      await Promise.all(loops);
      const downMs = await markedDown;

      assert.deepEqual(failed, [], "every save and every read answered 2xx");
      assert.ok(poolLeft(), `the pool of ${POOL} items lasted (raise it)`);
      assert.ok(saves.length >= 80, `${saves.length} saves`);
      assert.notEqual(exit.signal, "SIGKILL", "b exited by itself, not killed after the stop's time limit");
      assert.deepEqual([...new Set(saves.filter((s) => s.phase === "b exited").map((s) => s.servedBy))], ["a"], "once b had gone, a saved");

      // Every acknowledged save is in the database.
      const stored = await adminVia(a.url)(
        "GET",
        `/items/search_proposals?filter[label][_starts_with]=${encodeURIComponent(`sigterm ${stamp} `)}&limit=-1&fields=id,label`,
      );
      const labels = new Map(stored.map((row) => [String(row.id), row.label]));
      assert.deepEqual(
        saves.filter((s) => labels.get(String(s.item)) !== s.label),
        [],
        "every acknowledged save read back",
      );
      // The site's webhook for each save (its flow runs after the answer; reported, not asserted):
      // each item's create and its save, once a later save's webhook is in.
      const sentinel = await adminVia(a.url)("POST", "/items/search_proposals", {
        status: "draft",
        label: `sentinel ${stamp} sigterm`,
        query: "x",
      });
      const webhooksIn = await eventually(() => webhooksFor("search_proposals", sentinel.id) >= 1, {
        timeoutMs: 20_000,
        what: "the sentinel's webhook",
      }).catch(() => false);
      const withWebhook = saves.filter((s) => webhooksFor("search_proposals", s.item) >= 2).length;
      const stopping = saves.filter((s) => s.phase === "b stopping");
      t.diagnostic(
        `${saves.length} saves by ${editors.length} editors and ${reads} reads, none failed: ${stopping.length} began while b was stopping ` +
          `(${stopping.filter((s) => s.servedBy === "b").length} of them answered by b), ${saves.filter((s) => s.phase === "b exited").length} after it exited; ` +
          `HAProxy marked b DOWN ${Math.round(downMs)} ms after the SIGTERM, b exited after ${Math.round(exitedMs)} ms (${exit.signal ?? `code ${exit.code}`}); ` +
          `the site's webhook came for ${withWebhook} of the ${saves.length} saves${webhooksIn ? "" : " (the sentinel's did not come)"}`,
      );
    } finally {
      running = false;
      await Promise.all(loops);
      // Back in the rotation for the tests after this one.
      await b.start();
      await cluster.balancer.waitFor({ b: "UP" });
    }
  });

  test("a schedule-triggered flow runs once per tick across the cluster (SYNCHRONIZATION_STORE=redis), also while an instance stops", async (t) => {
    // Ticks from two after the flow was made (both instances have armed it by then) to now.
    const firstTick = Math.floor(tickFlowCreated / TICK_MS) + 2;
    const ticks = () => site.calls.filter((call) => call.url === "/cluster-tick" && call.body?.tick >= firstTick);
    await eventually(() => ticks().length >= 8, { timeoutMs: 40_000, what: "eight ticks" });
    const runs = ticks();
    const perTick = new Map();
    for (const run of runs) perTick.set(run.body.tick, [...(perTick.get(run.body.tick) ?? []), run.body.instance]);
    const twice = [...perTick].filter(([, where]) => where.length > 1);
    assert.deepEqual(twice, [], "no tick ran twice");
    const byInstance = Object.groupBy(runs, (run) => run.body.instance ?? "?");
    const numbers = [...perTick.keys()];
    const span = Math.max(...numbers) - Math.min(...numbers) + 1;
    t.diagnostic(
      `${perTick.size} ticks, each once: ${Object.entries(byInstance)
        .map(([name, list]) => `${list.length} on ${name}`)
        .join(", ")}; ${span - perTick.size} of the ${span} ticks in that span ran nowhere`,
    );
  });

  test("a release is published once: asked through both instances at the same moment, or by the schedule every instance runs", async () => {
    const admin = adminVia(balancer);
    const [role] = await admin("GET", "/roles?filter[name][_eq]=Release%20reviewer&fields=id");
    const reviewerToken = `cluster-reviewer-${stamp}`;
    await admin("POST", "/users", { email: `reviewer-${stamp}@example.com`, role: role.id, token: reviewerToken, status: "active" });
    const reviewer = createApi(balancer, reviewerToken);
    const [job] = await admin("GET", "/items/jobs?filter[status][_eq]=published&limit=1&sort=id&fields=id");
    /** An approved release of one change to the role's sub-team, named `name`. */
    const approved = async (name) => {
      const release = await admin("POST", "/items/releases", { name });
      await admin("POST", "/items/release_changes", {
        release: release.id,
        action: "version",
        content_collection: "jobs",
        item: String(job.id),
      });
      const [version] = await admin("GET", `/versions?filter[key][_eq]=release-${release.id}&fields=id`);
      await admin("POST", `/versions/${version.id}/save`, { sub_team: name });
      await admin("PATCH", `/items/releases/${release.id}`, { state: "in_review" });
      await reviewer("PATCH", `/items/releases/${release.id}`, { state: "approved" });
      return release;
    };
    const publishedOnce = async (release) => {
      const { history } = await admin("GET", `/items/releases/${release.id}?fields=history`);
      assert.equal(history.filter((entry) => entry.did === "published").length, 1);
      // The site heard the switch end (an instance that lost the claim ends its own "begin" too).
      const ends = site.calls.filter(
        (call) => call.url === "/api/revalidate" && call.body?.release === release.id && call.body.changes && !call.body.phase,
      );
      assert.ok(ends.length >= 1, "the site is told the switch ended");
    };

    const raced = await approved(`Raced ${stamp}`);
    const answers = await Promise.all(
      [a.url, b.url].map(async (url) => {
        const res = await fetch(`${url}/releases/${raced.id}/publish`, {
          method: "POST",
          headers: { Authorization: `Bearer ${tokens.admin}` },
        });
        return { status: res.status, data: (await res.json()).data };
      }),
    );
    // One instance claimed and published it; the other found it claimed (or already published).
    assert.equal(answers.filter((answer) => answer.status === 200 && answer.data?.changes === 1).length, 1, JSON.stringify(answers));
    assert.equal((await admin("GET", `/items/jobs/${job.id}?fields=sub_team`)).sub_team, `Raced ${stamp}`);
    await eventually(() => site.calls.some((call) => call.body?.release === raced.id && !call.body.phase), {
      timeoutMs: 20_000,
      what: "the site told",
    });
    await publishedOnce(raced);

    const scheduled = await approved(`Scheduled ${stamp}`);
    await admin("PATCH", `/items/releases/${scheduled.id}`, { state: "scheduled", publish_at: new Date(Date.now() + 2_000).toISOString() });
    await eventually(async () => (await admin("GET", `/items/releases/${scheduled.id}?fields=state`)).state === "published", {
      timeoutMs: 30_000,
      what: "the scheduled release published",
    });
    await eventually(() => site.calls.some((call) => call.body?.release === scheduled.id && !call.body.phase), {
      timeoutMs: 20_000,
      what: "the site told",
    });
    await publishedOnce(scheduled);
  });
});
