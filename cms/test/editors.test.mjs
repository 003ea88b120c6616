// Contract tests of the CMS side of the editors' loop: Live Preview URLs and content versions on
// every collection with a page, the Visual Editor URL, the admin app's frame-src, and scheduled
// publishing in the permissions (published items whose publish time is ahead are hidden from
// anonymous readers until then, by Directus' own `$NOW`). Own Directus on port 8086 with a fresh
// data dir, on SQLite or (CMS_TEST_DB=pg) PostgreSQL.
//   PATH=node_modules/.bin:$PATH node --test cms/test/editors.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../scripts/lib.mjs";
import { eventually, graphqlClient, startFreshCms } from "./support.mjs";
import { ROUTED_COLLECTIONS, previewUrlFor, visualEditorUrl, withPreviewUrls } from "../scripts/setup.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8086 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-editors-test-pg" : "data-editors-test");
const URL_ = `http://127.0.0.1:${PORT}`;
// Not the development values, so the set-up's rewrite of the snapshot's template shows.
const SITE_URL = "http://127.0.0.1:3186";
const PREVIEW = "editors-test-preview-token";
const ADMIN = process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN;

let cms;
const admin = createApi(URL_, ADMIN);

const gql = graphqlClient(URL_);

const inSeconds = (s) => new Date(Date.now() + s * 1000).toISOString();
const stamp = Date.now().toString(36);

before(async () => {
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT, siteUrl: SITE_URL, DIRECTUS_PREVIEW_TOKEN: PREVIEW });
});

after(async () => {
  await cms?.stop();
});

describe("Live Preview and content versions", () => {
  test("every collection with a page has a preview URL through the site, with this environment's origin and token", async () => {
    for (const collection of ROUTED_COLLECTIONS) {
      const { meta } = await admin("GET", `/collections/${collection}`);
      assert.equal(
        meta.preview_url,
        `${SITE_URL}/api/preview?token=${PREVIEW}&collection=${collection}&id={{id}}&version={{$version}}`,
        collection,
      );
      // Every collection the site shows has content versions: a release changes items through them.
      assert.equal(meta.versioning, true, `${collection}: content versions`);
    }
  });

  test("the template rewrite keeps the template and only swaps origin and token", () => {
    const template = "http://localhost:3000/api/preview?token=dev-preview-token-change-me&collection=posts&id={{id}}&version={{$version}}";
    assert.equal(
      previewUrlFor(template, { siteUrl: "https://www.meridian.example/", previewToken: "a b&c" }),
      "https://www.meridian.example/api/preview?token=a%20b%26c&collection=posts&id={{id}}&version={{$version}}",
    );
    const snapshot = withPreviewUrls(
      {
        collections: [
          { collection: "posts", meta: { preview_url: template } },
          { collection: "speakers", meta: { preview_url: null } },
        ],
      },
      { siteUrl: SITE_URL, previewToken: PREVIEW },
    );
    assert.equal(
      snapshot.collections[0].meta.preview_url,
      `${SITE_URL}/api/preview?token=${PREVIEW}&collection=posts&id={{id}}&version={{$version}}`,
    );
    assert.equal(snapshot.collections[1].meta.preview_url, null);
  });

  test("the Visual Editor opens the site through the preview route", async () => {
    const settings = await admin("GET", "/settings?fields=visual_editor_urls");
    assert.deepEqual(settings.visual_editor_urls, [{ url: visualEditorUrl({ siteUrl: SITE_URL, previewToken: PREVIEW }) }]);
    assert.equal(settings.visual_editor_urls[0].url, `${SITE_URL}/api/preview?token=${PREVIEW}&path=/`);
  });

  test("the admin app may frame the site (CSP frame-src), and nothing else", async () => {
    const res = await fetch(`${URL_}/admin/`);
    await res.body?.cancel();
    const frameSrc = /(?:^|;)\s*frame-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    assert.equal(frameSrc, `'self' ${SITE_URL}`);
  });

  test("the preview token reads a named content version of an item; anonymous readers cannot", async () => {
    const post = await admin("POST", "/items/posts", {
      status: "published",
      title: "Main title",
      slug: `versioned-${stamp}`,
      published_at: inSeconds(-60),
    });
    const version = await admin("POST", "/versions", { key: "spring", name: "Spring update", collection: "posts", item: String(post.id) });
    await admin("POST", `/versions/${version.id}/save`, { title: "Spring title" });
    const query = "query ($id: ID!, $version: String) { posts_by_id(id: $id, version: $version) { id title status } }";
    const versioned = await gql(query, { token: PREVIEW, variables: { id: post.id, version: "spring" } });
    assert.equal(versioned.errors, undefined, JSON.stringify(versioned.errors));
    assert.equal(versioned.data.posts_by_id.title, "Spring title");
    const main = await gql(query, { token: PREVIEW, variables: { id: post.id, version: "main" } });
    assert.equal(main.data.posts_by_id.title, "Main title");
    const missing = await gql(query, { token: PREVIEW, variables: { id: post.id, version: "autumn" } });
    assert.equal(missing.data.posts_by_id, null);
    const anonymous = await gql(query, { variables: { id: post.id, version: "spring" } });
    assert.equal(anonymous.data.posts_by_id, null);
    assert.ok(anonymous.errors?.length);
  });
});

