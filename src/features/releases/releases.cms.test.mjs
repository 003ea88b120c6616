// Contract tests of releases against a real Directus (cms/extensions/releases and this feature's
// cms/ part): a release of eight changes across five content types previewed as one site, the
// editorial roles and every forbidden move, a change after approval sending it back to review,
// one release per item, publishing at its time in one transaction (a reader polling sees all or
// nothing; the site is told once), a fault halfway changing nothing, and a revert. Its own
// Directus on port 8206 (8706 on PostgreSQL) with a fresh data dir (cms/data-releases-test).
//   PATH=node_modules/.bin:$PATH node --test src/features/releases/releases.cms.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { eventually, startFreshCms, startRevalidateCatcher } from "../../../cms/test/support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8206 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-releases-test-pg" : "data-releases-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const SECRET = "releases-test-revalidate-secret";
const PREVIEW = "releases-test-preview-token";
const admin = createApi(URL_, process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);

let cms;
let site;
/** One client per editorial role, each a user of its own (and a second author). */
const people = {};

/** POST /graphql as `token`, optionally inside a release; the whole answer. */
async function graphql(query, { token, release } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (release !== undefined) headers["X-Release"] = String(release);
  const res = await fetch(`${URL_}/graphql`, { method: "POST", headers, body: JSON.stringify({ query }) });
  return { status: res.status, ...(await res.json()) };
}

async function makeUser(roleName, name) {
  const [role] = await admin("GET", `/roles?filter[name][_eq]=${encodeURIComponent(roleName)}&fields=id`);
  assert.ok(role, `the set-up made the role ${roleName}`);
  const token = `releases-test-${name}-${stamp}`;
  const user = await admin("POST", "/users", {
    email: `${name}-${stamp}@example.com`,
    first_name: name,
    role: role.id,
    token,
    status: "active",
  });
  const api = createApi(URL_, token);
  return Object.assign(api, { id: user.id, token });
}

/** A refused request's status and message. */
async function refused(promise) {
  const error = await promise.then(
    () => null,
    (e) => e,
  );
  assert.ok(error, "the request was refused");
  return { status: error.status, message: error.message };
}

const first = async (collection, filter, fields = "*") => {
  const qs = new URLSearchParams({ filter: JSON.stringify(filter), fields, limit: "1", sort: "id" });
  return (await admin("GET", `/items/${collection}?${qs}`))[0];
};

/** The eight changes across five content types: posts, prices, navigation items, changelog entries, jobs. */
let launches = 0;
async function launchItems() {
  const n = ++launches;
  const post = await first("posts", { status: { _eq: "published" } }, "id,title");
  const prices = await admin(
    "GET",
    `/items/prices?${new URLSearchParams({ filter: JSON.stringify({ status: { _eq: "published" } }), fields: "id,amount,name", limit: "3", sort: "id" })}`,
  );
  const menuItem = await first("navigation_items", { label: { _nnull: true } }, "id,label");
  const job = await first("jobs", { status: { _eq: "published" } }, "id,role");
  const entry = await admin("POST", "/items/changelog_entries", {
    status: "draft",
    slug: `launch-${stamp}-${n}`,
    title: `Launch ${stamp} ${n}`,
    kind: "new",
    products: ["GPU Clusters"],
    published_at: new Date(Date.now() - 60_000).toISOString(),
    body: "The launch.",
  });
  const entry2 = await admin("POST", "/items/changelog_entries", {
    status: "draft",
    slug: `launch-b-${stamp}-${n}`,
    title: `Launch B ${stamp} ${n}`,
    kind: "improved",
    products: ["API"],
    published_at: new Date(Date.now() - 60_000).toISOString(),
    body: "The launch, part two.",
  });
  assert.equal(prices.length, 3);
  return { post, prices, menuItem, job, entry, entry2 };
}

