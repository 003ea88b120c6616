// Contract tests of what Directus' public API gives away: nothing that is not out on the site.
// Blocks, sections, form fields and files are read by the site's own read token, through a
// published, live page; the Public policy reads none of them. So a draft page's published
// block, a scheduled page's published block and a block whose page was deleted are unreadable
// anonymously (REST and GraphQL), anonymous `/files` lists nothing, the read token sees a live
// page's blocks but not a draft's, and the preview token still sees drafts. Own Directus on
// port 8176 (8196 on PostgreSQL) with a fresh data dir.
//   PATH=node_modules/.bin:$PATH node --test cms/test/public-access.test.mjs
//   node cms/scripts/postgres.mjs -- node --test cms/test/public-access.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../scripts/lib.mjs";
import { BLOCK_COLLECTIONS } from "../scripts/setup.mjs";
import { graphqlClient, startFreshCms } from "./support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8176 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-public-access-test-pg" : "data-public-access-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const ADMIN = process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN;
const PREVIEW = process.env.DIRECTUS_PREVIEW_TOKEN ?? DEFAULTS.DIRECTUS_PREVIEW_TOKEN;
const READ = process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN ?? "dev-read-token-change-me";
const SITE = process.env.DIRECTUS_SITE_TOKEN ?? DEFAULTS.DIRECTUS_SITE_TOKEN;

const admin = createApi(URL_, ADMIN);
const gql = graphqlClient(URL_);
const stamp = Date.now().toString(36);
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();

/** Collections only ever read through a page (or a form on a page): nothing of them is public. */
const PAGE_PART_COLLECTIONS = [
  ...BLOCK_COLLECTIONS,
  "block_feature_grid_items",
  "sections",
  "sections_blocks",
  "pages_blocks",
  "forms",
  "form_fields",
];

/** The headline of each test page's hero: unique, so a leak is found by text. */
const headlines = {
  draft: `Draft page hero ${stamp}`,
  scheduled: `Scheduled page hero ${stamp}`,
  orphan: `Orphaned hero ${stamp}`,
  live: `Live page hero ${stamp}`,
};
/** Ids of the hero blocks, by page. */
const heroIds = {};
const pagePaths = {};
let coverId;

/** The site's page query (src/features/pages/queries.ts), cut to the hero. */
const sitePageQuery = `query Page($path: String!, $status: [String], $now: String) {
  pages(filter: { path: { _eq: $path }, status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, limit: 1) {
    id
    blocks(sort: ["sort"]) { collection item { ... on block_hero { id headline } } }
  }
}`;
const publicVariables = (path) => ({ path, status: ["published"], now: new Date().toISOString() });
/** What a preview asks: drafts and the end of time (only the permissions then stand in the way). */
const previewVariables = (path) => ({ path, status: ["published", "draft"], now: "9999-12-31T23:59:59.999Z" });

async function sitePage(path, token, variables = publicVariables(path)) {
  const answer = await gql(sitePageQuery, { token, variables });
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return answer.data.pages[0] ?? null;
}

async function createPageWithHero(slug, headline, fields = {}) {
  const page = await admin("POST", "/items/pages", {
    status: "published",
    title: slug,
    slug,
    ...fields,
    blocks: [{ collection: "block_hero", item: { status: "published", headline } }],
  });
  const [placement] = await admin("GET", `/items/pages_blocks?filter[pages_id][_eq]=${page.id}&fields=item`);
  return { page, heroId: String(placement.item) };
}

/** GET without a token: status and body text. */
async function anonymous(path) {
  const res = await fetch(URL_ + path);
  return { status: res.status, text: await res.text() };
}

/** No text of any test block, whatever the answer was. */
function assertNoHeadline(text, what) {
  for (const [page, headline] of Object.entries(headlines)) {
    assert.ok(!text.includes(headline), `${what} shows the ${page} page's hero: ${text.slice(0, 300)}`);
  }
}

before(async () => {
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT });
  const draft = await createPageWithHero(`pa-draft-${stamp}`, headlines.draft, { status: "draft" });
  const scheduled = await createPageWithHero(`pa-scheduled-${stamp}`, headlines.scheduled, { publish_at: tomorrow() });
  const orphan = await createPageWithHero(`pa-orphan-${stamp}`, headlines.orphan);
  const live = await createPageWithHero(`pa-live-${stamp}`, headlines.live);
  for (const [name, made] of Object.entries({ draft, scheduled, orphan, live })) {
    heroIds[name] = made.heroId;
    pagePaths[name] = made.page.path;
  }
  await admin("DELETE", `/items/pages/${orphan.page.id}`);
  const [post] = await admin("GET", "/items/posts?filter[status][_eq]=published&filter[cover][_nnull]=true&fields=cover&limit=1");
  coverId = post.cover;
});

let cms;
after(async () => {
  await cms?.stop();
});

