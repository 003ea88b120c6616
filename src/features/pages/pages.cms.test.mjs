// Contract tests of pages built from blocks: every block type readable with the site's read token
// through the many-to-any union, drafts and scheduled items hidden by the permissions, block display windows,
// the computed page path (a cyclic parent refused), the pages under a page (what a child pages
// block lists), hero illustrations, shared sections, the menus and the project owner. Own Directus on port 8096 with a fresh data dir, on SQLite or (CMS_TEST_DB=pg) PostgreSQL.
//   PATH=node_modules/.bin:$PATH node --test src/features/pages/pages.cms.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { BLOCK_COLLECTIONS } from "../../../cms/scripts/setup.mjs";
import { blockSamples } from "../../../test/support/block-folders.ts";
import { childrenSelection } from "./blocks/child-pages/cms.mjs";
import { offSiteLocations, staysOnSite } from "../../../test/support/hostile-locations.ts";
import { eventually, graphqlClient, startFreshCms, startRevalidateCatcher } from "../../../cms/test/support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8096 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-pages-test-pg" : "data-pages-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const ADMIN = process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN;
const PREVIEW = process.env.DIRECTUS_PREVIEW_TOKEN ?? DEFAULTS.DIRECTUS_PREVIEW_TOKEN;
/** The site's read token: the Public policy reads no blocks (public-access.test.mjs). */
const READ = process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN;

let cms;
let catcher;
const admin = createApi(URL_, ADMIN);
const gql = graphqlClient(URL_);
const stamp = Date.now().toString(36);
const inSeconds = (s) => new Date(Date.now() + s * 1000).toISOString();

/** Data of each block type (its folder's sample, src/features/pages/blocks/<block>/cms.mjs). */
const sampleBlocks = blockSamples({ stamp });

/** The page's placements as the site's read token (or `token`) sees them: collection → item. */
const pageQuery = (path) => `{
  pages(filter: { path: { _eq: "${path}" } }) {
    id path
    blocks(sort: ["sort"]) {
      collection anchor
      item { ${[...BLOCK_COLLECTIONS, "sections"].map((c) => `... on ${c} { id }`).join(" ")} }
    }
  }
}`;

async function readPage(path, token = READ) {
  const answer = await gql(pageQuery(path), { token });
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return answer.data.pages[0] ?? null;
}

const placement = (collection, fields, extra = {}) => ({ collection, item: { status: "published", ...fields }, ...extra });

async function createPage(fields) {
  return admin("POST", "/items/pages", { status: "published", title: fields.slug, ...fields });
}

before(async () => {
  catcher = await startRevalidateCatcher();
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT, siteUrl: catcher.siteUrl });
});

after(async () => {
  await cms?.stop();
  catcher?.close();
});

describe("blocks through the many-to-any union", () => {
  test("a page with every block type and a section: the site's read token gets every item as an object", async () => {
    const section = await admin("POST", "/items/sections", {
      status: "published",
      name: `Shared ${stamp}`,
      blocks: [placement("block_cta", { title: "Inside the section" })],
    });
    const page = await createPage({
      slug: `every-block-${stamp}`,
      blocks: [
        ...BLOCK_COLLECTIONS.map((collection) => placement(collection, sampleBlocks.get(collection).item)),
        { collection: "sections", item: String(section.id) },
      ],
    });
    const read = await readPage(page.path);
    assert.deepEqual(
      read.blocks.map((block) => block.collection),
      [...BLOCK_COLLECTIONS, "sections"],
    );
    for (const block of read.blocks) {
      // A role that cannot read every allowed collection gets `item` as a bare id string.
      assert.equal(typeof block.item, "object", `${block.collection}: ${JSON.stringify(block.item)}`);
      assert.ok(block.item?.id, `${block.collection} is readable`);
    }
  });
});

