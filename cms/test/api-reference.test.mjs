// Contract tests for the API reference (the `api_reference` singleton and its hook): the seeded
// OpenAPI document is validated and processed when saved, an invalid one is refused with the
// parser's message while the last good one keeps serving. Its own Directus on port 8136 (8156 on PostgreSQL) with a
// fresh data dir (cms/data-api-reference-test).
//   PATH=node_modules/.bin:$PATH node --test cms/test/api-reference.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS } from "../scripts/lib.mjs";
import { apiReferenceDocument } from "../seed/api-reference.mjs";
import { graphqlClient, startFreshCms, startRevalidateCatcher } from "./support.mjs";

const PORT = 8136 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, "data-api-reference-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const SECRET = "api-reference-test-revalidate-secret";
const ADMIN = process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN;

let cms;
let site;
const gql = graphqlClient(URL_);

const seededOperations = Object.values(apiReferenceDocument.paths).flatMap((item) =>
  Object.entries(item)
    .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
    .map(([, operation]) => operation.operationId),
);

/** What a visitor's site reads (anonymous GraphQL). */
async function publicReference() {
  const json = await gql("{ api_reference { reference navigation date_updated } }");
  assert.equal(json.errors, undefined, JSON.stringify(json.errors));
  return json.data.api_reference;
}

async function saveSource(source) {
  const response = await fetch(`${URL_}/items/api_reference`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ source }),
  });
  return { status: response.status, body: await response.json() };
}

before(async () => {
  site = await startRevalidateCatcher();
  cms = await startFreshCms({ dataDir: DATA_DIR, port: PORT, siteUrl: site.siteUrl, revalidateSecret: SECRET });
});

after(async () => {
  await cms?.stop();
  site?.close();
});

describe("API reference", () => {
  test("the seeded document is published processed: every operation, per tag, for anonymous readers", async () => {
    const { reference, navigation } = await publicReference();
    assert.ok(seededOperations.length >= 25, `the seed has ${seededOperations.length} operations`);
    assert.deepEqual(reference.operations.map((operation) => operation.id).sort(), [...seededOperations].sort());
    assert.deepEqual(
      navigation.tags.map((tag) => tag.name),
      apiReferenceDocument.tags.map((tag) => tag.name),
    );
    // Dereferenced: no $ref is left anywhere the site reads.
    assert.doesNotMatch(JSON.stringify(reference), /"\$ref"/);
  });

  test("an invalid document is refused with the parser's message, and the last good one keeps serving", async () => {
    const before = await publicReference();
    const broken = structuredClone(apiReferenceDocument);
    broken.paths["/v1/projects"].get.responses["200"] = {}; // a response without its required description
    const refused = await saveSource(JSON.stringify(broken));
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    const message = refused.body.errors?.[0]?.message ?? "";
    assert.match(message, /invalid/i);
    assert.match(message, /description/);
    assert.match(message, /paths\/~1v1~1projects\/get\/responses\/200/);

    const unparsable = await saveSource("openapi: 3.1.0\ninfo: [\n");
    assert.equal(unparsable.status, 400);
    assert.match(unparsable.body.errors?.[0]?.message ?? "", /does not parse/);

    const after = await publicReference();
    assert.deepEqual(after, before);
  });

  test("a valid change is processed at once and tells the site to revalidate", async () => {
    const changed = structuredClone(apiReferenceDocument);
    changed.paths["/v1/clusters"].post.summary = "Create a Kubernetes cluster";
    const saved = await saveSource(JSON.stringify(changed));
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const { reference } = await publicReference();
    assert.equal(reference.operations.find((operation) => operation.id === "createCluster").summary, "Create a Kubernetes cluster");
    await site.waitFor((call) => call.body?.collection === "api_reference");
  });

  test("the processed fields are the hook's alone: what a client sends for them is replaced", async () => {
    const response = await fetch(`${URL_}/items/api_reference`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ reference: { format: 1, operations: [] } }),
    });
    assert.equal(response.status, 200);
    const { reference } = await publicReference();
    assert.equal(reference.operations.length, seededOperations.length);
  });
});
