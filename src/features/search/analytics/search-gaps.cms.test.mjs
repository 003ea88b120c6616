// Contract test of `search_gaps` (the searches that found nothing, for editors) against a real
// Directus: the calls the site's cron makes with the site's token (src/features/search/analytics/
// gaps.server.ts: find known queries, create new ones, update their counts in one batch), what
// that token may not do (set the status, delete, read more than the query), that nobody else
// reads them, and the editors' Insights dashboard. Its own Directus on port 8188 (8208 on
// PostgreSQL) with a fresh data dir (cms/data-search-gaps-test).
//   PATH=node_modules/.bin:$PATH node --test src/features/search/analytics/search-gaps.cms.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../../../../cms/scripts/lib.mjs";
import { SEARCH_GAPS_DASHBOARD } from "../../../../cms/scripts/setup.mjs";
import { startFreshCms } from "../../../../cms/test/support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8188 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-search-gaps-test-pg" : "data-search-gaps-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const admin = createApi(URL_, process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const site = createApi(URL_, process.env.DIRECTUS_SITE_TOKEN ?? DEFAULTS.DIRECTUS_SITE_TOKEN);
const reader = createApi(URL_, process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN);

let cms;

before(async () => {
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT });
});

after(async () => {
  await cms?.stop();
});

/** The cron's read: the known ones among these queries. */
const known = (queries) =>
  site(
    "GET",
    `/items/search_gaps?${new URLSearchParams({ filter: JSON.stringify({ query: { _in: queries } }), fields: "id,query", limit: "-1" })}`,
  );

describe("search gaps", () => {
  test("the site's token finds, creates and updates gaps as the cron does; the status stays the editors'", async () => {
    assert.deepEqual(await known(["h200 pricing", "slurm on k8s"]), []);
    await site("POST", "/items/search_gaps?fields=id", [
      { query: "h200 pricing", count: 12, last_seen: "2026-11-27T09:41:07.000Z" },
      { query: "slurm on k8s", count: 3, last_seen: "2026-11-26T18:02:00.000Z" },
    ]);
    const rows = await known(["h200 pricing", "slurm on k8s", "never searched"]);
    assert.deepEqual(rows.map((row) => row.query).sort(), ["h200 pricing", "slurm on k8s"]);

    // An editor handles one; the next fill updates its count and last search, not its status.
    const h200 = rows.find((row) => row.query === "h200 pricing");
    await admin("PATCH", `/items/search_gaps/${h200.id}`, { status: "handled", note: "Pricing page now lists the H200." });
    await site("PATCH", "/items/search_gaps?fields=id", [{ id: h200.id, count: 15, last_seen: "2026-11-27T10:30:00.000Z" }]);
    const [row] = await admin("GET", `/items/search_gaps?filter[id][_eq]=${h200.id}&fields=query,count,last_seen,status,note`);
    assert.equal(row.count, 15);
    assert.equal(new Date(row.last_seen).toISOString(), "2026-11-27T10:30:00.000Z");
    assert.equal(row.status, "handled");
    assert.equal(row.note, "Pricing page now lists the H200.");
    const [fresh] = await admin("GET", "/items/search_gaps?filter[query][_eq]=slurm%20on%20k8s&fields=status");
    assert.equal(fresh.status, "new");

    // One row per query.
    await assert.rejects(
      site("POST", "/items/search_gaps", { query: "slurm on k8s", count: 1, last_seen: "2026-11-27T10:00:00.000Z" }),
      /unique|RECORD_NOT_UNIQUE/i,
    );
  });

  test("the site's token may not set the status or note, read the editors' fields or delete", async () => {
    const [row] = await known(["slurm on k8s"]);
    await assert.rejects(site("PATCH", `/items/search_gaps/${row.id}`, { status: "handled" }), /403/);
    await assert.rejects(site("PATCH", `/items/search_gaps/${row.id}`, { note: "x" }), /403/);
    await assert.rejects(
      site("POST", "/items/search_gaps", { query: "x", count: 1, last_seen: "2026-11-27T10:00:00.000Z", status: "handled" }),
      /403/,
    );
    await assert.rejects(site("DELETE", `/items/search_gaps/${row.id}`), /403/);
    const [own] = await site("GET", `/items/search_gaps?filter[id][_eq]=${row.id}`);
    assert.deepEqual(Object.keys(own).sort(), ["id", "query"]);
  });

  test("editors have an Insights dashboard: the number of new gaps and the most searched of them", async () => {
    const [dashboard] = await admin(
      "GET",
      `/dashboards?filter[name][_eq]=${encodeURIComponent(SEARCH_GAPS_DASHBOARD)}&fields=id,panels.type,panels.options`,
    );
    assert.ok(dashboard, "the dashboard exists");
    const byType = Object.fromEntries(dashboard.panels.map((panel) => [panel.type, panel.options]));
    assert.deepEqual(Object.keys(byType).sort(), ["list", "metric"]);
    assert.equal(byType.metric.collection, "search_gaps");
    assert.equal(byType.list.collection, "search_gaps");
    assert.equal(byType.list.sortField, "count");
    // What the metric panel asks for: the new gaps, counted (the handled one is not).
    const [counted] = await admin(
      "GET",
      `/items/search_gaps?${new URLSearchParams({ "aggregate[count]": "id", filter: JSON.stringify(byType.metric.filter) })}`,
    );
    assert.equal(Number(counted.count.id), 1);
    assert.equal((await fetch(`${URL_}/dashboards`)).status, 403);
  });

  test("the public and the site's read token can neither read nor write them", async () => {
    assert.equal((await fetch(`${URL_}/items/search_gaps`)).status, 403);
    const anonymous = await fetch(`${URL_}/items/search_gaps`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "spam", count: 1, last_seen: "2026-11-27T10:00:00.000Z" }),
    });
    assert.equal(anonymous.status, 403);
    await assert.rejects(reader("GET", "/items/search_gaps"), /403/);
    const graphql = await fetch(`${URL_}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "{ search_gaps { query } }" }),
    });
    const body = await graphql.json();
    assert.ok(body.errors?.length, JSON.stringify(body));
  });
});