/** Builds a release as `author` with the launch's changes; each version's delta saved by the author. */
async function buildRelease(author, name, items, { faulty = false } = {}) {
  const release = await author("POST", "/items/releases", { name, description: "A new GPU type" });
  const versionChange = async (collection, id, delta) => {
    await author("POST", "/items/release_changes", {
      release: release.id,
      action: "version",
      content_collection: collection,
      item: String(id),
    });
    const [version] = await author(
      "GET",
      `/versions?${new URLSearchParams({ filter: JSON.stringify({ key: { _eq: `release-${release.id}` }, collection: { _eq: collection }, item: { _eq: String(id) } }) })}`,
    );
    assert.ok(version, `the change made ${collection} ${id}'s content version`);
    await author("POST", `/versions/${version.id}/save`, delta);
  };
  await versionChange("posts", items.post.id, { title: `${name}: the post` });
  for (const [index, price] of items.prices.entries()) await versionChange("prices", price.id, { amount: `${9 + index}.99` });
  await versionChange("navigation_items", items.menuItem.id, { label: `${name} menu` });
  await author("POST", "/items/release_changes", {
    release: release.id,
    action: "publish",
    content_collection: "changelog_entries",
    item: String(items.entry.id),
  });
  if (faulty) {
    // Halfway: a title the database refuses (changelog titles are NOT NULL).
    await versionChange("changelog_entries", items.entry2.id, { title: null });
  } else {
    await author("POST", "/items/release_changes", {
      release: release.id,
      action: "publish",
      content_collection: "changelog_entries",
      item: String(items.entry2.id),
    });
  }
  await author("POST", "/items/release_changes", {
    release: release.id,
    action: "unpublish",
    content_collection: "jobs",
    item: String(items.job.id),
  });
  return release;
}

/** What the public (anonymous) or a token reads of the launch's items, in one query per collection. */
async function launchView(items, { token, release } = {}) {
  const ids = (list) => JSON.stringify(list.map((item) => String(item.id)));
  const read = await graphql(
    `{
      posts(filter: { id: { _eq: "${items.post.id}" }, status: { _eq: "published" } }) { title }
      prices(filter: { id: { _in: ${ids(items.prices)} } }, sort: ["id"]) { amount }
      navigation_items(filter: { id: { _eq: "${items.menuItem.id}" } }) { label }
      changelog_entries(filter: { id: { _in: ${ids([items.entry, items.entry2])} }, status: { _eq: "published" } }, sort: ["id"]) { title }
      jobs(filter: { id: { _eq: "${items.job.id}" }, status: { _eq: "published" } }) { role }
    }`,
    { token, release },
  );
  assert.equal(read.errors, undefined, JSON.stringify(read.errors));
  const d = read.data;
  return {
    post: d.posts[0]?.title ?? null,
    prices: d.prices.map((price) => price.amount),
    menu: d.navigation_items[0]?.label ?? null,
    entries: d.changelog_entries.map((entry) => entry.title),
    job: d.jobs[0]?.role ?? null,
  };
}

const launched = (name, items) => ({
  post: `${name}: the post`,
  prices: ["9.99", "10.99", "11.99"],
  menu: `${name} menu`,
  entries: [items.entry.title, items.entry2.title],
  job: null,
});

const asIs = (items) => ({
  post: items.post.title,
  prices: items.prices.map((price) => price.amount),
  menu: items.menuItem.label,
  entries: [],
  job: items.job.role,
});

before(async () => {
  site = await startRevalidateCatcher();
  cms = await startFreshCms({
    dataDir: DATA_DIR,
    port: PORT,
    siteUrl: site.siteUrl,
    revalidateSecret: SECRET,
    DIRECTUS_PREVIEW_TOKEN: PREVIEW,
  });
  people.author = await makeUser("Release author", "author");
  people.author2 = await makeUser("Release author", "author2");
  people.reviewer = await makeUser("Release reviewer", "reviewer");
  people.publisher = await makeUser("Release publisher", "publisher");
});

after(async () => {
  await cms?.stop();
  site?.close();
});