describe(`anonymous readers (${PG ? "PostgreSQL" : "SQLite"})`, () => {
  test("the test blocks exist, published, the orphan's page gone", async () => {
    const rows = await admin(
      "GET",
      `/items/block_hero?filter[id][_in]=${Object.values(heroIds).join(",")}&fields=id,status,headline&limit=-1`,
    );
    assert.equal(rows.length, 4);
    assert.ok(rows.every((row) => row.status === "published"));
    // Blocks stay when their page is deleted: the Public policy never reads a block on its own.
    assert.equal((await admin("GET", `/items/pages?filter[path][_eq]=${encodeURIComponent(pagePaths.orphan)}`)).length, 0);
  });

  test("REST: no block list, filtered list or block by id", async () => {
    for (const path of [
      "/items/block_hero",
      "/items/block_hero?limit=-1",
      `/items/block_hero?filter[headline][_contains]=${stamp}`,
      `/items/block_hero?search=${stamp}`,
      ...Object.values(heroIds).map((id) => `/items/block_hero/${id}`),
    ]) {
      const { status, text } = await anonymous(path);
      assertNoHeadline(text, path);
      assert.equal(status, 403, `${path}: ${status} ${text.slice(0, 200)}`);
    }
  });

  test("REST: no block type, section, placement, form or form field at all", async () => {
    for (const collection of PAGE_PART_COLLECTIONS) {
      const { status, text } = await anonymous(`/items/${collection}?limit=1`);
      assert.equal(status, 403, `${collection}: ${status} ${text.slice(0, 200)}`);
    }
  });

  test("GraphQL: the block collections are not in the public schema, and nothing comes back", async () => {
    const lists = await gql(`{ block_hero(filter: { headline: { _contains: "${stamp}" } }, limit: -1) { id headline } }`);
    assertNoHeadline(JSON.stringify(lists), "GraphQL block_hero");
    assert.ok(lists.errors?.length, "block_hero is not queryable anonymously");
    assert.equal(lists.data?.block_hero ?? null, null);
    for (const id of Object.values(heroIds)) {
      const byId = await gql("query ($id: ID!) { block_hero_by_id(id: $id) { id headline } }", { variables: { id } });
      assertNoHeadline(JSON.stringify(byId), `GraphQL block_hero_by_id(${id})`);
      assert.equal(byId.data?.block_hero_by_id ?? null, null);
    }
    const { data } = await gql("{ __schema { queryType { fields { name } } } }");
    const roots = new Set(data.__schema.queryType.fields.map((field) => field.name));
    for (const collection of PAGE_PART_COLLECTIONS) assert.ok(!roots.has(collection), `Query.${collection} is public`);
    // Published posts are still the public API's.
    assert.ok(roots.has("posts") && roots.has("pages"));
  });

  test("GraphQL: a page's blocks are not readable through the public pages query either", async () => {
    const answer = await gql(sitePageQuery, { variables: publicVariables(pagePaths.live) });
    assertNoHeadline(JSON.stringify(answer), "anonymous pages query");
    assert.ok(answer.errors?.length, "pages.blocks is not in the public schema");
  });

  test("files: `/files` lists nothing, an upload is not served, GraphQL has no files", async () => {
    const list = await anonymous("/files?limit=-1");
    assert.ok(list.status === 403 || JSON.parse(list.text).data?.length === 0, `/files: ${list.status} ${list.text.slice(0, 200)}`);
    const one = await anonymous(`/files/${coverId}`);
    assert.equal(one.status, 403);
    const asset = await anonymous(`/assets/${coverId}?width=640&format=webp`);
    assert.equal(asset.status, 403);
    const system = await gql("{ files { id } }", { path: "/graphql/system" });
    assert.equal(system.data?.files?.length ?? 0, 0, JSON.stringify(system).slice(0, 300));
    // Published posts stay public; their cover is a bare id there, not a readable file.
    const cover = await gql("{ posts(limit: 1) { id cover } }");
    assert.equal(cover.errors, undefined, JSON.stringify(cover.errors));
    assert.equal(cover.data.posts.length, 1);
    assert.equal(typeof cover.data.posts[0].cover, "string");
  });
});