describe("drafts and schedules", () => {
  test("a draft page is hidden from the site's reads, the preview token sees it", async () => {
    const page = await createPage({ slug: `draft-${stamp}`, status: "draft" });
    assert.equal(await readPage(page.path), null);
    assert.equal((await readPage(page.path, PREVIEW))?.id, String(page.id));
  });

  test("a draft block on a published page comes back null for the site's reads, not for a preview", async () => {
    const page = await createPage({
      slug: `draft-block-${stamp}`,
      blocks: [placement("block_quote", { quote: "Public" }), { collection: "block_quote", item: { status: "draft", quote: "Not yet" } }],
    });
    const publicItems = (await readPage(page.path)).blocks.map((block) => block.item);
    assert.equal(publicItems.filter(Boolean).length, 1);
    const previewItems = (await readPage(page.path, PREVIEW)).blocks.map((block) => block.item);
    assert.equal(previewItems.filter(Boolean).length, 2);
  });

  test("a scheduled page appears by itself when its publish time comes", async () => {
    const page = await createPage({ slug: `scheduled-${stamp}`, publish_at: inSeconds(4) });
    assert.equal(await readPage(page.path), null);
    await eventually(async () => (await readPage(page.path)) !== null, { what: "scheduled page visible" });
  });

  test("a block placement shows inside its window only: show_from opens it, show_until closes it", async () => {
    const page = await createPage({
      slug: `window-${stamp}`,
      blocks: [
        placement("block_stats", { title: "Later" }, { show_from: inSeconds(4) }),
        placement("block_stats", { title: "Until soon" }, { show_until: inSeconds(4) }),
      ],
    });
    const count = async () => (await readPage(page.path)).blocks.length;
    assert.equal(await count(), 1);
    const [later, leaving] = (await readPage(page.path, PREVIEW)).blocks;
    assert.ok(later && leaving);
    await eventually(
      async () => {
        const blocks = (await readPage(page.path)).blocks;
        return blocks.length === 1 && blocks[0].item.id === later.item.id;
      },
      { what: "show_from block in, show_until block out" },
    );
  });
});

describe("page paths", () => {
  test("the path is computed from the parent chain and follows a parent's new slug", async () => {
    const parent = await createPage({ slug: `parent-${stamp}` });
    const child = await createPage({ slug: "child", parent: parent.id });
    assert.equal(parent.path, `/parent-${stamp}`);
    assert.equal(child.path, `/parent-${stamp}/child`);
    await admin("PATCH", `/items/pages/${parent.id}`, { slug: `moved-${stamp}` });
    await eventually(async () => (await admin("GET", `/items/pages/${child.id}?fields=path`)).path === `/moved-${stamp}/child`, {
      what: "child path follows",
    });
  });

  test("the pages list shows a page's parent by its title, not its id", async () => {
    const { meta } = await admin("GET", "/fields/pages/parent");
    assert.equal(meta.display, "related-values");
    assert.equal(meta.display_options?.template, "{{title}}");
    // The dropdown that picks a parent names pages the same way.
    assert.equal(meta.options?.template, "{{title}}");
  });

  test("a cyclic parent chain is refused with a message for the editor, and nothing changes", async () => {
    const a = await createPage({ slug: `cycle-a-${stamp}` });
    const b = await createPage({ slug: "cycle-b", parent: a.id });
    await assert.rejects(admin("PATCH", `/items/pages/${a.id}`, { parent: b.id }), (error) => {
      assert.equal(error.status, 400);
      assert.match(error.message, /cannot sit under itself/);
      return true;
    });
    assert.equal((await admin("GET", `/items/pages/${a.id}?fields=parent,path`)).parent, null);
  });

  test("a slug that is not URL-safe is refused", async () => {
    await assert.rejects(createPage({ slug: "Not A Slug" }), (error) => error.status === 400 && /lower-case letters/.test(error.message));
  });

  test("two pages cannot share a path", async () => {
    await createPage({ slug: `twin-${stamp}` });
    await assert.rejects(createPage({ slug: `twin-${stamp}` }), (error) => error.status === 400);
  });
});

