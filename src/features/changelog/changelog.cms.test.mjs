// Contract tests for the changelog (`changelog_entries` and its docs pages) and page feedback
// (`docs_feedback`) against a real Directus: the seeded entries as anonymous readers see them, a
// scheduled entry appearing by itself, drafts hidden everywhere, comments stored by the site's
// token only. Its own Directus on port 8146 (8166 on PostgreSQL) with a fresh data dir
// (cms/data-changelog-test).
//   PATH=node_modules/.bin:$PATH node --test src/features/changelog/changelog.cms.test.mjs
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { changelogEntries } from "./cms/seed.mjs";
import { eventually, graphqlClient, startFreshCms, startRevalidateCatcher } from "../../../cms/test/support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8146 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-changelog-test-pg" : "data-changelog-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const SECRET = "changelog-test-revalidate-secret";
const admin = createApi(URL_, process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const siteToken = process.env.DIRECTUS_SITE_TOKEN ?? DEFAULTS.DIRECTUS_SITE_TOKEN;
const site = createApi(URL_, siteToken);
const gql = graphqlClient(URL_);

let cms;
let webhook;

/** The entries an anonymous reader (the site's public queries) sees, newest first. */
async function publicEntries() {
  const json = await gql(
    `{ changelog_entries(sort: ["-published_at"], limit: -1) { slug title kind products published_at operations docs_pages { docs_pages_id { id slug } } } }`,
  );
  assert.equal(json.errors, undefined, JSON.stringify(json.errors));
  return json.data.changelog_entries;
}

before(async () => {
  webhook = await startRevalidateCatcher();
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT, siteUrl: webhook.siteUrl, revalidateSecret: SECRET });
});

after(async () => {
  await cms?.stop();
  webhook?.close();
});

