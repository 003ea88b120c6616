import { beforeEach, describe, expect, it } from "vitest";
import { processApiDocument } from "../../../cms/extensions/api-reference/process.mjs";
import { apiReferenceDocument, apiReferenceDocumentV1 } from "../docs/cms/seed/api-reference.mjs";
import { createApp } from "../../app/create-app";
import { apiBreakingChangesQuery } from "./index";
import { changelogEntriesAnswer, changelogEntryAnswer } from "../../../test/worker/fixtures/changelog";
import { mockDirectus, request, resetContentState, textOf, type UpstreamCall } from "../../../test/worker/helpers";

beforeEach(resetContentState);

// An entry announcing the latest version (v2, the seeded documents of test/worker/fixtures/api-reference),
// added in front of the fixtures' entries, none of which names a version.
const announcing = {
  id: "4",
  slug: "api-v2",
  title: "API v2 is the latest version",
  kind: "new",
  products: ["API"],
  published_at: "2026-11-25T10:00:00.000Z",
  date_updated: null,
  body: "The API reference now describes **v2**.",
};
const entries = { changelog_entries: [announcing, ...changelogEntriesAnswer.changelog_entries] };
const answers = {
  ChangelogEntries: entries,
  ChangelogEntry: (call: UpstreamCall) =>
    call.variables.slug === announcing.slug ? { changelog_entries: [{ ...announcing, share_card: null }] } : changelogEntryAnswer(call),
};
const appWith = (more: Record<string, unknown> = {}) =>
  createApp({ pageCache: false, content: { fetch: mockDirectus({ ...answers, ...more }).fetch } });

/** The API reference's answers with `earlier` published as v1 and `latest` as v2. */
function versionsOf(earlier: object, latest: object) {
  const [v1, v2] = [processApiDocument(earlier), processApiDocument(latest)] as { navigation: unknown; reference: unknown }[];
  return {
    ApiNavigation: { api_reference: { navigation: v2!.navigation, version: "v2" } },
    ApiReference: { api_reference: { reference: v2!.reference, version: "v2", date_updated: null } },
    ApiVersions: { api_reference_versions: [{ version: "v1", navigation: v1!.navigation }] },
    ApiVersionReference: (call: UpstreamCall) => ({
      api_reference_versions: call.variables.version === "v1" ? [{ version: "v1", reference: v1!.reference, date_updated: null }] : [],
    }),
  };
}

/** The page without its payload, and its "Breaking changes" section. */
async function pageOf(path: string, more: Record<string, unknown> = {}) {
  const response = await request(path, { app: appWith(more) });
  const text = await response.text();
  const body = text.slice(0, text.indexOf('<script id="__STATE__"'));
  return { response, body, section: /<section[^>]*data-api-breaking-changes[\s\S]*?<\/section>/.exec(body)?.[0] ?? "" };
}

describe("an entry announcing an API version", () => {
  it("lists the breaking changes from the version before, each linked to its operation in the new version", async () => {
    const { response, section } = await pageOf("/changelog/api-v2");
    expect(response.status).toBe(200);
    expect(section).toContain('data-api-breaking-changes="v2"');
    const text = textOf(section);
    expect(text).toContain("Breaking changes from v1 to v2");
    expect(text).toContain("The request body field storage_class is now required.");
    expect(text).toContain("It answers 202 on success instead of 204.");
    expect(text).toContain('The response field data[].status (200) may now be "deleting"');
    expect(text).toContain("May break strict clients");
    const hrefs = [...section.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual([
      "/docs/api/object-storage/create-bucket",
      "/docs/api/inference-endpoints/list-endpoints",
      "/docs/api/inference-endpoints/create-endpoint",
      "/docs/api/inference-endpoints/get-endpoint",
      "/docs/api/inference-endpoints/delete-endpoint",
    ]);
    // Every link opens the operation's page.
    for (const href of new Set(hrefs)) expect((await request(href!)).status, href).toBe(200);
  });

  it("links an operation the new version removed to its page in the old one", async () => {
    // The seeded documents the other way round: v2 lacks v1's upgradeCluster.
    const more = versionsOf(apiReferenceDocument, apiReferenceDocumentV1);
    const { section } = await pageOf("/changelog/api-v2", more);
    const removed = /<li[^>]*data-rule="operation-removed"[\s\S]*?<\/li>/.exec(section)?.[0] ?? "";
    expect(textOf(removed)).toContain("Upgrade a cluster POST /v1/clusters/{cluster_id}/upgrade in v1");
    expect(textOf(removed)).toContain("POST /v1/clusters/{cluster_id}/upgrade was removed.");
    expect(removed).toContain('href="/docs/api/v1/clusters/upgrade-cluster"');
    expect((await request("/docs/api/v1/clusters/upgrade-cluster", { app: appWith(more) })).status).toBe(200);
  });

  it("says so when the new version breaks nothing", async () => {
    const { section } = await pageOf("/changelog/api-v2", versionsOf(apiReferenceDocument, apiReferenceDocument));
    expect(textOf(section)).toContain("Breaking changes from v1 to v2 None: a client written for v1 works with v2 unchanged.");
    expect(section).not.toContain("<li");
  });

  it("an entry naming no version shows nothing more, and asks nothing of the API reference", async () => {
    const directus = mockDirectus(answers);
    const response = await request("/changelog/b200-reserved-clusters", {
      app: createApp({ pageCache: false, content: { fetch: directus.fetch } }),
    });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).not.toContain("data-api-breaking-changes");
    expect(body).not.toContain("Breaking changes");
    expect(directus.count("ApiReference") + directus.count("ApiVersionReference")).toBe(0);
  });

  it("answers the browser's navigation to the entry through /graphql with the same changes", async () => {
    const response = await request("/graphql", {
      app: appWith(),
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ operationName: "ApiBreakingChanges", query: apiBreakingChangesQuery.document, variables: { version: "v2" } }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { apiBreakingChanges: { previous: string; changes: { operation: { id: string } }[] } };
    };
    expect(data.apiBreakingChanges.previous).toBe("v1");
    expect(data.apiBreakingChanges.changes.map((change) => change.operation.id)).toEqual([
      "createBucket",
      "listEndpoints",
      "createEndpoint",
      "getEndpoint",
      "deleteEndpoint",
    ]);
  });

  it("has no changes for the first version nor for an unknown one", async () => {
    for (const version of ["v1", "v9"]) {
      const response = await request("/graphql", {
        app: appWith(),
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ operationName: "ApiBreakingChanges", query: apiBreakingChangesQuery.document, variables: { version } }),
      });
      expect(await response.json(), version).toEqual({ data: { apiBreakingChanges: null } });
    }
  });

  it("carries the changes in the entry's RSS item, with absolute links", async () => {
    const xml = await (await request("/changelog/rss.xml", { app: appWith() })).text();
    const item = /<item>[\s\S]*?<\/item>/.exec(xml)?.[0] ?? "";
    expect(item).toContain("<link>http://localhost:3000/changelog/api-v2</link>");
    expect(item).toContain("Breaking changes from v1 to v2");
    expect(item).toContain("http://localhost:3000/docs/api/object-storage/create-bucket");
    expect(item).toContain("storage_class is now required.");
    // The other entries' items are as before.
    expect(xml.split("Breaking changes from").length - 1).toBe(1);
  });
});