describe("child pages", () => {
  /** The pages under `path` as the site's page query reads them (the same selection), with the site's variables. */
  async function childrenOf(path, token = READ, status = ["published"]) {
    const answer = await gql(
      `query Children($path: String!, $status: [String], $now: String) { pages(filter: { path: { _eq: $path } }) { ${childrenSelection} } }`,
      { token, variables: { path, status, now: new Date().toISOString() } },
    );
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    return answer.data.pages[0]?.children.map((child) => child.path) ?? null;
  }

  test("a page's children are the published pages under it, in the editors' order; one published or scheduled later joins by itself", async () => {
    const parent = await createPage({ slug: `listing-${stamp}`, blocks: [placement("block_child_pages", { title: `Under ${stamp}` })] });
    const second = await createPage({ slug: "second", parent: parent.id, sort: 2, seo_description: "The second." });
    const first = await createPage({ slug: "first", parent: parent.id, sort: 1 });
    const draft = await createPage({ slug: "draft", parent: parent.id, sort: 3, status: "draft" });
    const scheduled = await createPage({ slug: "scheduled", parent: parent.id, sort: 4, publish_at: inSeconds(8) });
    assert.deepEqual(await childrenOf(parent.path), [first.path, second.path]);
    // What a card shows: the page's title and description, readable with the site's token.
    const answer = await gql(`{ pages(filter: { id: { _eq: ${second.id} } }) { title seo_description sort } }`, { token: READ });
    assert.deepEqual(answer.data.pages[0], { title: "second", seo_description: "The second.", sort: 2 });
    // An editor's preview lists the draft too, where it will stand.
    assert.deepEqual(await childrenOf(parent.path, PREVIEW, ["published", "draft"]), [first.path, second.path, draft.path]);
    // A draft stays out of the site's reads even when asked for: the permissions, not only the filter.
    assert.deepEqual(await childrenOf(parent.path, READ, ["published", "draft"]), [first.path, second.path]);
    await eventually(async () => String(await childrenOf(parent.path)) === String([first.path, second.path, scheduled.path]), {
      what: "scheduled child listed",
    });
    await admin("PATCH", `/items/pages/${draft.id}`, { status: "published" });
    assert.deepEqual(await childrenOf(parent.path), [first.path, second.path, draft.path, scheduled.path]);
  });

  test("a page added under another without a position is listed too, its position empty (the site puts it after the ordered ones)", async () => {
    const parent = await createPage({ slug: `unsorted-${stamp}` });
    const placed = await createPage({ slug: "placed", parent: parent.id, sort: 1 });
    const unplaced = await createPage({ slug: "unplaced", parent: parent.id });
    const paths = await childrenOf(parent.path);
    assert.deepEqual([...paths].sort(), [placed.path, unplaced.path].sort());
    assert.equal((await admin("GET", `/items/pages/${unplaced.id}?fields=sort`)).sort, null);
  });

  test("editors order the pages under a page by dragging them in its list: the relation sorts by the pages' sort field", async () => {
    const relation = await admin("GET", "/relations/pages/parent");
    assert.equal(relation.meta.one_field, "children");
    assert.equal(relation.meta.sort_field, "sort");
    const { meta } = await admin("GET", "/fields/pages/sort");
    assert.equal(meta.hidden, true);
  });

  test("the seeded /solutions lists its pages from the CMS, not from links typed into a block", async () => {
    const answer = await gql(
      `{ pages(filter: { path: { _eq: "/solutions" } }) { blocks { collection item { ... on block_child_pages { title } ... on block_feature_grid { id } } } } }`,
      { token: READ },
    );
    const collections = answer.data.pages[0].blocks.map((block) => block.collection);
    assert.ok(collections.includes("block_child_pages"), String(collections));
    assert.ok(!collections.includes("block_feature_grid"), String(collections));
    assert.deepEqual(await childrenOf("/solutions"), ["/solutions/model-training", "/solutions/inference-at-scale"]);
  });
});

describe("hero illustrations", () => {
  test("the seeded heroes of the main, products, solutions and contact pages each draw another illustration", async () => {
    const answer = await gql(
      `{ pages(filter: { path: { _in: ["/", "/products", "/solutions", "/contact-sales"] } }, sort: ["path"]) { path blocks { item { ... on block_hero { illustration } } } } }`,
      { token: READ },
    );
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    const chosen = answer.data.pages.map((page) => page.blocks.find((block) => block.item?.illustration)?.item.illustration);
    assert.equal(chosen.length, 4);
    assert.equal(new Set(chosen).size, 4, String(chosen));
  });

  test("a hero saved without a choice gets the default the site draws", async () => {
    const page = await createPage({ slug: `plain-hero-${stamp}`, blocks: [placement("block_hero", { headline: "Plain" })] });
    const answer = await gql(`{ pages(filter: { id: { _eq: ${page.id} } }) { blocks { item { ... on block_hero { illustration } } } } }`, {
      token: READ,
    });
    assert.equal(answer.data.pages[0].blocks[0].item.illustration, "stack");
  });
});

