import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../app/create-app";
import { apiReferenceDocument, apiReferenceDocumentV1 } from "../cms/seed/api-reference.mjs";
import { mockDirectus, request, resetContentState, textOf } from "../../../../test/worker/helpers";

beforeEach(resetContentState);

// The seeded versions: v2 (the latest, the singleton) adds upgradeCluster and deprecates
// updateCluster; v1 is an earlier version with its pages under /docs/api/v1.
const site = "http://localhost:3000";
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const pickerOf = (html: string) => /<details[^>]*data-api-versions[\s\S]*?<\/details>/.exec(html)?.[0] ?? "";
const noticeOf = (html: string) => /<p[^>]*data-api-version-notice[\s\S]*?<\/p>/.exec(html)?.[0] ?? "";

async function mcpCall(name: string, args: Record<string, unknown>) {
  const response = await request("/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  return { status: response.status, body: (await response.json()) as { result?: any; error?: { code: number; message: string } } };
}

describe("API versions", () => {
  it("the seed's v2 changes what the pages say (a new operation, a deprecated one)", () => {
    expect(Object.keys(apiReferenceDocument.paths)).toContain("/v1/clusters/{cluster_id}/upgrade");
    expect(Object.keys(apiReferenceDocumentV1.paths)).not.toContain("/v1/clusters/{cluster_id}/upgrade");
    expect(apiReferenceDocument.paths["/v1/clusters/{cluster_id}"].patch.deprecated).toBe(true);
  });

  it("serves an earlier version's overview, tags and operations under its name, with the picker and the notice", async () => {
    for (const path of ["/docs/api/v1", "/docs/api/v1/clusters", "/docs/api/v1/clusters/create-cluster"]) {
      const response = await request(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const picker = pickerOf(html);
      expect(textOf(picker)).toContain("API version v1");
      expect(picker).toMatch(/aria-current="page"[^>]*data-api-version="v1"/);
      expect(picker).toContain('data-api-version="v2"');
      expect(textOf(picker)).toMatch(/v2\s*latest/);
      expect(textOf(noticeOf(html))).toContain("You are reading v1; the latest is v2.");
    }
    const tag = await (await request("/docs/api/v1/clusters")).text();
    expect(tag).toContain('href="/docs/api/v1/clusters/create-cluster"');
    expect(tag).not.toContain("upgrade-cluster");
    const latestTag = await (await request("/docs/api/clusters")).text();
    expect(latestTag).toContain('href="/docs/api/clusters/upgrade-cluster"');
  });

  it("points an earlier version's page at the latest's same operation: the notice, the picker and the canonical link", async () => {
    const html = await (await request("/docs/api/v1/clusters/create-cluster")).text();
    expect(noticeOf(html)).toContain('href="/docs/api/clusters/create-cluster"');
    expect(pickerOf(html)).toContain('href="/docs/api/clusters/create-cluster"');
    expect(canonicalOf(html)).toBe(`${site}/docs/api/clusters/create-cluster`);
    // The sidebar of an earlier version links to its own pages.
    expect(html).toContain('href="/docs/api/v1/clusters"');
    // Try it of an earlier version sends to its mock.
    expect(html).toContain("/api/mock/@v1");
  });

  it("keeps the latest's pages where they were, canonical to themselves, and links a new operation's picker to v1's overview", async () => {
    const html = await (await request("/docs/api/clusters/upgrade-cluster")).text();
    expect(canonicalOf(html)).toBe(`${site}/docs/api/clusters/upgrade-cluster`);
    expect(noticeOf(html)).toBe("");
    const picker = pickerOf(html);
    expect(picker).toMatch(/aria-current="page"[^>]*data-api-version="v2"/);
    expect(picker).toMatch(/href="\/docs\/api\/v1"[^>]*data-api-version="v1"/);
    expect(canonicalOf(await (await request("/docs/api/clusters/create-cluster")).text())).toBe(`${site}/docs/api/clusters/create-cluster`);
  });

  it("answers an unknown version, the latest's own name and an operation a version lacks with the 404 page", async () => {
    for (const path of [
      "/docs/api/v9",
      "/docs/api/v9/clusters",
      "/docs/api/v9/clusters/create-cluster",
      "/docs/api/v2/clusters/create-cluster",
      "/docs/api/v1/clusters/upgrade-cluster",
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
    }
  });

  it("lists every version's pages in the sitemap", async () => {
    const xml = await (await request("/sitemap.xml")).text();
    for (const path of [
      "/docs/api/clusters/create-cluster",
      "/docs/api/clusters/upgrade-cluster",
      "/docs/api/v1",
      "/docs/api/v1/clusters",
      "/docs/api/v1/clusters/create-cluster",
    ]) {
      expect(xml).toContain(`<loc>${site}${path}</loc>`);
    }
    expect(xml).not.toContain(`<loc>${site}/docs/api/v1/clusters/upgrade-cluster</loc>`);
  });

  it("has a Markdown file per version's page, canonical to the latest's when it has the page", async () => {
    const v1 = await request("/docs/api/v1/inference-endpoints/delete-endpoint.md");
    expect(v1.status).toBe(200);
    expect(v1.headers.get("link")).toBe(`<${site}/docs/api/inference-endpoints/delete-endpoint>; rel="canonical"`);
    const markdown = await v1.text();
    expect(markdown).toContain("You are reading v1; the latest is v2.");
    expect(markdown).toContain(`Source: ${site}/docs/api/v1/inference-endpoints/delete-endpoint`);
    expect(markdown).toContain("### 204");
    expect(markdown).not.toContain("### 202");
    const overview = await (await request("/docs/api/v1.md")).text();
    expect(overview).toContain(`${site}/docs/api/v1/clusters.md`);
    expect((await request("/docs/api/v1/clusters/upgrade-cluster.md")).status).toBe(404);
    // Only in v2: its own canonical, no note.
    const latest = await request("/docs/api/clusters/upgrade-cluster.md");
    expect(latest.headers.get("link")).toBe(`<${site}/docs/api/clusters/upgrade-cluster>; rel="canonical"`);
    expect(await latest.text()).not.toContain("You are reading");
  });

  it("shows a deprecated operation's notice with the changelog entries that announce it", async () => {
    const entry = { slug: "cluster-upgrades-operation", title: "Cluster upgrades have an operation of their own", kind: "deprecated" };
    const directus = mockDirectus({
      ChangelogLinks: {
        changelog_entries: [
          { ...entry, published_at: "2026-11-26T10:00:00.000Z", operations: ["updateCluster", "upgradeCluster"], docs_pages: [] },
        ],
      },
    });
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    const html = await (await request("/docs/api/clusters/update-cluster", { app })).text();
    const notice = /<div[^>]*data-deprecated-notice[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(textOf(notice)).toContain("Deprecated. This operation is deprecated");
    expect(notice).toContain(`href="/changelog/${entry.slug}"`);
    expect(textOf(notice)).toContain(entry.title);
    // v1's Update a cluster is not deprecated.
    expect(await (await request("/docs/api/v1/clusters/update-cluster", { app })).text()).not.toContain("data-deprecated-notice");
    // Its Markdown says so too.
    expect(await (await request("/docs/api/clusters/update-cluster.md", { app })).text()).toContain("**Deprecated.**");
  });

  it("answers get_api_operation from the latest unless asked for a version, and says which", async () => {
    const latest = await mcpCall("get_api_operation", { operation: "deleteEndpoint" });
    expect(latest.body.result.structuredContent.version).toBe("v2");
    expect(latest.body.result.structuredContent.responses.map((response: { status: string }) => response.status)).toContain("202");
    expect(latest.body.result.content[0].text).toMatch(/^API version v2 \(the latest\)\./);

    const v1 = await mcpCall("get_api_operation", { operation: "deleteEndpoint", version: "v1" });
    expect(v1.body.result.structuredContent).toMatchObject({ version: "v1", latestVersion: "v2" });
    expect(v1.body.result.structuredContent.url).toBe(`${site}/docs/api/v1/inference-endpoints/delete-endpoint`);
    expect(v1.body.result.structuredContent.responses.map((response: { status: string }) => response.status)).toContain("204");
    expect(v1.body.result.content[0].text).toMatch(/^API version v1; the latest is v2\./);

    // A v1 URL names its version.
    const byUrl = await mcpCall("get_api_operation", { operation: `${site}/docs/api/v1/inference-endpoints/delete-endpoint` });
    expect(byUrl.body.result.structuredContent.version).toBe("v1");

    const missing = await mcpCall("get_api_operation", { operation: "upgradeCluster", version: "v1" });
    expect(missing.body.result.isError).toBe(true);
    expect(missing.body.result.content[0].text).toContain("in v1");

    const unknown = await mcpCall("get_api_operation", { operation: "createCluster", version: "v9" });
    expect(unknown.status).toBe(200);
    expect(unknown.body.error?.code).toBe(-32602);
    expect(unknown.body.error?.message).toContain("v2 (latest), v1");
  });

  it("searches the latest version's operations unless asked for an earlier one, on the site search and over MCP", async () => {
    type Found = { results: { url: string; section?: string }[]; counts: Record<string, number> };
    const search = async (query: string) => (await (await request(`/api/search?${query}`)).json()) as Found;
    const urls = (found: Found) => found.results.map((result) => result.url);

    const latest = await search("q=upgrade%20cluster");
    expect(urls(latest)).toContain("/docs/api/clusters/upgrade-cluster");
    expect(urls(latest).some((url) => url.startsWith("/docs/api/v1/"))).toBe(false);

    const v1 = await search("q=delete%20endpoint&version=v1");
    expect(urls(v1)).toContain("/docs/api/v1/inference-endpoints/delete-endpoint");
    expect(urls(v1)).not.toContain("/docs/api/inference-endpoints/delete-endpoint");
    expect(v1.results.find((result) => result.url.startsWith("/docs/api/v1/"))?.section).toMatch(/^API reference v1 › /);
    // v1 has no upgrade operation; the guides are found whatever the version.
    expect(urls(await search("q=upgrade%20cluster&version=v1")).some((url) => url.includes("upgrade-cluster"))).toBe(false);
    const guides = urls(await search("q=kubernetes"));
    expect(guides.length).toBeGreaterThan(0);
    expect(urls(await search("q=kubernetes&version=v1")).filter((url) => !url.startsWith("/docs/api"))).toEqual(
      guides.filter((url) => !url.startsWith("/docs/api")),
    );
    // The latest's own name is the default view.
    expect(urls(await search("q=upgrade%20cluster&version=v2"))).toEqual(urls(latest));

    const bad = await request("/api/search?q=cluster&version=latest");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain('"version" must name an API version');

    const mcpV1 = await mcpCall("search", { query: "delete endpoint", kind: "api", version: "v1" });
    const mcpUrls = mcpV1.body.result.structuredContent.results.map((result: { url: string }) => result.url);
    expect(mcpUrls).toContain(`${site}/docs/api/v1/inference-endpoints/delete-endpoint`);
    expect(mcpUrls.every((url: string) => url.startsWith(`${site}/docs/api/v1/`))).toBe(true);
    expect(mcpV1.body.result.content[0].text).toContain("(api, API v1)");
    const mcpLatest = await mcpCall("search", { query: "delete endpoint", kind: "api" });
    expect(mcpLatest.body.result.structuredContent.results[0].url).toBe(`${site}/docs/api/inference-endpoints/delete-endpoint`);
    const unknown = await mcpCall("search", { query: "cluster", version: "v9" });
    expect(unknown.body.error?.code).toBe(-32602);
    expect(unknown.body.error?.message).toContain("v2 (latest), v1");
  });

  it("names the latest version in llms.txt and lists the earlier ones by their overviews", async () => {
    const text = await (await request("/llms.txt")).text();
    expect(text).toContain("version v2 (the latest)");
    expect(text).toContain(`- [Version v1 (earlier)](${site}/docs/api/v1.md)`);
    expect(text).toContain(`(${site}/docs/api/clusters/upgrade-cluster.md)`);
    expect(text).not.toContain(`${site}/docs/api/v1/clusters`);
  });

  it("mocks each version: an earlier one under /api/mock/@<version>", async () => {
    const key = { Authorization: "Bearer mrd_test_example" };
    expect((await request("/api/mock/v1/endpoints/ep_Llama70bProd", { method: "DELETE", headers: key })).status).toBe(202);
    expect((await request("/api/mock/@v1/v1/endpoints/ep_Llama70bProd", { method: "DELETE", headers: key })).status).toBe(204);
    expect((await request("/api/mock/@v9/v1/endpoints/ep_Llama70bProd", { method: "DELETE", headers: key })).status).toBe(404);
  });
});
