import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import type { Bindings } from "../../env";
import { docsBodiesAnswer, docsPages, docsTreeData } from "../../../test/worker/fixtures/docs";
import { processed } from "../../../test/worker/fixtures/api-reference";
import { mockDirectus, request, resetContentState, testSecrets, type UpstreamCall } from "../../../test/worker/helpers";
import { mcpRateLimit } from "./routes/mcp.server";
import { passageExcerpt } from "./tools.server";

/*
 * The MCP server at /mcp, driven by the official SDK's client (Client + Streamable HTTP
 * transport) whose fetch goes to the worker's app inside workerd: what an AI tool sees.
 */

/** A draft page Directus holds beside the published ones: its filter by `$status` keeps it from the public. */
const draft = {
  id: "99",
  title: "Secret roadmap",
  slug: "secret-roadmap",
  description: "Capacity we cannot deliver yet.",
  sort: 9,
  date_updated: null,
  section: { id: "2" },
  parent: null,
  body: "## Unannounced\n\nThe B300 launch date.",
  status: "draft",
};
const published = (call: UpstreamCall, page: object) =>
  ((call.variables.status as string[] | undefined) ?? ["published"]).includes((page as { status?: string }).status ?? "published");
const allPages = [...docsPages, draft];
const { body: _body, ...draftWithoutBody } = draft;

function directusWithDraft() {
  return mockDirectus({
    DocsTree: (call: UpstreamCall) => ({
      docs_sections: docsTreeData.docs_sections,
      docs_pages: [...docsTreeData.docs_pages, draftWithoutBody].filter((page) => published(call, page)),
    }),
    DocsBodies: (call: UpstreamCall) => docsBodiesAnswer(allPages.filter((page) => published(call, page)))(call),
    DocsSources: (call: UpstreamCall) => ({ docs_pages: allPages.filter((page) => published(call, page)) }),
  });
}

/** An SDK client connected to a fresh app; `log` records every HTTP exchange (the session transcript). */
async function connect({ headers = {}, env: overrides = {} }: { headers?: Record<string, string>; env?: Partial<Bindings> } = {}) {
  const directus = directusWithDraft();
  const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
  const log: { request: unknown; status: number; response: unknown }[] = [];
  const fetchApp = async (input: string | URL | Request, init?: RequestInit) => {
    const outgoing = new Request(input, init);
    for (const [name, value] of Object.entries(headers)) outgoing.headers.set(name, value);
    const body = outgoing.method === "POST" ? await outgoing.clone().text() : "";
    const response = await request(new URL(outgoing.url).pathname, {
      app,
      method: outgoing.method,
      headers: outgoing.headers,
      ...(body ? { body } : {}),
      env: overrides,
    });
    const text = await response.clone().text();
    log.push({ request: body ? JSON.parse(body) : outgoing.method, status: response.status, response: text ? JSON.parse(text) : null });
    return response;
  };
  const client = new Client({ name: "meridian-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost:3000/mcp"), { fetch: fetchApp });
  await client.connect(transport);
  return { client, log, directus };
}

const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as { type: string; text: string }[]).map((part) => part.text).join("\n");

