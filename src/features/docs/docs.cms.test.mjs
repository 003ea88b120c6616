// Contract tests for the documentation collections (docs_sections, docs_pages). Their own
// Directus on port 8066 with a fresh data dir (cms/data-docs-test), so no other instance is touched.
//   PATH=node_modules/.bin:$PATH node --test src/features/docs/docs.cms.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { graphqlClient, startFreshCms, startRevalidateCatcher } from "../../../cms/test/support.mjs";
import { docsPages, docsSections } from "./cms/seed/docs.mjs";
import { apiReferenceDocument } from "./cms/seed/api-reference.mjs";
import { processApiDocument } from "../../../cms/extensions/api-reference/process.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8066 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-docs-test-pg" : "data-docs-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const SECRET = "docs-test-revalidate-secret";
const PREVIEW = process.env.DIRECTUS_PREVIEW_TOKEN ?? DEFAULTS.DIRECTUS_PREVIEW_TOKEN;
const ADMIN = process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN;
/** The site's read token: it fetches the uploads (the Public policy reads no files). */
const READ = process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN;

const PAGE_FIELDS = "id status slug title description body sort date_created date_updated section { id slug status } parent { id slug }";

let cms;
let site;
const gqlRaw = graphqlClient(URL_);

/** POST a GraphQL query that must succeed; returns its data. */
async function gql(query, options) {
  const json = await gqlRaw(query, options);
  assert.equal(json.errors, undefined, JSON.stringify(json.errors));
  return json.data;
}

/** `/docs/<section>/<parents…>/<slug>` of every page in `pages` (all of them must be given). */
function pathsOf(pages, sections) {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const sectionSlug = new Map(sections.map((s) => [s.id, s.slug]));
  const paths = new Map();
  for (const page of pages) {
    const segments = [];
    let current = page;
    for (let steps = 0; current && steps < 10; steps++) {
      segments.unshift(current.slug);
      current = current.parent ? byId.get(current.parent.id) : null;
    }
    paths.set(page.id, `/docs/${sectionSlug.get(page.section.id)}/${segments.join("/")}`);
  }
  return paths;
}

before(async () => {
  site = await startRevalidateCatcher();
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT, siteUrl: site.siteUrl, revalidateSecret: SECRET });
});

after(async () => {
  await cms?.stop();
  site?.close();
});

