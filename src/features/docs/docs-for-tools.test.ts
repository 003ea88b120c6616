import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { llmsPartCap } from "./routes/files.server";
import { surelyNotRedirected } from "../redirects/store.server";
import { prefersMarkdown } from "../../lib/accept";
import { clearPageMemory, servePageFromMemory } from "../../middleware/page-cache";
import { seededAnswers } from "../../../test/support/ask-seed";
import { apiReferenceData, processed } from "../../../test/worker/fixtures/api-reference";
import { docsBodiesAnswer, docsPages } from "../../../test/worker/fixtures/docs";
import { mockDirectus, request, resetContentState, testSecrets, textOf, type UpstreamCall } from "../../../test/worker/helpers";

beforeEach(resetContentState);

const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
const markdownAccept = "text/markdown, text/html;q=0.9, */*;q=0.8";
const bytes = (text: string) => new TextEncoder().encode(text).length;
/** Whether an answer names Accept among the request headers it varies by (not Accept-Encoding). */
const variesByAccept = (response: Response) => (response.headers.get("vary") ?? "").split(/,\s*/).includes("Accept");

describe("Accept: text/markdown", () => {
  it.each([
    ["text/markdown", true],
    ["text/markdown, */*", true],
    ["text/markdown;q=0.9, text/html;q=0.8", true],
    [markdownAccept, true],
    [browserAccept, false],
    ["*/*", false],
    ["text/html, text/markdown", false],
    ["text/markdown;q=0", false],
    ["text/markdown;q=0.5, */*", false],
    ["application/json", false],
    ["", false],
  ])("%j prefers Markdown: %s", (accept, expected) => {
    expect(prefersMarkdown(accept)).toBe(expected);
  });

  it("answers a docs page's Markdown at its own address, the same text as its .md, and HTML to a browser; both vary by Accept", async () => {
    const file = await (await request("/docs/getting-started/quickstart.md")).text();
    const markdown = await request("/docs/getting-started/quickstart", { headers: { Accept: markdownAccept } });
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers.get("vary")).toBe("Accept");
    expect(markdown.headers.get("content-location")).toBe("/docs/getting-started/quickstart.md");
    expect(markdown.headers.get("link")).toBe('<http://localhost:3000/docs/getting-started/quickstart>; rel="canonical"');
    expect(await markdown.text()).toBe(file);

    const html = await request("/docs/getting-started/quickstart", { headers: { Accept: browserAccept } });
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    expect(variesByAccept(html)).toBe(true);
    expect(await html.text()).toContain("<title>Quickstart");
  });

  it("answers an API reference page (overview, tag, operation, an earlier version's) with its .md's text", async () => {
    for (const path of ["/docs/api", "/docs/api/clusters", "/docs/api/clusters/create-cluster", "/docs/api/v1/clusters"]) {
      const file = await (await request(`${path}.md`)).text();
      const response = await request(path, { headers: { Accept: "text/markdown" } });
      expect(response.headers.get("content-type"), path).toBe("text/markdown; charset=utf-8");
      expect(response.headers.get("vary"), path).toBe("Accept");
      expect(await response.text(), path).toBe(file);
    }
  });

  it("answers HTML where there is no Markdown (an unknown page, the docs index), still varying by Accept", async () => {
    const missing = await request("/docs/getting-started/nope", { headers: { Accept: "text/markdown" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^text\/html/);
    expect(variesByAccept(missing)).toBe(true);
    const index = await request("/docs", { headers: { Accept: "text/markdown" } });
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("pages outside the docs do not vary", async () => {
    const home = await request("/", { headers: { Accept: "text/markdown" } });
    expect(home.headers.get("content-type")).toMatch(/^text\/html/);
    expect(variesByAccept(home)).toBe(false);
  });

  it("never shows a draft's Markdown, even to an editor in preview", async () => {
    const directus = mockDirectus();
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    await request("/docs/getting-started/quickstart", {
      app,
      headers: { Accept: "text/markdown", "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN },
    });
    expect(directus.calls.length).toBeGreaterThan(0);
    expect(directus.calls.every((call) => call.authorization === `Bearer ${testSecrets.DIRECTUS_READ_TOKEN}`)).toBe(true);
  });

  it("the page cache hands the HTML to browsers only: a request preferring Markdown never gets it, from memory, the Cache API or before the app", async () => {
    const app = createApp({ content: { fetch: mockDirectus().fetch } });
    const path = "/docs/getting-started/quickstart";
    const browse = () => request(path, { app, headers: { Accept: browserAccept } });
    const tool = () => request(path, { app, headers: { Accept: "text/markdown" } });
    const first = await browse();
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    await first.text();
    const hit = await browse();
    expect(hit.headers.get("x-page-cache")).toBe("HIT");
    expect(variesByAccept(hit)).toBe(true);
    await hit.text();

    const fromMemory = await tool();
    expect(fromMemory.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(fromMemory.headers.get("x-page-cache")).toBeNull();
    expect(await fromMemory.text()).toMatch(/^# Quickstart\n/);

    // Before the app: the browser's request is answered from memory, the tool's goes on to the app.
    const workerEnv = { ...env, ...testSecrets };
    const at = (accept: string) => new Request(new URL(path, "http://localhost:3000"), { headers: { Accept: accept } });
    const early = servePageFromMemory(at(browserAccept), workerEnv, surelyNotRedirected);
    expect(early?.headers.get("x-page-cache")).toBe("HIT");
    await early?.text();
    expect(servePageFromMemory(at("text/markdown"), workerEnv, surelyNotRedirected)).toBeNull();

    // Memory forgotten: the Cache API holds the page, and still only browsers get it.
    clearPageMemory();
    const fromCache = await tool();
    expect(fromCache.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    await fromCache.text();
    const browser = await browse();
    expect(browser.headers.get("content-type")).toMatch(/^text\/html/);
    expect(browser.headers.get("x-page-cache")).toBe("HIT");
    await browser.text();
  });
});

describe("the full docs in parts", () => {
  it("llms-full.txt is the index of the parts, and llms.txt lists them", async () => {
    const index = await (await request("/llms-full.txt")).text();
    expect(index.startsWith("# Meridian Cloud documentation, in full\n")).toBe(true);
    const parts = [...index.matchAll(/\]\((http:\/\/localhost:3000\/llms-full\/\S+\.txt)\)/g)].map((match) => match[1]!);
    expect(parts).toEqual([
      "http://localhost:3000/llms-full/getting-started.txt",
      "http://localhost:3000/llms-full/gpu-clusters.txt",
      "http://localhost:3000/llms-full/api.txt",
      ...processed.navigation.tags.map((tag) => `http://localhost:3000/llms-full/api/${tag.slug}.txt`),
    ]);
    const llms = await (await request("/llms.txt")).text();
    for (const part of parts) expect(llms).toContain(`](${part})`);
    expect(llms).toContain("](http://localhost:3000/llms-full.txt)");

    // Every page in its section's part, every operation in its tag's.
    const gettingStarted = await (await request("/llms-full/getting-started.txt")).text();
    expect(gettingStarted.startsWith("# Meridian Cloud documentation: Getting started\n\n> First steps with Meridian Cloud.\n")).toBe(true);
    expect(gettingStarted).toContain(
      "# Quickstart\n\n> An API key and a first call.\n\nSource: http://localhost:3000/docs/getting-started/quickstart\n",
    );
    const all = (await Promise.all(parts.map(async (part) => (await request(new URL(part).pathname)).text()))).join("\n");
    for (const page of docsPages) expect(all).toContain(`# ${page.title}\n`);
    for (const tag of processed.navigation.tags) {
      for (const operation of tag.operations) {
        expect(all).toContain(`Source: http://localhost:3000/docs/api/${tag.slug}/${operation.slug}\n`);
      }
    }
    expect(all).toContain("Source: http://localhost:3000/docs/api\n");
  });

  it("answers 404 for an unknown part or a bad continuation", async () => {
    for (const path of [
      "/llms-full/nope.txt",
      "/llms-full/api/nope.txt",
      "/llms-full/getting-started.md",
      "/llms-full/getting-started.txt?from=x",
      "/llms-full/getting-started.txt?from=99",
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("/llms-full.txt lists them");
    }
  });

  it("a part that would pass the cap ends with the address of its rest; following it gives every page once", async () => {
    const body = `${"A long paragraph about GPUs. ".repeat(300)}\n`; // about 8.7 kB a page
    const pages = Array.from({ length: 40 }, (_, index) => ({
      id: String(2000 + index),
      title: `Long page ${index + 1}`,
      slug: `long-${index + 1}`,
      description: "",
      sort: index + 1,
      date_updated: null,
      section: { id: "1" },
      parent: null,
      body,
    }));
    const directus = mockDirectus({
      DocsTree: {
        docs_sections: [{ id: "1", title: "Long", slug: "long", description: "", icon: null, sort: 1 }],
        docs_pages: pages.map(({ body: _body, ...page }) => page),
      },
      DocsBodies: docsBodiesAnswer(pages),
    });
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    const seen: string[] = [];
    let next: string | null = "/llms-full/long.txt";
    let parts = 0;
    while (next) {
      const text: string = await (await request(next, { app })).text();
      parts += 1;
      expect(bytes(text)).toBeLessThanOrEqual(llmsPartCap);
      seen.push(...[...text.matchAll(/^# (Long page \d+)$/gm)].map((match) => match[1]!));
      next = /continues \(files \d+ to 40\) at http:\/\/localhost:3000(\/llms-full\/long\.txt\?from=\d+)\n$/.exec(text)?.[1] ?? null;
    }
    expect(parts).toBe(4);
    expect(seen).toEqual(pages.map((page) => page.title));
    // Each part reads from its first page on, in batches growing from 10: few pages are read twice.
    const reads = directus.calls
      .filter((call) => call.operationName === "DocsBodies")
      .map((call) => (call.variables.ids as string[]).length);
    expect(reads.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(pages.length * 1.5);
  });

  it("on the seeded content every part is under the cap, and together they hold every published page and operation", async () => {
    const seeded = seededAnswers();
    const answers = Object.fromEntries(
      Object.entries(seeded).map(([name, answer]) => [name, (call: UpstreamCall) => answer(call.variables ?? {})]),
    );
    const app = createApp({ pageCache: false, content: { fetch: mockDirectus({ ...answers, ApiReference: apiReferenceData }).fetch } });
    const index = await (await request("/llms-full.txt", { app })).text();
    expect(bytes(index)).toBeLessThan(10_000);
    const parts = [...index.matchAll(/\]\(http:\/\/localhost:3000(\/llms-full\/\S+\.txt)\)/g)].map((match) => match[1]!);
    const sizes: Record<string, number> = {};
    let all = "";
    for (const part of parts) {
      const text = await (await request(part, { app })).text();
      sizes[part] = bytes(text);
      expect(text, part).not.toContain("This part continues");
      all += text;
    }
    expect(Math.max(...Object.values(sizes))).toBeLessThan(llmsPartCap);
    const tree = seeded.DocsTree!({}) as { docs_pages: { id: string }[] };
    expect(all.match(/^Source: http:\/\/localhost:3000\/docs\/(?!api)/gm)?.length).toBe(tree.docs_pages.length);
    expect(all.match(/^Source: http:\/\/localhost:3000\/docs\/api\/[^/\s]+\/[^/\s]+$/gm)?.length).toBe(
      processed.reference.operations.length,
    );
  });
});

describe("API response descriptions", () => {
  it("render their inline Markdown on the page, and stay Markdown in the .md", async () => {
    const html = await (await request("/docs/api/clusters/create-cluster")).text();
    const response400 = /<li data-response="400">[\s\S]*?<\/summary>/.exec(html)?.[0] ?? "";
    expect(response400).toContain("<code>field</code> names it");
    expect(textOf(response400)).not.toContain("`");
    const markdown = await (await request("/docs/api/clusters/create-cluster.md")).text();
    expect(markdown).toContain("### 400\n\nA parameter or body field is invalid; `field` names it.");
  });
});
