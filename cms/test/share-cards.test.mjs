// Share cards against a real Directus: a published docs page, changelog entry, post, page, event
// or role gets its card (a 1280×640 PNG in directus_files, linked from `share_card`, readable with
// the site's read token), an edit of its title draws a new card and deletes the old one, an
// editor's `share_image` is kept, the API reference's operations get theirs (an earlier version's
// too), a deleted item's card is deleted, and a published item without a card gets one when
// Directus starts. Its own Directus on port 8198 (8218 on
// PostgreSQL, where the start test is skipped) with a fresh data dir (cms/data-share-cards-test).
//   PATH=node_modules/.bin:$PATH node --test cms/test/share-cards.test.mjs
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi, dbConfig, startCms } from "../scripts/lib.mjs";
import { eventually, graphqlClient, startFreshCms } from "./support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8198 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-share-cards-test-pg" : "data-share-cards-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const admin = createApi(URL_, process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN);
// The token the site reads content and files with (its /_next/image sends it to /assets).
const readToken = process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN;
const gql = graphqlClient(URL_);

let cms;

before(async () => {
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT });
});

after(async () => {
  await cms?.stop();
});

/** The item's card once the hook has linked one (other than `previous`). */
async function cardOf(collection, id, previous = null) {
  let card = null;
  await eventually(
    async () => {
      card = (await admin("GET", `/items/${collection}/${id}?fields=share_card`)).share_card;
      return card !== null && card !== previous;
    },
    { what: `a share card for ${collection} ${id}` },
  );
  return card;
}

/** The card's file as the site reads it, with its bytes' PNG size. */
async function cardFile(fileId) {
  const file = await admin("GET", `/files/${fileId}?fields=type,width,height`);
  const response = await fetch(`${URL_}/assets/${fileId}`, { headers: { Authorization: `Bearer ${readToken}` } });
  assert.equal(response.status, 200);
  const bytes = Buffer.from(await response.arrayBuffer());
  assert.equal(bytes.subarray(1, 4).toString("ascii"), "PNG");
  return { ...file, png: { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }, bytes };
}