describe("seeded documentation", () => {
  test("has at least 30 published pages in at least 5 sections", async () => {
    const data = await gql('{ docs_sections(sort: ["sort"]) { id slug title icon } docs_pages_aggregated { countAll } }');
    assert.ok(data.docs_sections.length >= 5, `sections: ${data.docs_sections.length}`);
    assert.deepEqual(
      data.docs_sections.map((s) => s.slug),
      docsSections.map((s) => s.slug),
    );
    assert.ok(data.docs_pages_aggregated[0].countAll >= 30, `pages: ${data.docs_pages_aggregated[0].countAll}`);
  });

  test("sections list their top-level pages in order", async () => {
    const data = await gql(
      '{ docs_sections(sort: ["sort"]) { slug pages(filter: { parent: { id: { _null: true } } }, sort: ["sort"]) { slug sort children(sort: ["sort"]) { slug } } } }',
    );
    const gpu = data.docs_sections.find((s) => s.slug === "gpu-clusters");
    assert.equal(gpu.pages[0].slug, "create-a-cluster");
    assert.deepEqual(
      gpu.pages.find((p) => p.slug === "slurm").children.map((c) => c.slug),
      ["multi-node-jobs"],
    );
    for (const section of data.docs_sections) {
      const sorts = section.pages.map((p) => p.sort);
      assert.deepEqual(
        sorts,
        [...sorts].sort((a, b) => a - b),
        section.slug,
      );
    }
  });

  test("date_updated is set (to the seed's fixed dates) and date_created too", async () => {
    const data = await gql(`{ docs_pages(limit: -1) { ${PAGE_FIELDS} } docs_sections(limit: -1) { id slug } }`);
    const paths = pathsOf(data.docs_pages, data.docs_sections);
    const expected = new Map(docsPages.map((p) => [`/docs/${p.path}`, p.updated]));
    for (const page of data.docs_pages) {
      assert.ok(page.date_updated, `${page.slug} has no date_updated`);
      assert.ok(page.date_created, `${page.slug} has no date_created`);
      assert.equal(page.date_updated.slice(0, 10), expected.get(paths.get(page.id)), paths.get(page.id));
    }
  });

  test("every parent chain ends at a top-level page within 10 steps, in the same section", async () => {
    const data = await gql(`{ docs_pages(limit: -1) { ${PAGE_FIELDS} } }`);
    const byId = new Map(data.docs_pages.map((p) => [p.id, p]));
    let nested = 0;
    for (const page of data.docs_pages) {
      let current = page;
      let steps = 0;
      while (current.parent && steps < 10) {
        const parent = byId.get(current.parent.id);
        assert.ok(parent, `parent ${current.parent.id} of ${current.slug} is not published`);
        assert.equal(parent.section.id, page.section.id, `${page.slug}: parent in another section`);
        current = parent;
        steps++;
      }
      assert.equal(current.parent, null, `${page.slug}: no top-level page within 10 steps`);
      if (steps > 0) nested++;
    }
    assert.ok(nested >= 3, `nested pages: ${nested}`);
  });

  test("slugs are unique among siblings, so every URL resolves to one page", async () => {
    const data = await gql(`{ docs_pages(limit: -1) { ${PAGE_FIELDS} } docs_sections(limit: -1) { id slug } }`, { token: PREVIEW });
    const paths = [...pathsOf(data.docs_pages, data.docs_sections).values()];
    assert.equal(new Set(paths).size, paths.length);
  });

  test("links between published pages resolve, and referenced images exist", async () => {
    const data = await gql(`{ docs_pages(limit: -1) { ${PAGE_FIELDS} } docs_sections(limit: -1) { id slug } }`);
    const published = new Set(pathsOf(data.docs_pages, data.docs_sections).values());
    // The API reference's pages, from the seeded document as the CMS hook processes it.
    const { reference } = processApiDocument(apiReferenceDocument);
    published.add("/docs/api");
    for (const tag of reference.tags) published.add(`/docs/api/${tag.slug}`);
    for (const operation of reference.operations) published.add(`/docs/api/${operation.tagSlug}/${operation.slug}`);
    const images = new Set();
    for (const page of data.docs_pages) {
      for (const [, href] of page.body.matchAll(/\]\((\/docs\/[^)#\s]+)/g)) assert.ok(published.has(href), `${page.slug} links to ${href}`);
      for (const [, id] of page.body.matchAll(/\/assets\/([0-9a-f-]{36})/g)) images.add(id);
    }
    assert.ok(images.size >= 2, `images: ${images.size}`);
    for (const id of images) {
      const res = await fetch(`${URL_}/assets/${id}?width=640&format=webp`, { headers: { Authorization: `Bearer ${READ}` } });
      assert.equal(res.status, 200, id);
      await res.arrayBuffer();
    }
  });
});

describe("drafts never leak to anonymous readers", () => {
  test("anonymous GraphQL sees published pages only", async () => {
    const anon = await gql("{ docs_pages(limit: -1) { id slug status } docs_pages_aggregated { countAll } }");
    const preview = await gql(
      '{ docs_pages(limit: -1, filter: { status: { _eq: "draft" } }) { id slug } docs_pages_aggregated { countAll } }',
      { token: PREVIEW },
    );
    const drafts = docsPages.filter((p) => p.status === "draft");
    assert.ok(drafts.length >= 1);
    assert.ok(anon.docs_pages.every((p) => p.status === "published"));
    assert.equal(anon.docs_pages_aggregated[0].countAll, docsPages.length - drafts.length);
    assert.equal(preview.docs_pages.length, drafts.length);
    assert.equal(preview.docs_pages_aggregated[0].countAll, docsPages.length);
    const anonIds = new Set(anon.docs_pages.map((p) => p.id));
    for (const draft of preview.docs_pages) {
      assert.ok(!anonIds.has(draft.id), `draft ${draft.slug} visible`);
      // A draft by id is null (or a FORBIDDEN error, as for posts): never the page.
      const byId = await gqlRaw("query ($id: ID!) { docs_pages_by_id(id: $id) { id } }", { variables: { id: draft.id } });
      assert.equal(byId.data?.docs_pages_by_id ?? null, null);
      const bySlug = await gql("query ($s: String) { docs_pages(filter: { slug: { _eq: $s } }) { id } }", { variables: { s: draft.slug } });
      assert.deepEqual(bySlug.docs_pages, []);
    }
  });

  test("relations hide drafts too", async () => {
    const data = await gql("{ docs_sections { pages(limit: -1) { status } } }");
    const pages = data.docs_sections.flatMap((s) => s.pages);
    assert.ok(pages.length >= 30);
    assert.ok(pages.every((p) => p.status === "published"));
  });

  test("the preview token sees drafts with their bodies, read-only", async () => {
    const data = await gql('{ docs_pages(filter: { status: { _eq: "draft" } }) { slug body section { slug } } }', { token: PREVIEW });
    assert.ok(data.docs_pages.length >= 1);
    assert.ok(data.docs_pages.every((p) => p.body.length > 100 && p.section.slug));
    const res = await fetch(`${URL_}/items/docs_pages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${PREVIEW}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "nope", slug: "nope" }),
    });
    assert.equal(res.status, 403);
  });
});

describe("schema and revalidation", () => {
  test("the public schema has the docs fields", async () => {
    const data = await gql("{ __schema { types { name fields { name } } } }");
    const fields = (type) => data.__schema.types.find((t) => t.name === type)?.fields.map((f) => f.name) ?? [];
    for (const f of ["id", "status", "title", "slug", "description", "sort", "icon", "pages"])
      assert.ok(fields("docs_sections").includes(f), `docs_sections.${f}`);
    for (const f of [
      "id",
      "status",
      "section",
      "parent",
      "children",
      "sort",
      "slug",
      "title",
      "description",
      "body",
      "date_updated",
      "date_created",
    ]) {
      assert.ok(fields("docs_pages").includes(f), `docs_pages.${f}`);
    }
  });

  test("editing a docs page calls the site's webhook", async () => {
    const admin = createApi(URL_, ADMIN);
    const [page] = await admin("GET", "/items/docs_pages?limit=1&fields=id,title,date_updated");
    await admin("PATCH", `/items/docs_pages/${page.id}`, { title: page.title });
    await site.waitFor((call) => call.body?.collection === "docs_pages" && call.body.keys?.includes(String(page.id)));
    const [after] = await admin("GET", `/items/docs_pages?filter[id][_eq]=${page.id}&fields=date_updated`);
    assert.notEqual(after.date_updated, page.date_updated, "date_updated moves on edit");
  });
});