describe("the MCP server at /mcp", () => {
  beforeEach(resetContentState);
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it("initializes with the SDK's client: a current protocol revision, tools, no session", async () => {
    const { client, log } = await connect();
    close = () => client.close();
    expect(client.getServerVersion()).toMatchObject({ name: "meridian-docs", version: "1.0.0" });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    expect(client.getInstructions()).toContain("search");
    const initialize = log[0] as {
      request: { method: string; params: { protocolVersion: string } };
      response: { result: { protocolVersion: string } };
    };
    expect(initialize.request.method).toBe("initialize");
    expect(initialize.response.result.protocolVersion).toBe("2025-06-18");
    // The initialized notification: accepted without a body.
    expect(log[1]).toMatchObject({ request: { method: "notifications/initialized" }, status: 202, response: null });
  });

  it("lists the four read-only tools with their argument schemas", async () => {
    const { client } = await connect();
    close = () => client.close();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search", "get_page", "get_api_operation", "list_changes"]);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(200);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
      expect(tool.inputSchema.type).toBe("object");
    }
    expect(tools[0]!.inputSchema.properties).toMatchObject({ kind: { enum: ["docs", "api", "changelog", "blog"] } });
  });

  it("search: finds docs pages, API operations and changelog entries, with a kind filter", async () => {
    const { client } = await connect();
    close = () => client.close();
    const all = await client.callTool({ name: "search", arguments: { query: "quickstart" } });
    expect(all.isError).toBeFalsy();
    const results = (all.structuredContent as { results: { title: string; url: string; kind: string }[] }).results;
    expect(results[0]).toMatchObject({ title: "Quickstart", url: "http://localhost:3000/docs/getting-started/quickstart", kind: "docs" });
    expect(textOf(all)).toContain("http://localhost:3000/docs/getting-started/quickstart");

    const api = await client.callTool({ name: "search", arguments: { query: "create cluster", kind: "api", limit: 3 } });
    const apiResults = (api.structuredContent as { results: { kind: string; url: string }[] }).results;
    expect(apiResults.length).toBeGreaterThan(0);
    expect(apiResults.length).toBeLessThanOrEqual(3);
    expect(apiResults.every((result) => result.kind === "api" && result.url.includes("/docs/api/"))).toBe(true);

    const changes = await client.callTool({ name: "search", arguments: { query: "HTTP/3 ingress", kind: "changelog" } });
    const changeResults = (changes.structuredContent as { results: { kind: string; url: string }[] }).results;
    expect(changeResults[0]).toMatchObject({ kind: "changelog", url: "http://localhost:3000/changelog/ingress-http3" });
  });

  it("search: a result is the passage that matched: its URL with the heading's anchor, and the passage's text", async () => {
    const { client } = await connect();
    close = () => client.close();
    const found = await client.callTool({ name: "search", arguments: { query: "four regions", kind: "docs" } });
    const results = (found.structuredContent as { results: { title: string; url: string; section?: string; excerpt?: string }[] }).results;
    expect(results[0]).toMatchObject({
      title: "Regions",
      url: "http://localhost:3000/docs/getting-started/overview#regions",
      section: "Overview",
      excerpt: "Four regions.",
    });
    expect(textOf(found)).toContain("http://localhost:3000/docs/getting-started/overview#regions\n   Four regions.");
    // An API operation's passage is the operation; its excerpt its text.
    const api = await client.callTool({ name: "search", arguments: { query: "create cluster", kind: "api", limit: 1 } });
    const [operation] = (api.structuredContent as { results: { url: string; excerpt?: string }[] }).results;
    expect(operation!.url).toMatch(/\/docs\/api\/clusters\//);
    expect(operation!.excerpt?.length).toBeGreaterThan(20);
  });

  it("search: a long passage's excerpt is cut near the words that matched", () => {
    const text = `${"Intro words here. ".repeat(60)}The quota is eight GPUs per project. ${"Trailing words. ".repeat(60)}`;
    const excerpt = passageExcerpt(text, ["quota"]);
    expect(excerpt.length).toBeLessThanOrEqual(602);
    expect(excerpt.startsWith("…The quota is eight GPUs per project.")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(passageExcerpt("Short.", ["x"])).toBe("Short.");
  });

  it("search: each call writes one search point with source mcp (no visitor: nothing about who asked)", async () => {
    const points: AnalyticsEngineDataPoint[] = [];
    const dataset = { writeDataPoint: (point?: AnalyticsEngineDataPoint) => void points.push(point ?? {}) } as AnalyticsEngineDataset;
    const { client } = await connect({ env: { SEARCH_EVENTS: dataset }, headers: { "User-Agent": "claude-code/2.0" } });
    close = () => client.close();
    await client.callTool({ name: "search", arguments: { query: "  QuickStart " } });
    await client.callTool({ name: "search", arguments: { query: "create cluster", kind: "api", limit: 3 } });
    await client.callTool({ name: "search", arguments: { query: "zzqx nothing matches this" } });
    await client.callTool({ name: "search", arguments: { query: "mail jane@example.com" } });
    expect(points.map((point) => point.blobs?.slice(0, 3))).toEqual([
      ["search", "quickstart", "mcp"],
      ["search", "create cluster", "mcp"],
      ["search", "zzqx nothing matches this", "mcp"],
    ]);
    expect(points[0]!.doubles![0]).toBeGreaterThan(0);
    expect(points[0]!.blobs![3]).toContain("doc");
    expect(points[1]!.blobs!.slice(3)).toEqual(["doc", "api"]);
    expect(points[2]!.doubles).toEqual([0, 0]);
    expect(JSON.stringify(points)).not.toContain("claude-code");
  });

  it("get_page: a docs page and an API page as the .md files have them", async () => {
    const { client } = await connect();
    close = () => client.close();
    const page = await client.callTool({
      name: "get_page",
      arguments: { url: "https://meridian.example/docs/getting-started/quickstart.md#x" },
    });
    expect(page.isError).toBeFalsy();
    const markdown = await (await request("/docs/getting-started/quickstart.md")).text();
    expect(textOf(page)).toBe(markdown);
    expect(textOf(page)).toContain("# Quickstart");

    const nested = await client.callTool({ name: "get_page", arguments: { url: "/docs/gpu-clusters/slurm/multi-node-jobs" } });
    expect(textOf(nested)).toContain("sbatch --nodes=4");

    const operation = processed.reference.operations[0]!;
    const apiPage = await client.callTool({ name: "get_page", arguments: { url: `/docs/api/${operation.tagSlug}/${operation.slug}` } });
    expect(textOf(apiPage)).toContain(`${operation.method} ${operation.path}`);

    const missing = await client.callTool({ name: "get_page", arguments: { url: "/docs/no/such-page" } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toContain("No published documentation page");
    const outside = await client.callTool({ name: "get_page", arguments: { url: "/blog/some-post" } });
    expect(outside.isError).toBe(true);
  });

  it("get_api_operation: by id, by method and path, by URL: parameters, schemas, samples", async () => {
    const { client } = await connect();
    close = () => client.close();
    const operation = processed.reference.operations.find((candidate) => candidate.requestBody) ?? processed.reference.operations[0]!;
    const byId = await client.callTool({ name: "get_api_operation", arguments: { operation: operation.id } });
    expect(byId.isError).toBeFalsy();
    const data = byId.structuredContent as Record<string, any>;
    expect(data).toMatchObject({ id: operation.id, method: operation.method, path: operation.path, summary: operation.summary });
    expect(data.parameters).toEqual(operation.parameters);
    expect(data.requestBody).toEqual(operation.requestBody);
    expect(data.responses).toEqual(operation.responses);
    expect(data.samples.map((sample: { language: string }) => sample.language)).toEqual(["curl", "python", "typescript", "go"]);
    expect(textOf(byId)).toContain("## Responses");
    expect(textOf(byId)).toContain("## Code samples");

    const byPath = await client.callTool({
      name: "get_api_operation",
      arguments: { operation: `${operation.method.toLowerCase()} ${operation.path}` },
    });
    expect((byPath.structuredContent as { id: string }).id).toBe(operation.id);
    const byUrl = await client.callTool({
      name: "get_api_operation",
      arguments: { operation: `http://localhost:3000/docs/api/${operation.tagSlug}/${operation.slug}` },
    });
    expect((byUrl.structuredContent as { id: string }).id).toBe(operation.id);

    const unknown = await client.callTool({ name: "get_api_operation", arguments: { operation: "launchRocket" } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain(operation.id); // the list of operations to choose from
  });

  it("list_changes: newest first, by product (name or slug), kind and dates", async () => {
    const { client } = await connect();
    close = () => client.close();
    const all = await client.callTool({ name: "list_changes", arguments: {} });
    const entries = (
      all.structuredContent as { entries: { title: string; date: string; kind: string; products: string[]; url: string; text: string }[] }
    ).entries;
    expect(entries.map((entry) => entry.date)).toEqual([...entries.map((entry) => entry.date)].sort().reverse());
    expect(entries[0]).toMatchObject({
      title: "B200 reserved clusters in eu-north-1",
      kind: "new",
      products: ["GPU Clusters"],
      date: "2026-11-20",
    });
    expect(entries[0]!.text).not.toContain("<");

    const gpu = await client.callTool({
      name: "list_changes",
      arguments: { product: "gpu-clusters", since: "2026-10-01", until: "2026-11-30" },
    });
    const gpuEntries = (gpu.structuredContent as { entries: { products: string[]; date: string }[] }).entries;
    expect(gpuEntries.length).toBeGreaterThan(0);
    expect(gpuEntries.every((entry) => entry.products.includes("GPU Clusters") && entry.date >= "2026-10-01")).toBe(true);

    const deprecated = await client.callTool({ name: "list_changes", arguments: { product: "API", kind: "deprecated", limit: 1 } });
    expect((deprecated.structuredContent as { entries: { title: string }[] }).entries).toEqual([
      expect.objectContaining({ title: "The zones field of regions is deprecated" }),
    ]);
  });

  it("never returns a draft: not from get_page, not from search, not to an editor with a preview token", async () => {
    for (const headers of [{}, { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN }] as Record<string, string>[]) {
      await resetContentState();
      const { client, directus } = await connect({ headers });
      const page = await client.callTool({ name: "get_page", arguments: { url: "/docs/gpu-clusters/secret-roadmap" } });
      expect(page.isError).toBe(true);
      expect(textOf(page)).not.toContain("B300");
      const found = await client.callTool({ name: "search", arguments: { query: "secret roadmap unannounced" } });
      expect(JSON.stringify(found)).not.toContain("secret-roadmap");
      expect(directus.calls.every((call) => call.authorization === `Bearer ${testSecrets.DIRECTUS_READ_TOKEN}`)).toBe(true);
      expect(directus.calls.every((call) => !JSON.stringify(call.variables ?? {}).includes("draft"))).toBe(true);
      await client.close();
    }
  });

  it("answers bad arguments and unknown tools as MCP errors (-32602), never a 500", async () => {
    const { client, log } = await connect();
    close = () => client.close();
    const bad: [string, Record<string, unknown>, RegExp][] = [
      ["search", {}, /"query" is required/],
      ["search", { query: "gpu", kind: "videos" }, /"kind" must be one of docs, api, changelog, blog/],
      ["search", { query: "gpu", limit: 500 }, /"limit" must be a whole number from 1 to 20/],
      ["search", { query: "x".repeat(201) }, /longer than 200/],
      ["search", { query: "gpu", colour: "red" }, /Unknown argument "colour"/],
      ["get_page", { url: 42 }, /"url" must be a string/],
      ["list_changes", { since: "last week" }, /"since" must be a date/],
      ["list_changes", { product: "Toasters" }, /No product "Toasters".*GPU Clusters/],
      ["no_such_tool", {}, /Unknown tool "no_such_tool"/],
    ];
    for (const [name, args, message] of bad) {
      const error = await client.callTool({ name, arguments: args }).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error, name).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(-32602);
      expect((error as McpError).message).toMatch(message);
    }
    expect(log.every((exchange) => exchange.status < 500)).toBe(true);
  });
});

describe("/mcp over plain HTTP", () => {
  beforeEach(resetContentState);
  const post = (body: string, headers: Record<string, string> = {}, env: Partial<Bindings> = {}) =>
    request("/mcp", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
      body,
      env,
    });

  it("GET and DELETE are 405 (no event stream, no session); OPTIONS names the methods", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await request("/mcp", { method });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    }
    const options = await request("/mcp", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("POST, OPTIONS");
  });

  const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
  const search = JSON.stringify({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "search", arguments: { query: "quickstart" } },
  });

  /** What a request may leave behind: search points and rate-limit counts. */
  function recorders() {
    const points: AnalyticsEngineDataPoint[] = [];
    const limited: string[] = [];
    const env = {
      SEARCH_EVENTS: { writeDataPoint: (point?: AnalyticsEngineDataPoint) => void points.push(point ?? {}) } as AnalyticsEngineDataset,
      MCP_LIMITER: {
        limit: async ({ key }: { key: string }) => {
          limited.push(key);
          return { success: true };
        },
      } as unknown as RateLimit,
    };
    return { points, limited, env };
  }

  it("refuses a page of another site (a text/plain POST, which a browser sends without asking first): 403, a JSON-RPC error, nothing run or recorded", async () => {
    const { points, limited, env } = recorders();
    for (const origin of ["https://evil.example", "http://localhost:3001", "https://localhost:3000", "null"]) {
      for (const body of [ping, search]) {
        const response = await post(body, { "Content-Type": "text/plain", Origin: origin, "Sec-Fetch-Site": "cross-site" }, env);
        expect([origin, response.status]).toEqual([origin, 403]);
        expect(response.headers.get("content-type")).toContain("application/json");
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("access-control-allow-origin")).toBeNull();
        const answer = (await response.json()) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
        expect(answer).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32000, message: expect.stringContaining("other websites") } });
      }
    }
    expect(points).toEqual([]);
    expect(limited).toEqual([]);
  });

  it("refuses another site's preflight, and answers none with CORS headers", async () => {
    const preflight = await request("/mcp", {
      method: "OPTIONS",
      headers: {
        Origin: "https://evil.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-methods")).toBeNull();
    expect(await preflight.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
    for (const method of ["GET", "DELETE"]) {
      expect((await request("/mcp", { method, headers: { Origin: "https://evil.example" } })).status).toBe(403);
    }
  });

  it("answers MCP clients (no Origin) and this site's own pages as before, and records their searches", async () => {
    const { points, limited, env } = recorders();
    for (const headers of [{}, { Origin: "http://localhost:3000", "Sec-Fetch-Site": "same-origin" }] as Record<string, string>[]) {
      const response = await post(ping, headers, env);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
      const searched = await post(search, headers, env);
      expect(searched.status).toBe(200);
      const { result } = (await searched.json()) as { result: { isError?: boolean; content: unknown[] } };
      expect(result.isError).toBeFalsy();
      expect(result.content.length).toBeGreaterThan(0);
    }
    expect(points.map((point) => point.blobs?.slice(0, 3))).toEqual([
      ["search", "quickstart", "mcp"],
      ["search", "quickstart", "mcp"],
    ]);
    expect(limited).toHaveLength(4);
  });

  it("answers broken JSON, batches, unknown methods and protocol versions as JSON-RPC errors", async () => {
    const parse = await post("{not json");
    expect(parse.status).toBe(400);
    expect(await parse.json()).toMatchObject({ error: { code: -32700 } });
    const batch = await post(JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }]));
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ error: { code: -32600 } });
    const unknown = await post(JSON.stringify({ jsonrpc: "2.0", id: "a", method: "resources/subscribe" }));
    expect(await unknown.json()).toMatchObject({ id: "a", error: { code: -32601 } });
    const version = await post(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }), { "MCP-Protocol-Version": "1999-01-01" });
    expect(version.status).toBe(400);
    const notJsonRpc = await post(JSON.stringify({ hello: "world" }));
    expect(await notJsonRpc.json()).toMatchObject({ error: { code: -32600 } });
  });

  it("answers Directus down with a JSON-RPC error, not an error page", async () => {
    const directus = mockDirectus();
    directus.state.down = true;
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    const response = await request("/mcp", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_changes", arguments: {} } }),
    });
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ id: 7, error: { code: -32603 } });
  });

  it("is rate limited per client address through MCP_LIMITER", async () => {
    const keys: string[] = [];
    const limiter = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        return { success: keys.length <= 1 };
      },
    };
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const env = { MCP_LIMITER: limiter as unknown as RateLimit };
    expect((await post(body, { "cf-connecting-ip": "203.0.113.9" }, env)).status).toBe(200);
    const limited = await post(body, { "cf-connecting-ip": "203.0.113.9" }, env);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: -32000 } });
    expect(keys).toEqual(["mcp:203.0.113.9", "mcp:203.0.113.9"]);
    expect(mcpRateLimit).toBe(120); // as wrangler.toml's MCP_LIMITER says
  });

  it("is listed in llms.txt", async () => {
    const text = await (await request("/llms.txt")).text();
    expect(text).toContain("- [MCP server](http://localhost:3000/mcp)");
    expect(text).toContain("http://localhost:3000/docs/getting-started/ai-tools");
  });
});