describe("sections", () => {
  test("a section edited once changes every page that shows it, and the site is told", async () => {
    const section = await admin("POST", "/items/sections", {
      status: "published",
      name: `Reused ${stamp}`,
      blocks: [placement("block_cta", { title: "Before" })],
    });
    const first = await createPage({ slug: `uses-section-1-${stamp}`, blocks: [{ collection: "sections", item: String(section.id) }] });
    const second = await createPage({ slug: `uses-section-2-${stamp}`, blocks: [{ collection: "sections", item: String(section.id) }] });
    const cta = (await admin("GET", `/items/sections_blocks?filter[sections_id][_eq]=${section.id}&fields=item`))[0].item;
    await admin("PATCH", `/items/block_cta/${cta}`, { title: `After ${stamp}` });
    const query = (path) =>
      `{ pages(filter: { path: { _eq: "${path}" } }) { blocks { item { ... on sections { blocks { item { ... on block_cta { title } } } } } } } }`;
    for (const page of [first, second]) {
      const answer = await gql(query(page.path), { token: READ });
      assert.equal(answer.data.pages[0].blocks[0].item.blocks[0].item.title, `After ${stamp}`);
    }
    await catcher.waitFor((call) => call.body?.collection === "block_cta" && call.body.keys.includes(String(cta)));
  });
});

