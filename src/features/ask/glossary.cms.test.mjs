// Contract tests for the glossary Ask the docs reads (docs_glossary): the site's reader sees
// published terms only, the public writes none, and a change reaches the site's webhook. Its own
// Directus on port 8262 with a fresh data dir (cms/data-glossary-test).
//   PATH=node_modules/.bin:$PATH node --test src/features/ask/glossary.cms.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { glossaryEntries } from "./cms/seed.mjs";
import { graphqlClient, startFreshCms, startRevalidateCatcher } from "../../../cms/test/support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8262 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-glossary-test-pg" : "data-glossary-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const SECRET = "glossary-test-revalidate-secret";
const ADMIN = process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN;
const READ = process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN;

let cms;
let site;
const gql = graphqlClient(URL_);

before(async () => {
  site = await startRevalidateCatcher();
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT, siteUrl: site.siteUrl, revalidateSecret: SECRET });
});

after(async () => {
  await cms?.stop();
  site?.close();
});

describe("docs_glossary", () => {
  test("the site reads the seeded terms, published, with their synonyms as lists", async () => {
    const json = await gql("{ docs_glossary(limit: -1) { term synonyms status } }", { token: READ });
    assert.equal(json.errors, undefined, JSON.stringify(json.errors));
    assert.equal(json.data.docs_glossary.length, glossaryEntries.length);
    const volume = json.data.docs_glossary.find((row) => row.term === "volume");
    assert.deepEqual(volume.synonyms, ["disk", "shared file system", "storage"]);
    assert.ok(json.data.docs_glossary.every((row) => row.status === "published"));
  });

  test("a draft term is the editors' alone; publishing it tells the site", async () => {
    const admin = createApi(URL_, ADMIN);
    const draft = await admin("POST", "/items/docs_glossary", {
      term: "bucketz",
      synonyms: ["blob container"],
      status: "draft",
      note: "test",
    });
    try {
      for (const token of [READ, undefined]) {
        const json = await gql('{ docs_glossary(filter: { term: { _eq: "bucketz" } }) { term } }', { token });
        assert.deepEqual(json.data?.docs_glossary ?? [], [], `draft hidden (${token ? "site reader" : "public"})`);
      }
      await admin("PATCH", `/items/docs_glossary/${draft.id}`, { status: "published" });
      await site.waitFor((call) => call.body?.collection === "docs_glossary");
      const json = await gql('{ docs_glossary(filter: { term: { _eq: "bucketz" } }) { term synonyms } }', { token: READ });
      assert.deepEqual(json.data.docs_glossary, [{ term: "bucketz", synonyms: ["blob container"] }]);
    } finally {
      await admin("DELETE", `/items/docs_glossary/${draft.id}`);
    }
  });

  test("the public may not write terms", async () => {
    const response = await fetch(`${URL_}/items/docs_glossary`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ term: "spam", synonyms: ["spam"], status: "published" }),
    });
    assert.equal(response.status, 403);
    const reader = await fetch(`${URL_}/items/docs_glossary`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${READ}` },
      body: JSON.stringify({ term: "spam", synonyms: ["spam"], status: "published" }),
    });
    assert.equal(reader.status, 403);
  });
});