describe(`anonymous writers (${PG ? "PostgreSQL" : "SQLite"})`, () => {
  test("create, update and delete nothing, in any collection the CMS has (REST, batches and GraphQL)", async () => {
    // Every collection of the model, as Directus lists it (no hand-kept list to forget one in).
    const all = (await admin("GET", "/collections?limit=-1")).filter((c) => !c.collection.startsWith("directus_") && c.schema);
    const collections = all.filter((c) => !c.meta?.singleton).map((c) => c.collection);
    const singletons = all.filter((c) => c.meta?.singleton).map((c) => c.collection);
    assert.ok(singletons.includes("site_settings"), singletons.join());
    assert.ok(collections.includes("newsletter_subscriptions") && collections.includes("form_submissions"), collections.join());
    const count = async (collection) => Number((await admin("GET", `/items/${collection}?aggregate[count]=*`))[0].count);
    const before = Object.fromEntries(await Promise.all(collections.map(async (c) => [c, await count(c)])));
    const anonymous = (method, path, body) =>
      fetch(`${URL_}${path}`, { method, headers: { "Content-Type": "application/json" }, body: body && JSON.stringify(body) });
    for (const collection of collections) {
      for (const [method, path, body] of [
        ["POST", `/items/${collection}`, { status: "published" }],
        ["POST", `/items/${collection}`, [{ status: "published" }, { status: "published" }]],
        ["PATCH", `/items/${collection}/1`, { status: "draft" }],
        ["PATCH", `/items/${collection}`, { keys: [1], data: { status: "draft" } }],
        ["DELETE", `/items/${collection}/1`, undefined],
      ]) {
        const res = await anonymous(method, path, body);
        await res.body?.cancel();
        // 403, or 400 where a check on save (a flow) refuses the row before permissions are read.
        assert.ok([400, 403].includes(res.status), `${method} ${path} ${JSON.stringify(body) ?? ""}: ${res.status}`);
      }
      const mutation = await gql(`mutation { create_${collection}_item(data: {}) }`);
      assert.ok(mutation.errors?.length, `GraphQL create_${collection}_item: ${JSON.stringify(mutation)}`);
    }
    const after = Object.fromEntries(await Promise.all(collections.map(async (c) => [c, await count(c)])));
    assert.deepEqual(after, before, "rows written or deleted anonymously");
    for (const singleton of singletons) {
      const res = await anonymous("PATCH", `/items/${singleton}`, { status: "draft" });
      await res.body?.cancel();
      assert.equal(res.status, 403, `PATCH /items/${singleton}`);
      const mutation = await gql(`mutation { update_${singleton}(data: {}) }`);
      assert.ok(mutation.errors?.length, `GraphQL update_${singleton}: ${JSON.stringify(mutation)}`);
    }
  });

  test("upload no file and write no system collection", async () => {
    const upload = new FormData();
    upload.append("file", new Blob(["hello"], { type: "text/plain" }), "hello.txt");
    const res = await fetch(`${URL_}/files`, { method: "POST", body: upload });
    await res.body?.cancel();
    assert.equal(res.status, 403, "POST /files");
    for (const [path, body] of [
      ["/folders", { name: "anonymous" }],
      ["/comments", { collection: "posts", item: "1", comment: "anonymous" }],
      ["/versions", { key: "anonymous", name: "anonymous", collection: "posts", item: "1" }],
      ["/flows", { name: "anonymous", trigger: "manual" }],
      ["/users", { email: "anonymous@example.com", password: "anonymous-password" }],
    ]) {
      const write = await fetch(`${URL_}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      await write.body?.cancel();
      assert.ok([401, 403].includes(write.status), `POST ${path}: ${write.status}`);
    }
  });
});

describe("the site's read token", () => {
  test("reads a live page's blocks through the pages query as the site does", async () => {
    const page = await sitePage(pagePaths.live, READ);
    assert.deepEqual(
      page?.blocks.map((block) => block.item),
      [{ id: heroIds.live, headline: headlines.live }],
    );
  });

  test("never reads a draft or a scheduled page, even with a preview's variables", async () => {
    for (const name of ["draft", "scheduled"]) {
      assert.equal(await sitePage(pagePaths[name], READ), null, `${name} page with the site's variables`);
      assert.equal(await sitePage(pagePaths[name], READ, previewVariables(pagePaths[name])), null, `${name} page, preview variables`);
    }
  });

  test("fetches an upload published content uses, and cannot write", async () => {
    const asset = await fetch(`${URL_}/assets/${coverId}?width=640&format=webp`, { headers: { Authorization: `Bearer ${READ}` } });
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get("content-type"), "image/webp");
    await asset.arrayBuffer();
    const write = await fetch(`${URL_}/items/block_hero`, {
      method: "POST",
      headers: { Authorization: `Bearer ${READ}`, "Content-Type": "application/json" },
      body: JSON.stringify({ status: "published", headline: "nope" }),
    });
    assert.equal(write.status, 403);
    for (const collection of ["newsletter_subscriptions", "form_submissions", "docs_feedback"]) {
      const res = await fetch(`${URL_}/items/${collection}`, { headers: { Authorization: `Bearer ${READ}` } });
      assert.equal(res.status, 403, collection);
    }
  });

  test("the site's write token (sign-ups, submissions) reads no more than the public", async () => {
    const res = await fetch(`${URL_}/items/block_hero?filter[headline][_contains]=${stamp}`, {
      headers: { Authorization: `Bearer ${SITE}` },
    });
    assertNoHeadline(await res.text(), "site token block_hero");
    assert.equal(res.status, 403);
  });
});

describe("the preview token", () => {
  test("still reads a draft page's and a scheduled page's blocks", async () => {
    for (const name of ["draft", "scheduled"]) {
      const page = await sitePage(pagePaths[name], PREVIEW, previewVariables(pagePaths[name]));
      assert.deepEqual(
        page?.blocks.map((block) => block.item),
        [{ id: heroIds[name], headline: headlines[name] }],
        name,
      );
    }
  });
});