describe("releases", () => {
  let items;
  let release;
  const name = `GPU launch ${stamp}`;

  test("a release of eight changes across five content types is previewed whole; the public sees none of it", async () => {
    items = await launchItems();
    release = await buildRelease(people.author, name, items);
    const changes = await admin(
      "GET",
      `/items/release_changes?filter[release][_eq]=${release.id}&fields=action,content_collection,label&limit=-1`,
    );
    assert.equal(changes.length, 8);
    assert.equal(new Set(changes.map((change) => change.content_collection)).size, 5);
    assert.ok(
      changes.every((change) => change.label),
      "each change names its item",
    );
    assert.deepEqual(await launchView(items, { token: PREVIEW, release: release.id }), launched(name, items));
    // Outside the release nothing moved, for the public and for the preview token alike.
    assert.deepEqual(await launchView(items), asIs(items));
    assert.deepEqual(await launchView(items, { token: PREVIEW }), asIs(items));
    // Reading inside a release needs a token that may read it.
    const anonymous = await graphql("{ posts(limit: 1) { id } }", { release: release.id });
    assert.equal(anonymous.status, 403);
    const missing = await graphql("{ posts(limit: 1) { id } }", { token: PREVIEW, release: 999999 });
    assert.equal(missing.status, 403);
  });

  test("each role makes only its own moves, and the CMS says why it refuses one", async () => {
    const { author, author2, reviewer, publisher } = people;
    const move = (who, body) => who("PATCH", `/items/releases/${release.id}`, body);
    // Nobody but the publish action publishes; nobody approves a release not in review.
    assert.match((await refused(move(author, { state: "published" }))).message, /403|only by the Publish action/);
    assert.equal((await refused(move(reviewer, { state: "approved" }))).status, 403);
    assert.equal((await refused(move(publisher, { state: "scheduled" }))).status, 403);
    await move(author, { state: "in_review" });
    // A reviewer sends it back with a comment (without one: refused), the author asks again.
    assert.match((await refused(move(reviewer, { state: "open" }))).message, /review comment/);
    await move(reviewer, { state: "open", review_comment: "Name the GPU in the post's title." });
    await move(author, { state: "in_review" });
    // Its author cannot approve it, even holding the reviewer's role too.
    const [reviewerRole] = await admin("GET", "/roles?filter[name][_eq]=Release%20reviewer&fields=id");
    const authorReviewer = await makeUser("Release author", "author-reviewer");
    const [reviewerPolicy] = await admin("GET", "/policies?filter[name][_eq]=Release%20reviewer&fields=id");
    await admin("POST", "/access", { user: authorReviewer.id, policy: reviewerPolicy.id });
    void reviewerRole;
    const own = await authorReviewer("POST", "/items/releases", { name: `Own ${stamp}` });
    await authorReviewer("PATCH", `/items/releases/${own.id}`, { state: "in_review" });
    assert.equal((await refused(authorReviewer("PATCH", `/items/releases/${own.id}`, { state: "approved" }))).status, 403);
    // Authors do not approve; publishers do not approve; a reviewer does.
    assert.equal((await refused(move(author2, { state: "approved" }))).status, 403);
    assert.equal((await refused(move(publisher, { state: "approved" }))).status, 403);
    await move(reviewer, { state: "approved" });
    // Without a publish time it cannot be scheduled; an author cannot schedule it.
    assert.match((await refused(move(publisher, { state: "scheduled" }))).message, /publish time/);
    assert.equal(
      (await refused(move(author, { state: "scheduled", publish_at: new Date(Date.now() + 3_600_000).toISOString() }))).status,
      403,
    );
    // Reviewers and authors do not publish or revert.
    for (const who of [author, reviewer]) assert.equal((await refused(who("POST", `/releases/${release.id}/publish`))).status, 403);
    // Who did what is kept on the release, and nobody but the CMS writes that.
    await refused(move(author, { history: [] })).catch(() => {});
    const kept = await admin("GET", `/items/releases/${release.id}?fields=state,approved_by,history`);
    assert.equal(kept.state, "approved");
    assert.equal(kept.approved_by, reviewer.id);
    assert.deepEqual(
      kept.history.map((entry) => entry.did),
      ["created", "Open → In review", "In review → Open", "Open → In review", "In review → Approved"],
    );
    assert.equal(kept.history[2].comment, "Name the GPU in the post's title.");
  });

  test("a change after approval sends the release back to review", async () => {
    const [version] = await admin("GET", `/versions?filter[key][_eq]=release-${release.id}&filter[collection][_eq]=posts&fields=id`);
    await people.author("POST", `/versions/${version.id}/save`, { title: `${name}: the post` });
    await eventually(async () => (await admin("GET", `/items/releases/${release.id}?fields=state`)).state === "in_review", {
      what: "the release back in review",
    });
    const { history } = await admin("GET", `/items/releases/${release.id}?fields=history`);
    assert.equal(history.at(-1).did, "sent back to review");
    await people.reviewer("PATCH", `/items/releases/${release.id}`, { state: "approved" });
  });

  test("an item is in one unfinished release at a time, and the CMS names the release that has it", async () => {
    const other = await people.author2("POST", "/items/releases", { name: `Other ${stamp}` });
    const { status, message } = await refused(
      people.author2("POST", "/items/release_changes", {
        release: other.id,
        action: "version",
        content_collection: "posts",
        item: String(items.post.id),
      }),
    );
    assert.equal(status, 409);
    assert.match(message, new RegExp(`already in the release "${name}"`));
    // Only the content types the site shows, and items that exist.
    assert.equal(
      (
        await refused(
          people.author2("POST", "/items/release_changes", { release: other.id, content_collection: "directus_users", item: "1" }),
        )
      ).status,
      400,
    );
    assert.equal(
      (await refused(people.author2("POST", "/items/release_changes", { release: other.id, content_collection: "posts", item: "999999" })))
        .status,
      400,
    );
  });

  test("a conflicting edit on an item's main version is shown before publishing", async () => {
    const callsBefore = site.calls.length;
    await admin("PATCH", `/items/navigation_items/${items.menuItem.id}`, { label: `${items.menuItem.label} (edited)` });
    const report = await people.publisher("GET", `/releases/${release.id}/check`);
    const menu = report.find((row) => row.collection === "navigation_items");
    assert.match(menu.conflict, /label/);
    assert.equal(report.filter((row) => row.conflict).length, 1);
    await admin("PATCH", `/items/navigation_items/${items.menuItem.id}`, { label: items.menuItem.label });
    // The site has heard of both edits before the release goes out (the next test orders the calls).
    await eventually(() => site.calls.slice(callsBefore).filter((call) => call.body?.collection === "navigation_items").length >= 2, {
      what: "the site told of both menu edits",
    });
  });

  test("at its time the release goes live in one transaction: a reader polling sees all of it or none, and the site is told once", async () => {
    const callsBefore = site.calls.length;
    const publishAt = new Date(Date.now() + 3_000).toISOString();
    await people.publisher("PATCH", `/items/releases/${release.id}`, { state: "scheduled", publish_at: publishAt });
    // A reader polls the prices (one statement) through the switch.
    const seen = new Set();
    let done = false;
    const reader = (async () => {
      while (!done) {
        const view = await launchView(items);
        seen.add(JSON.stringify(view.prices));
      }
    })();
    await eventually(async () => (await admin("GET", `/items/releases/${release.id}?fields=state`)).state === "published", {
      what: "the release published by the schedule",
    });
    done = true;
    await reader;
    const before = JSON.stringify(asIs(items).prices);
    const afterwards = JSON.stringify(launched(name, items).prices);
    assert.deepEqual(
      [...seen].filter((view) => view !== before && view !== afterwards),
      [],
      "no reader saw part of the release",
    );
    assert.ok(seen.has(afterwards));
    assert.deepEqual(await launchView(items), launched(name, items));
    const { published_on: publishedOn } = await admin("GET", `/items/releases/${release.id}?fields=published_on`);
    assert.ok(Date.parse(publishedOn) >= Date.parse(publishAt));
    // One call with every item, before the items' own events.
    // Before its transaction the site hears the switch begin, after it the end: each with every item.
    const begun = await site.waitFor((call) => call.body?.release === release.id && call.body.phase === "begin");
    const told = await site.waitFor((call) => call.body?.release === release.id && call.body.changes && !call.body.phase);
    assert.ok(site.calls.indexOf(begun) < site.calls.indexOf(told));
    // By then the post's share card shows its new title: ready when the site hears it is live.
    const { share_card: card } = await admin("GET", `/items/posts/${items.post.id}?fields=share_card.title`);
    assert.equal(card?.title, `Share card: ${name}: the post`);
    assert.equal(told.headers["x-revalidate-secret"], SECRET);
    assert.equal(told.body.changes.length, 8);
    assert.deepEqual(
      new Set(told.body.changes.map((change) => change.collection)),
      new Set(["posts", "prices", "navigation_items", "changelog_entries", "jobs"]),
    );
    // Between the two, the items' own events reach the site each naming the release (the site
    // leaves them: the release's call has them all), and so do the new share cards' saves.
    const between = site.calls.slice(site.calls.indexOf(begun) + 1, site.calls.indexOf(told)).filter((call) => call.body?.collection);
    const unnamed = between.filter((call) => call.body.release !== release.id && String(call.body.fields) !== "share_card");
    assert.deepEqual(unnamed, [], "every item event of the release names it");
    assert.ok(between.some((call) => call.body.collection === "prices" && call.body.release === release.id));
    // A published release takes no more changes and no more moves.
    assert.equal((await refused(people.author("PATCH", `/items/releases/${release.id}`, { state: "open" }))).status, 403);
  });

  test("a published release is reverted in one action (its State in the CMS, or the API), restoring what it replaced", async () => {
    assert.equal((await refused(people.author("POST", `/releases/${release.id}/revert`))).status, 403);
    assert.equal((await refused(people.author("PATCH", `/items/releases/${release.id}`, { state: "reverted" }))).status, 403);
    // The publisher chooses Reverted in the release's State: the revert runs once the save is done.
    await people.publisher("PATCH", `/items/releases/${release.id}`, { state: "reverted" });
    await eventually(async () => (await admin("GET", `/items/releases/${release.id}?fields=state`)).state === "reverted", {
      what: "the release reverted",
    });
    const view = await launchView(items);
    assert.deepEqual(view, asIs(items));
    const { history } = await admin("GET", `/items/releases/${release.id}?fields=history`);
    assert.equal(history.at(-1).did, "reverted");
    // Once reverted, it is done.
    assert.equal((await refused(people.publisher("POST", `/releases/${release.id}/revert`))).status, 409);
    await site.waitFor((call) => call.body?.release === release.id && call.body.changes.length === 8 && site.calls.indexOf(call) > 0);
  });

  test("a publisher publishes an approved release at once from its State in the CMS", async () => {
    const now = await launchItems();
    const nowName = `Now ${stamp}`;
    const soon = await buildRelease(people.author, nowName, now);
    await people.author("PATCH", `/items/releases/${soon.id}`, { state: "in_review" });
    await people.reviewer("PATCH", `/items/releases/${soon.id}`, { state: "approved" });
    assert.equal((await refused(people.reviewer("PATCH", `/items/releases/${soon.id}`, { state: "published" }))).status, 403);
    await people.publisher("PATCH", `/items/releases/${soon.id}`, { state: "published" });
    await eventually(async () => (await admin("GET", `/items/releases/${soon.id}?fields=state`)).state === "published", {
      what: "the release published",
    });
    assert.deepEqual(await launchView(now), launched(nowName, now));
  });

  test("a fault halfway through publishing changes nothing, marks the release failed and tells its publisher", async () => {
    const more = await launchItems();
    const faultyName = `Faulty ${stamp}`;
    const faulty = await buildRelease(people.author2, faultyName, more, { faulty: true });
    await people.author2("PATCH", `/items/releases/${faulty.id}`, { state: "in_review" });
    await people.reviewer("PATCH", `/items/releases/${faulty.id}`, { state: "approved" });
    const answer = await fetch(`${URL_}/releases/${faulty.id}/publish`, {
      method: "POST",
      headers: { Authorization: `Bearer ${people.publisher.token}` },
    });
    assert.equal(answer.status, 409);
    const { data } = await answer.json();
    assert.equal(data.state, "failed");
    assert.match(data.failure, /^Nothing was changed/);
    assert.deepEqual(await launchView(more), asIs(more));
    const stored = await admin("GET", `/items/releases/${faulty.id}?fields=state,failure`);
    assert.equal(stored.state, "failed");
    const notes = await admin(
      "GET",
      `/notifications?filter[recipient][_eq]=${people.publisher.id}&filter[item][_eq]=${faulty.id}&fields=subject,collection`,
    );
    assert.equal(notes.length, 1);
    assert.match(notes[0].subject, new RegExp(`"${faultyName}" failed to publish`));
    // The report lists it among the failed.
    const report = await people.publisher("GET", "/releases/report");
    assert.ok(report.failed.some((row) => row.id === faulty.id));
  });
});