describe("share cards", () => {
  test("a published docs page gets its card; a new title draws a new one and the old file is deleted", async () => {
    const [section] = await admin("GET", "/items/docs_sections?limit=1&fields=id");
    const slug = `card-${randomUUID().slice(0, 8)}`;
    const page = await admin("POST", "/items/docs_pages", {
      status: "published",
      title: "Share cards for every page",
      slug,
      section: section.id,
      body: "Text.",
    });
    const first = await cardOf("docs_pages", page.id);
    const drawn = await cardFile(first);
    assert.deepEqual({ type: drawn.type, width: drawn.width, height: drawn.height }, { type: "image/png", width: 1280, height: 640 });
    assert.deepEqual(drawn.png, { width: 1280, height: 640 });

    // The site's query sees the card with its size.
    const json = await gql(`{ docs_pages(filter: { slug: { _eq: "${slug}" } }) { share_card { id width height } share_image { id } } }`, {
      token: readToken,
    });
    assert.equal(json.errors, undefined, JSON.stringify(json.errors));
    assert.deepEqual(json.data.docs_pages[0], { share_card: { id: first, width: 1280, height: 640 }, share_image: null });

    const edited = await admin("PATCH", `/items/docs_pages/${page.id}`, { title: "Share cards, drawn again after an edit" });
    const second = await cardOf("docs_pages", page.id, first);
    // A card drawn is no edit: the page keeps the time its editor changed it ("Updated …", lastmod).
    assert.ok(edited.date_updated);
    assert.equal((await admin("GET", `/items/docs_pages/${page.id}?fields=date_updated`)).date_updated, edited.date_updated);
    assert.notDeepEqual((await cardFile(second)).bytes, drawn.bytes);
    await eventually(async () => (await admin("GET", `/files?filter[id][_eq]=${first}&fields=id`)).length === 0, {
      what: "the previous card deleted",
    });
  });

  test("a published post and a published CMS page get their cards", async () => {
    const suffix = randomUUID().slice(0, 8);
    const post = await admin("POST", "/items/posts", {
      status: "published",
      published_at: new Date().toISOString(),
      title: "Share cards for posts without a cover",
      slug: `card-${suffix}`,
      body: "<p>Text.</p>",
    });
    const page = await admin("POST", "/items/pages", { status: "published", title: "Share cards for pages", slug: `card-${suffix}` });
    for (const [collection, id] of [
      ["posts", post.id],
      ["pages", page.id],
    ]) {
      assert.deepEqual((await cardFile(await cardOf(collection, id))).png, { width: 1280, height: 640 });
    }
  });

  test("a published event and a published role get their cards", async () => {
    const suffix = randomUUID().slice(0, 8);
    const event = await admin("POST", "/items/events", {
      status: "published",
      title: "Share cards at the summit",
      slug: `card-${suffix}`,
      start_at: "2099-06-16T08:00:00.000Z",
      end_at: "2099-06-16T17:00:00.000Z",
      online: true,
    });
    const job = await admin("POST", "/items/jobs", {
      status: "published",
      role: "Share Card Engineer",
      slug: `card-${suffix}`,
      department: "Engineering",
      location: "Remote (EU)",
    });
    for (const [collection, id] of [
      ["events", event.id],
      ["jobs", job.id],
    ]) {
      assert.deepEqual((await cardFile(await cardOf(collection, id))).png, { width: 1280, height: 640 });
    }
  });

  test("the API reference gets one card per operation; a save redraws only the operations it changed", async () => {
    let stored;
    await eventually(
      async () => {
        stored = await admin("GET", "/items/api_reference?fields=source,reference,share_cards");
        const ids = stored.reference?.operations?.map((operation) => operation.id) ?? [];
        return ids.length > 0 && ids.every((id) => stored.share_cards?.[id]?.file);
      },
      { what: "a card for every operation" },
    );
    const [first, second] = stored.reference.operations;
    assert.deepEqual((await cardFile(stored.share_cards[first.id].file)).png, { width: 1280, height: 640 });

    const renamed = `${first.summary} again`;
    assert.ok(stored.source.includes(first.summary), "the summary is in the source as written");
    await admin("PATCH", "/items/api_reference", { source: stored.source.replace(first.summary, renamed) });
    let after;
    await eventually(
      async () => {
        after = (await admin("GET", "/items/api_reference?fields=share_cards")).share_cards;
        return after?.[first.id]?.file && after[first.id].file !== stored.share_cards[first.id].file;
      },
      { what: "the renamed operation's new card" },
    );
    assert.equal(after[second.id].file, stored.share_cards[second.id].file, "an unchanged operation keeps its card");
    // The replaced card's file is deleted after the new one is linked: wait for it, as for a docs page.
    await eventually(
      async () => (await admin("GET", `/files?filter[id][_eq]=${stored.share_cards[first.id].file}&fields=id`)).length === 0,
      { what: "the renamed operation's previous card deleted" },
    );
  });

  test("a published earlier API version gets its own operation cards, named with the version", async () => {
    let version;
    await eventually(
      async () => {
        [version] = await admin(
          "GET",
          "/items/api_reference_versions?filter[status][_eq]=published&limit=1&fields=id,version,reference,share_cards",
        );
        const ids = version?.reference?.operations?.map((operation) => operation.id) ?? [];
        return ids.length > 0 && ids.every((id) => version.share_cards?.[id]?.file);
      },
      { what: "a card for every operation of the earlier version" },
    );
    const [operation] = version.reference.operations;
    const entry = version.share_cards[operation.id];
    assert.ok(entry.drawn.startsWith(`${version.version} `), entry.drawn);
    const file = await admin("GET", `/files/${entry.file}?fields=filename_download`);
    assert.equal(file.filename_download, `share-card-api-${version.version}-${operation.id}.png`);
    assert.deepEqual((await cardFile(entry.file)).png, { width: 1280, height: 640 });
    // The latest's cards are other files.
    const latest = (await admin("GET", "/items/api_reference?fields=share_cards")).share_cards;
    if (latest?.[operation.id]) assert.notEqual(latest[operation.id].file, entry.file);
  });

  test("deleting an item deletes its card", async () => {
    const post = await admin("POST", "/items/posts", {
      status: "published",
      published_at: new Date().toISOString(),
      title: "A post that will be deleted",
      slug: `card-${randomUUID().slice(0, 8)}`,
      body: "<p>Text.</p>",
    });
    const card = await cardOf("posts", post.id);
    await admin("DELETE", `/items/posts/${post.id}`);
    await eventually(async () => (await admin("GET", `/files?filter[id][_eq]=${card}&fields=id`)).length === 0, {
      what: "the deleted post's card file gone",
    });
  });

  const sqlite = dbConfig({ dataDir: DATA_DIR, port: PORT });
  const onPostgres = sqlite.client !== "sqlite3" && "the test empties a field in the SQLite file";
  test("when Directus starts, a published item without a card gets one", { skip: onPostgres }, async () => {
    const [page] = await admin("GET", "/items/docs_pages?filter[status][_eq]=published&filter[share_card][_nnull]=true&limit=1&fields=id");
    // Emptied in the database while Directus is down, with no item event: like an item published
    // before the hook existed.
    await cms.stop();
    const db = new DatabaseSync(sqlite.filename);
    db.prepare("UPDATE docs_pages SET share_card = NULL WHERE id = ?").run(page.id);
    db.close();
    cms = await startCms({ dataDir: DATA_DIR, port: PORT });
    assert.deepEqual((await cardFile(await cardOf("docs_pages", page.id))).png, { width: 1280, height: 640 });
  });

  test("a published changelog entry gets its card, and an editor's own image is kept beside it", async () => {
    const own = await admin("GET", "/files?limit=1&fields=id&filter[type][_starts_with]=image");
    const entry = await admin("POST", "/items/changelog_entries", {
      status: "published",
      published_at: new Date().toISOString(),
      title: "Share cards for changelog entries",
      slug: `card-${randomUUID().slice(0, 8)}`,
      kind: "new",
      products: ["GPU Clusters"],
      body: "Text.",
      share_image: own[0].id,
    });
    const card = await cardOf("changelog_entries", entry.id);
    assert.deepEqual((await cardFile(card)).png, { width: 1280, height: 640 });
    const stored = await admin("GET", `/items/changelog_entries/${entry.id}?fields=share_image,share_card`);
    assert.deepEqual(stored, { share_image: own[0].id, share_card: card });
  });
});