describe("scheduled publishing in the permissions", () => {
  test("a published item whose publish time is ahead is hidden from anonymous readers everywhere, then appears by itself", async () => {
    // Scheduled a day ahead first: "hidden before its time" holds however slow the machine is.
    const aDayAhead = inSeconds(86_400);
    const section = (await admin("GET", "/items/docs_sections?limit=1&fields=id&filter[status][_eq]=published"))[0];
    const author = (await admin("GET", "/items/authors?limit=1&fields=id"))[0];
    const items = {
      posts: await admin("POST", "/items/posts", {
        status: "published",
        title: "Scheduled post",
        slug: `scheduled-${stamp}`,
        author: author.id,
        published_at: aDayAhead,
      }),
      jobs: await admin("POST", "/items/jobs", {
        status: "published",
        role: "Scheduled role",
        slug: `scheduled-${stamp}`,
        publish_at: aDayAhead,
      }),
      events: await admin("POST", "/items/events", {
        status: "published",
        title: "Scheduled event",
        slug: `scheduled-${stamp}`,
        start_at: inSeconds(86_400 * 30),
        publish_at: aDayAhead,
      }),
      docs_pages: await admin("POST", "/items/docs_pages", {
        status: "published",
        title: "Scheduled page",
        slug: `scheduled-${stamp}`,
        section: section.id,
        publish_at: aDayAhead,
      }),
    };
    // An immediate item next to it: no publish time means published at once.
    const immediate = await admin("POST", "/items/jobs", {
      status: "published",
      role: "Immediate role",
      slug: `immediate-${stamp}`,
      publish_at: null,
    });
    const speaker = (await admin("GET", "/items/speakers?limit=1&fields=id&filter[status][_eq]=published"))[0];
    await admin("POST", "/items/events_speakers", { events_id: items.events.id, speakers_id: speaker.id });

    const anonymousView = async () => {
      const ids = (list) => (list ?? []).map((item) => String(item.id));
      const { data, errors } = await gql(
        `query ($posts: GraphQLStringOrFloat, $jobs: GraphQLStringOrFloat, $events: GraphQLStringOrFloat, $docs: GraphQLStringOrFloat, $author: ID!, $section: ID!, $speaker: ID!) {
        posts(filter: { id: { _eq: $posts } }) { id }
        posts_aggregated(filter: { id: { _eq: $posts } }) { countAll }
        jobs(filter: { id: { _eq: $jobs } }) { id }
        events(filter: { id: { _eq: $events } }) { id }
        docs_pages(filter: { id: { _eq: $docs } }) { id }
        authors_by_id(id: $author) { posts(filter: { id: { _eq: $posts } }) { id } }
        docs_sections_by_id(id: $section) { pages(filter: { id: { _eq: $docs } }) { id } }
        speakers_by_id(id: $speaker) { events { events_id { id } } }
      }`,
        {
          variables: {
            posts: items.posts.id,
            jobs: items.jobs.id,
            events: items.events.id,
            docs: items.docs_pages.id,
            author: author.id,
            section: section.id,
            speaker: speaker.id,
          },
        },
      );
      assert.equal(errors, undefined, JSON.stringify(errors));
      return {
        posts: ids(data.posts).length + data.posts_aggregated[0].countAll + ids(data.authors_by_id.posts).length,
        jobs: ids(data.jobs).length,
        events:
          ids(data.events).length +
          data.speakers_by_id.events.filter((link) => String(link?.events_id?.id) === String(items.events.id)).length,
        docs_pages: ids(data.docs_pages).length + ids(data.docs_sections_by_id.pages).length,
      };
    };

    assert.deepEqual(await anonymousView(), { posts: 0, jobs: 0, events: 0, docs_pages: 0 }, "hidden before its time");
    // Hidden by id too, and the immediate item is there.
    const byId = await gql("query ($id: ID!) { jobs_by_id(id: $id) { id } }", { variables: { id: items.jobs.id } });
    assert.equal(byId.data.jobs_by_id, null);
    const now = await gql("query ($id: ID!) { jobs_by_id(id: $id) { id } }", { variables: { id: immediate.id } });
    assert.equal(now.data.jobs_by_id.id, String(immediate.id));
    // The Preview role sees scheduled items at all times.
    const preview = await gql("query ($id: ID!) { jobs_by_id(id: $id) { id publish_at } }", {
      token: PREVIEW,
      variables: { id: items.jobs.id },
    });
    assert.equal(preview.data.jobs_by_id.id, String(items.jobs.id));

    // Their time brought a few seconds ahead: no save after it passes, and they appear by themselves.
    const publishAt = inSeconds(3);
    for (const [collection, item] of Object.entries(items)) {
      await admin("PATCH", `/items/${collection}/${item.id}`, { [collection === "posts" ? "published_at" : "publish_at"]: publishAt });
    }
    await eventually(
      async () => JSON.stringify(await anonymousView()) === JSON.stringify({ posts: 3, jobs: 1, events: 2, docs_pages: 2 }),
      {
        what: "scheduled items visible after their publish time",
      },
    );
    assert.ok(Date.now() >= Date.parse(publishAt), "not before their time");
  });

  test("drafts stay hidden whatever their publish time", async () => {
    const draft = await admin("POST", "/items/jobs", {
      status: "draft",
      role: "Draft role",
      slug: `draft-${stamp}`,
      publish_at: inSeconds(-3600),
    });
    const { data } = await gql("query ($id: GraphQLStringOrFloat) { jobs(filter: { id: { _eq: $id } }) { id } }", {
      variables: { id: draft.id },
    });
    assert.deepEqual(data.jobs, []);
  });
});