describe("changelog entries", () => {
  test("the seeded entries are public once published and dated, with their products, operations and docs pages", async () => {
    const entries = await publicEntries();
    const live = changelogEntries.filter((entry) => (entry.status ?? "published") === "published" && entry.daysAgo >= 0);
    assert.ok(live.length >= 10, `the seed has ${live.length} live entries`);
    // Newest first: two live entries of one date would have no order of their own (PostgreSQL and
    // SQLite break the tie differently).
    assert.equal(new Set(live.map((entry) => entry.daysAgo)).size, live.length, "two live seed entries share a date");
    assert.deepEqual(
      entries.map((entry) => entry.slug),
      [...live].sort((a, b) => a.daysAgo - b.daysAgo).map((entry) => entry.slug),
    );
    const b200 = entries.find((entry) => entry.slug === "b200-reserved-clusters");
    assert.equal(b200.kind, "new");
    assert.deepEqual(b200.products, ["GPU Clusters"]);
    assert.deepEqual(b200.operations, ["createCluster"]);
    assert.deepEqual(b200.docs_pages.map((link) => link.docs_pages_id.slug).sort(), ["instance-types", "spot-and-reserved"]);
    for (const entry of entries) assert.ok(["new", "improved", "fixed", "deprecated"].includes(entry.kind), entry.slug);
  });

  test("a draft never appears publicly: not in lists, by id, in counts or through its docs pages", async () => {
    const draft = changelogEntries.find((entry) => entry.status === "draft");
    const [row] = await admin("GET", `/items/changelog_entries?filter[slug][_eq]=${draft.slug}&fields=id`);
    assert.ok(row, "the seeded draft exists");
    assert.ok(!(await publicEntries()).some((entry) => entry.slug === draft.slug));
    const byId = await gql(`{ changelog_entries_by_id(id: ${row.id}) { slug } }`);
    assert.equal(byId.data?.changelog_entries_by_id ?? null, null);
    const count = await gql(`{ changelog_entries_aggregated(filter: { slug: { _eq: "${draft.slug}" } }) { countAll } }`);
    assert.equal(count.data.changelog_entries_aggregated[0].countAll, 0);
    const junction = await gql(`{ changelog_entries_docs_pages(limit: -1) { changelog_entries_id { slug } } }`);
    assert.equal(junction.errors, undefined, JSON.stringify(junction.errors));
    assert.ok(!junction.data.changelog_entries_docs_pages.some((link) => link.changelog_entries_id?.slug === draft.slug));
    // Nor with the site's token; and anonymous readers cannot write entries.
    const siteRead = await site("GET", `/items/changelog_entries?filter[slug][_eq]=${draft.slug}`);
    assert.deepEqual(siteRead, []);
    const create = await fetch(`${URL_}/items/changelog_entries`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ slug: "anon", title: "x", kind: "new", status: "published" }),
    });
    assert.equal(create.status, 403);
  });

  test("a scheduled entry appears by itself once its date has come, and the site is told of changes", async () => {
    const seededScheduled = changelogEntries.find((entry) => entry.daysAgo < 0 && (entry.status ?? "published") === "published");
    assert.ok(!(await publicEntries()).some((entry) => entry.slug === seededScheduled.slug), "the seeded future entry is hidden");

    const slug = `scheduled-${randomUUID().slice(0, 8)}`;
    const publishAt = new Date(Date.now() + 4000).toISOString();
    await admin("POST", "/items/changelog_entries", {
      status: "published",
      slug,
      title: "Scheduled entry",
      kind: "improved",
      products: ["API"],
      published_at: publishAt,
      body: "Soon.",
    });
    await webhook.waitFor((call) => call.body?.collection === "changelog_entries");
    assert.ok(!(await publicEntries()).some((entry) => entry.slug === slug), "hidden before its time");
    await eventually(async () => (await publicEntries()).some((entry) => entry.slug === slug), {
      what: "the scheduled entry visible anonymously",
    });
    assert.ok(Date.now() >= Date.parse(publishAt));
  });

  test("an entry's slug is unique and checked: lowercase letters, digits and dashes", async () => {
    await assert.rejects(
      admin("POST", "/items/changelog_entries", { slug: "Bad Slug", title: "x", kind: "new" }),
      /Validation failed for field "slug"/,
    );
    await assert.rejects(
      admin("POST", "/items/changelog_entries", { slug: "b200-reserved-clusters", title: "x", kind: "new" }),
      /unique|RECORD_NOT_UNIQUE/i,
    );
  });
});

describe("page feedback", () => {
  test("the site's token stores a comment; nobody else can write or read them", async () => {
    const feedbackId = randomUUID();
    // As the site stores it (the answer has no body: the site may create, not read).
    await site("POST", "/items/docs_feedback?fields=id", {
      page: "/docs/getting-started/quickstart",
      helpful: false,
      comment: "The curl example misses the region.",
      feedback_id: feedbackId,
    });
    const [row] = await admin(
      "GET",
      `/items/docs_feedback?filter[feedback_id][_eq]=${feedbackId}&fields=page,helpful,comment,date_created`,
    );
    assert.equal(row.page, "/docs/getting-started/quickstart");
    assert.equal(row.helpful, false);
    assert.equal(row.comment, "The curl example misses the region.");
    assert.ok(row.date_created);

    // A queue redelivery of the same comment is refused as a duplicate (the site then acknowledges it).
    await assert.rejects(
      site("POST", "/items/docs_feedback", { page: "/docs", helpful: true, comment: "again", feedback_id: feedbackId }),
      /unique|RECORD_NOT_UNIQUE/i,
    );
    // The site may only create; anonymous readers get nothing.
    await assert.rejects(site("GET", "/items/docs_feedback"), /403/);
    assert.equal((await fetch(`${URL_}/items/docs_feedback`)).status, 403);
    const anonymous = await fetch(`${URL_}/items/docs_feedback`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ page: "/docs", helpful: true, feedback_id: randomUUID() }),
    });
    assert.equal(anonymous.status, 403);
  });
});