describe("redirects", () => {
  const redirectsTo = (filter) =>
    admin(
      "GET",
      `/items/redirects?fields=source,match,status_code,target,target_page,target_post,origin&sort=id&filter=${encodeURIComponent(JSON.stringify(filter))}`,
    );
  /** The save is refused with a 400 whose message (what the admin shows the editor) matches `pattern`; nothing is stored. */
  async function refused(redirect, pattern) {
    const before = (await admin("GET", "/items/redirects?aggregate[count]=id"))[0].count.id;
    await assert.rejects(admin("POST", "/items/redirects", redirect), (error) => error.status === 400 && pattern.test(error.message));
    assert.equal((await admin("GET", "/items/redirects?aggregate[count]=id"))[0].count.id, before);
  }

  test("a page that moves leaves a 308 from its old address, and its children's, to the page itself", async () => {
    const parent = await createPage({ slug: `relocating-${stamp}` });
    const child = await createPage({ slug: "child", parent: parent.id });
    catcher.calls.length = 0;
    await admin("PATCH", `/items/pages/${parent.id}`, { slug: `relocated-${stamp}` });
    const made = await redirectsTo({ target_page: { _in: [parent.id, child.id] } });
    assert.deepEqual(
      made.map((r) => [r.source, r.target_page, r.status_code, r.origin]),
      [
        [`/relocating-${stamp}`, parent.id, 308, "automatic"],
        [`/relocating-${stamp}/child`, child.id, 308, "automatic"],
      ],
    );
    // The site hears of the page (its map follows pages too).
    await catcher.waitFor((call) => call.body?.collection === "pages");
    // The pages under a moved page follow it after the save (an action flow): as an editor would,
    // move it back once they have.
    const childPath = async () => (await admin("GET", `/items/pages/${child.id}?fields=path`)).path;
    await eventually(async () => (await childPath()) === `/relocated-${stamp}/child`, { what: "child path follows" });
    // Moving back: the address is a page's again, so its automatic redirect goes.
    await admin("PATCH", `/items/pages/${parent.id}`, { slug: `relocating-${stamp}` });
    const expected = [`/relocated-${stamp}`, `/relocated-${stamp}/child`];
    const sources = async () => (await redirectsTo({ target_page: { _in: [parent.id, child.id] } })).map((r) => r.source).sort();
    await eventually(async () => (await childPath()) === `/relocating-${stamp}/child` && String(await sources()) === String(expected), {
      what: "child path and redirects follow back",
    }).catch(() => {});
    assert.deepEqual(await sources(), expected);
  });

  test("a post whose slug changes leaves a 308 from its old address to the post; a taken slug is refused", async () => {
    const post = await admin("POST", "/items/posts", {
      status: "published",
      title: `Renamed ${stamp}`,
      slug: `renamed-${stamp}`,
      published_at: new Date().toISOString(),
    });
    await admin("PATCH", `/items/posts/${post.id}`, { slug: `renamed-again-${stamp}` });
    assert.deepEqual(
      (await redirectsTo({ target_post: { _eq: post.id } })).map((r) => [r.source, r.status_code, r.origin]),
      [[`/blog/renamed-${stamp}`, 308, "automatic"]],
    );
    const [other] = await admin("GET", "/items/posts?limit=1&fields=slug&filter[slug][_neq]=" + `renamed-again-${stamp}`);
    await assert.rejects(
      admin("PATCH", `/items/posts/${post.id}`, { slug: other.slug }),
      (error) => error.status === 400 && /already has the slug/.test(error.message),
    );
    assert.equal((await admin("GET", `/items/posts/${post.id}?fields=slug`)).slug, `renamed-again-${stamp}`);
  });

  test("a loop (also after the site's own normalisation), a chain, an open redirect, a catastrophic or look-around pattern are refused with a message for the editor", async () => {
    await admin("POST", "/items/redirects", { source: `/r-a-${stamp}`, target: `/r-b-${stamp}` });
    await refused({ source: `/r-b-${stamp}`, target: `/r-a-${stamp}` }, /loop/);
    await refused({ source: `/r-c-${stamp}`, target: `/r-a-${stamp}` }, /chain/);
    await refused({ source: `/r-d-${stamp}`, match: "prefix", target: `/r-d-${stamp}/v2` }, /loop/);
    await refused({ source: `/r-e-${stamp}`, target: "https://evil.example/login" }, /"evil.example" is not allowed/);
    await refused({ source: `/r-f-${stamp}`, target: "//evil.example/login" }, /must start with one/);
    await refused({ source: "^/(a+)+$", match: "regex", target: "/x" }, /repeats a group/);
    await refused({ source: "/api/search", target: "/x" }, /own addresses/);
    // Loops as the site sees them: it drops a trailing slash and decodes escapes before matching.
    await refused({ source: `/r-j-${stamp}`, target: `/r-j-${stamp}/` }, /loop/);
    await refused({ source: `/r-k-${stamp}`, target: `/%72-k-${stamp}` }, /loop/);
    // The site matches patterns in linear time (RE2), which has no look-around.
    await refused({ source: "/r-m/(?!admin).*", match: "regex", target: "/x" }, /look-ahead/);
    // A capture may not name the host.
    await refused({ source: "/r-n/(.*)", match: "regex", target: "https://$1/" }, /not allowed|neither a path/);
    // The allowed host is fine, and so is a pattern without nested repetition, and a prefix
    // moved to the root (what follows the prefix can never make it leave the site).
    await admin("POST", "/items/redirects", { source: `/r-l-${stamp}`, match: "prefix", target: "/" });
    await admin("POST", "/items/redirects", { source: `/r-o-${stamp}/(.*)`, match: "regex", target: "/$1" });
    await admin("POST", "/items/redirects", { source: `/r-g-${stamp}`, target: "https://status.meridian.example/" });
    await admin("POST", "/items/redirects", { source: `/r-h-${stamp}/(\\d+)`, match: "regex", target: "/blog/$1" });
  });

  test("no generated spelling of another host is saved as a target, as a literal or through a capture", async () => {
    // The spellings that do lead a browser away, every seventh of them (the save runs a flow each time).
    const leaving = offSiteLocations().filter((location) => !staysOnSite(location, ["status.meridian.example"]));
    const sample = leaving.filter((_, index) => index % 7 === 0);
    assert.ok(sample.length > 50, `${sample.length} hostile targets`);
    const saved = [];
    for (const [index, target] of sample.entries()) {
      const attempt = admin("POST", "/items/redirects", { source: `/r-hostile-${stamp}-${index}`, target });
      await attempt.then(
        () => saved.push(target),
        (error) => assert.equal(error.status, 400, `${JSON.stringify(target)}: ${error.message}`),
      );
    }
    assert.deepEqual(saved, []);
  });

  test("anonymous readers see active redirects without editors' notes; the site is told of a change", async () => {
    catcher.calls.length = 0;
    const active = await admin("POST", "/items/redirects", { source: `/r-public-${stamp}`, target: "/pricing", note: "internal" });
    await admin("POST", "/items/redirects", { source: `/r-off-${stamp}`, target: "/pricing", active: false });
    await catcher.waitFor((call) => call.body?.collection === "redirects" && call.body.keys.includes(String(active.id)));
    const answer = await gql(`{ redirects(filter: { source: { _starts_with: "/r-" } }) { source } }`);
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    const sources = answer.data.redirects.map((r) => r.source);
    assert.ok(sources.includes(`/r-public-${stamp}`));
    assert.ok(!sources.includes(`/r-off-${stamp}`));
    const note = await gql(`{ redirects { note } }`);
    assert.ok(note.errors?.length, "note is not public");
  });

  test("import and export as CSV, through the same checks", async () => {
    const importCsv = async (csv) => {
      const form = new FormData();
      form.append("file", new Blob([csv], { type: "text/csv" }), "redirects.csv");
      return admin("POST", "/utils/import/redirects", form);
    };
    const good = `source,match,status_code,target\n/csv-one-${stamp},exact,308,/pricing\n/csv-two-${stamp},prefix,301,/docs\n`;
    await importCsv(good);
    const imported = await redirectsTo({ source: { _in: [`/csv-one-${stamp}`, `/csv-two-${stamp}`] } });
    assert.deepEqual(
      imported.map((r) => [r.source, r.match, r.status_code, r.target]),
      [
        [`/csv-one-${stamp}`, "exact", 308, "/pricing"],
        [`/csv-two-${stamp}`, "prefix", 301, "/docs"],
      ],
    );
    // One bad row refuses the file: nothing of it is stored.
    const bad = `source,match,status_code,target\n/csv-three-${stamp},exact,308,/pricing\n/csv-four-${stamp},exact,308,https://evil.example/\n`;
    await assert.rejects(importCsv(bad), (error) => error.status === 400 && /not allowed/.test(error.message));
    assert.equal((await redirectsTo({ source: { _eq: `/csv-three-${stamp}` } })).length, 0);
    const response = await fetch(`${URL_}/items/redirects?export=csv&fields=source,target&filter[source][_starts_with]=/csv-one-${stamp}`, {
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    const csv = await response.text();
    assert.match(response.headers.get("content-type") ?? "", /text\/csv/);
    assert.match(csv, new RegExp(`"?/csv-one-${stamp}"?,"?/pricing"?`));
  });
});

describe("menus and settings", () => {
  test("menu items are public; an item's draft page is not", async () => {
    const draft = await createPage({ slug: `menu-draft-${stamp}`, status: "draft" });
    const live = await createPage({ slug: `menu-live-${stamp}` });
    await admin("POST", "/items/navigation", {
      key: `test-${stamp}`,
      items: [
        { kind: "page", page: live.id, sort: 1 },
        { kind: "page", page: draft.id, sort: 2 },
      ],
    });
    const answer = await gql(`{ navigation_by_id(id: "test-${stamp}") { items(sort: ["sort"]) { kind page { path } } } }`);
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    assert.deepEqual(
      answer.data.navigation_by_id.items.map((item) => item.page?.path ?? null),
      [live.path, null],
    );
  });

  test("the seeded menus link to seeded pages", async () => {
    const answer = await gql(`{ navigation { key items { label page { path } } } }`);
    const header = answer.data.navigation.find((menu) => menu.key === "header");
    assert.ok(header.items.some((item) => item.page?.path === "/products"));
  });

  test("the local admin is the project owner, so the admin app opens without the owner dialog", async () => {
    const settings = await admin("GET", "/settings?fields=project_owner");
    assert.equal(settings.project_owner, DEFAULTS.DIRECTUS_ADMIN_EMAIL);
  });
});
