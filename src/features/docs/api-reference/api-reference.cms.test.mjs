// Contract tests for the API reference (the `api_reference` singleton, the latest version, the
// `api_reference_versions` collection of earlier ones, and their hook): the seeded OpenAPI
// documents are validated, linted and processed when saved, an invalid one (or one with lint
// errors) is refused with the parser's (or the linter's) message while the last good one keeps
// serving; a document's lint warnings are written to its item's `lint_warnings` (the hook's alone,
// cleared by a clean document); a published earlier version is read like other published content,
// a draft only by the preview token. Its own Directus on port 8136 (8156 on PostgreSQL) with a fresh data dir
// (cms/data-api-reference-test).
//   PATH=node_modules/.bin:$PATH node --test src/features/docs/api-reference/api-reference.cms.test.mjs
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CMS_DIR, DEFAULTS } from "../../../../cms/scripts/lib.mjs";
import { apiReferenceDocument, apiReferenceDocumentV1 } from "../cms/seed/api-reference.mjs";
import { graphqlClient, startFreshCms, startRevalidateCatcher } from "../../../../cms/test/support.mjs";

const PG = process.env.CMS_TEST_DB === "pg";
const PORT = 8136 + Number(process.env.CMS_TEST_PORT_OFFSET ?? 0) + Number(process.env.TEST_PORT_OFFSET ?? 0);
const DATA_DIR = join(CMS_DIR, PG ? "data-api-reference-test-pg" : "data-api-reference-test");
const URL_ = `http://127.0.0.1:${PORT}`;
const SECRET = "api-reference-test-revalidate-secret";
const ADMIN = process.env.DIRECTUS_ADMIN_TOKEN ?? DEFAULTS.DIRECTUS_ADMIN_TOKEN;
const READ = process.env.DIRECTUS_READ_TOKEN ?? DEFAULTS.DIRECTUS_READ_TOKEN;
const PREVIEW = process.env.DIRECTUS_PREVIEW_TOKEN ?? DEFAULTS.DIRECTUS_PREVIEW_TOKEN;

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

/** What the admin's item form shows of a field (the admin token reads every field). */
async function adminField(path, field, filter) {
  const query = new URLSearchParams({ fields: field, ...(filter ? { filter: JSON.stringify(filter) } : {}) });
  const response = await fetch(`${URL_}/items/${path}?${query}`, { headers: { Authorization: `Bearer ${ADMIN}` } });
  assert.equal(response.status, 200);
  const { data } = await response.json();
  return (Array.isArray(data) ? data[0] : data)[field];
}

/** The warning every seeded version has: a licence is the API owners' call (decision 017). */
const licenseWarning = "Info object should contain `license` field. at /info (info-license)";

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

  test("the seeded documents' lint warnings are on their items, where an editor sees them", async () => {
    assert.equal(await adminField("api_reference", "lint_warnings"), licenseWarning);
    assert.equal(await adminField("api_reference_versions", "lint_warnings", { version: { _eq: "v1" } }), licenseWarning);
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

  test("a valid document with lint errors is refused with the linter's first messages, and the last good one keeps serving", async () => {
    const before = await publicReference();
    const duplicated = structuredClone(apiReferenceDocument);
    duplicated.paths["/v1/projects"].post.operationId = "listProjects"; // the GET's id too: valid, but two pages would share it
    const refused = await saveSource(JSON.stringify(duplicated));
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    const message = refused.body.errors?.[0]?.message ?? "";
    assert.match(message, /an error under Redocly's recommended rules/);
    assert.match(message, /unique `operationId`/);
    assert.match(message, /at \/paths\/~1v1~1projects\/post/);
    assert.deepEqual(await publicReference(), before);
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

  test("a save writes the document's lint warnings, one a line, replaces an editor's own and clears them when there are none", async () => {
    // No 4XX response: Redocly's recommended rules warn (operation-4xx-response), the hook saves.
    const warned = structuredClone(apiReferenceDocument);
    const listProjects = warned.paths["/v1/projects"].get;
    for (const status of Object.keys(listProjects.responses)) if (status.startsWith("4")) delete listProjects.responses[status];
    const twoWarnings = [
      licenseWarning,
      "Operation must have at least one `4XX` response. at /paths/~1v1~1projects/get/responses (operation-4xx-response)",
    ].join("\n");
    const saved = await saveSource(JSON.stringify(warned));
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(await adminField("api_reference", "lint_warnings"), twoWarnings);

    // The field is the hook's: an editor's value is dropped without a source, replaced with one.
    const patch = (body) =>
      fetch(`${URL_}/items/api_reference`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    assert.equal((await patch({ lint_warnings: "Looks fine to me" })).status, 200);
    assert.equal(await adminField("api_reference", "lint_warnings"), twoWarnings);
    assert.equal((await patch({ source: JSON.stringify(warned), lint_warnings: null })).status, 200);
    assert.equal(await adminField("api_reference", "lint_warnings"), twoWarnings);

    // A refused save (a lint error) writes nothing: the last saved document's warnings stay.
    const duplicated = structuredClone(warned);
    duplicated.paths["/v1/projects"].post.operationId = "listProjects";
    const refused = await saveSource(JSON.stringify(duplicated));
    assert.equal(refused.status, 400);
    assert.match(refused.body.errors?.[0]?.message ?? "", /an error under Redocly's recommended rules: .*unique `operationId`/);
    assert.equal(await adminField("api_reference", "lint_warnings"), twoWarnings);

    // A clean document (a licence, every operation with a 4XX) clears the field.
    const clean = structuredClone(apiReferenceDocument);
    clean.info.license = { name: "Apache 2.0", identifier: "Apache-2.0" };
    const cleaned = await saveSource(JSON.stringify(clean));
    assert.equal(cleaned.status, 200, JSON.stringify(cleaned.body));
    assert.equal(await adminField("api_reference", "lint_warnings"), null);
  });

  describe("versions", () => {
    const versionsQuery = '{ api_reference_versions(sort: ["version"]) { version status navigation } api_reference { version } }';
    const createVersion = (item) =>
      fetch(`${URL_}/items/api_reference_versions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/json" },
        body: JSON.stringify(item),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));

    test("the seed publishes v1 as an earlier version, processed, and names the latest v2", async () => {
      const json = await gql(versionsQuery);
      assert.equal(json.errors, undefined, JSON.stringify(json.errors));
      assert.equal(json.data.api_reference.version, "v2");
      assert.deepEqual(
        json.data.api_reference_versions.map((item) => item.version),
        ["v1"],
      );
      const v1Operations = Object.values(apiReferenceDocumentV1.paths).flatMap((item) =>
        Object.values(item)
          .filter((operation) => operation?.operationId)
          .map((operation) => operation.operationId),
      );
      const processed = json.data.api_reference_versions[0].navigation.tags.flatMap((tag) =>
        tag.operations.map((operation) => operation.id),
      );
      assert.deepEqual(processed.sort(), v1Operations.sort());
      assert.ok(!processed.includes("upgradeCluster"));
    });

    test("a draft version is the preview token's alone; the site's token and anonymous readers see published ones", async () => {
      const draft = await createVersion({ version: "v3", status: "draft", source: JSON.stringify(apiReferenceDocumentV1) });
      assert.equal(draft.status, 200, JSON.stringify(draft.body));
      const names = async (token) => {
        const json = await gql(versionsQuery, token ? { token } : {});
        assert.equal(json.errors, undefined, JSON.stringify(json.errors));
        return json.data.api_reference_versions.map((item) => item.version);
      };
      assert.deepEqual(await names(null), ["v1"]);
      assert.deepEqual(await names(READ), ["v1"]);
      assert.deepEqual(await names(PREVIEW), ["v1", "v3"]);
      await site.waitFor((call) => call.body?.collection === "api_reference_versions");
    });

    test("a version's name is v and a number, and its document is validated like the latest's", async () => {
      const badName = await createVersion({ version: "clusters", status: "draft", source: JSON.stringify(apiReferenceDocumentV1) });
      assert.equal(badName.status, 400);
      assert.match(badName.body.errors?.[0]?.message ?? "", /"v" and a number/);

      const broken = structuredClone(apiReferenceDocumentV1);
      broken.paths["/v1/projects"].get.responses["200"] = {};
      const invalid = await createVersion({ version: "v4", status: "draft", source: JSON.stringify(broken) });
      assert.equal(invalid.status, 400);
      assert.match(invalid.body.errors?.[0]?.message ?? "", /invalid/i);

      const clashing = structuredClone(apiReferenceDocumentV1);
      clashing.tags.push({ name: "V5" });
      clashing.paths["/v1/projects"].get.tags = ["V5"];
      const clash = await createVersion({ version: "v5", status: "draft", source: JSON.stringify(clashing) });
      assert.equal(clash.status, 400);
      assert.match(clash.body.errors?.[0]?.message ?? "", /address of a version/);
    });

    test("a version's lint warnings are on its item like the latest's: written on create, replaced, cleared", async () => {
      const created = await createVersion({
        version: "v6",
        status: "draft",
        source: JSON.stringify(apiReferenceDocumentV1),
        lint_warnings: "Mine",
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const path = `api_reference_versions/${created.body.data.id}`;
      assert.equal(await adminField(path, "lint_warnings"), licenseWarning);

      const clean = structuredClone(apiReferenceDocumentV1);
      clean.info.license = { name: "Apache 2.0", identifier: "Apache-2.0" };
      const response = await fetch(`${URL_}/items/${path}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${ADMIN}`, "Content-Type": "application/json" },
        body: JSON.stringify({ source: JSON.stringify(clean), lint_warnings: "Mine" }),
      });
      assert.equal(response.status, 200, await response.text());
      assert.equal(await adminField(path, "lint_warnings"), null);
    });
  });
});
