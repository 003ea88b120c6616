import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import manifest from "../../generated/asset-manifest.json";
import { createApp } from "../../app/create-app";
import { Content } from "../../content/content.server";
import { sweepDocPages } from "./prerender.server";
import { renderCacheKey, resetRenderCache } from "../../render/markdown/render-cache.server";
import { docsPageQuery, docsSourcesQuery } from "./queries";
import { docsBodiesAnswer, docsPages } from "../../../test/worker/fixtures/docs";
import { resetIsolateCache } from "../../content/cache.server";
import { clearGenerationMemo } from "../../content/generations.server";
import { clearPageMemory } from "../../middleware/page-cache";
import { mockDirectus, request, resetContentState, testSecrets, textOf } from "../../../test/worker/helpers";

beforeEach(resetContentState);

const html = async (path: string, init: Parameters<typeof request>[1] = {}) => {
  const response = await request(path, init);
  return { response, body: await response.text() };
};

const jsonLd = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));

describe("/docs", () => {
  it("lists every section with its top-level pages, and the header and footer lead to it", async () => {
    const { response, body } = await html("/docs");
    expect(response.status).toBe(200);
    expect(body).toContain("<title>Documentation | Meridian Cloud</title>");
    for (const href of [
      "/docs/getting-started",
      "/docs/getting-started/overview",
      "/docs/getting-started/quickstart",
      "/docs/gpu-clusters/slurm",
    ]) {
      expect(body).toContain(`href="${href}"`);
    }
    const home = await (await request("/")).text();
    expect(home.match(/href="\/docs"/g)?.length).toBeGreaterThanOrEqual(2); // header and footer
    expect(home).not.toContain("/search?q=docs");
  });
});

describe("a doc page", () => {
  it("shows breadcrumbs, the sidebar with the current page, last updated, previous and next", async () => {
    const { response, body } = await html("/docs/getting-started/quickstart");
    expect(response.status).toBe(200);
    expect(body).toContain('<a href="/docs/getting-started/quickstart" aria-current="page"');
    // The current section is open without JavaScript; the others are closed.
    expect(body).toMatch(/<details open=""[^>]*><summary[^>]*>Getting started/);
    expect(body).not.toMatch(/<details open=""[^>]*><summary[^>]*>GPU clusters/);
    const text = textOf(body);
    expect(text).toContain("Documentation / Getting started");
    expect(text).toContain("Last updated 21 October 2026");
    expect(body).toMatch(/<a href="\/docs\/getting-started\/overview" rel="prev"/);
    expect(body).toMatch(/<a href="\/docs\/gpu-clusters\/slurm" rel="next"/);
    expect(body).toContain('href="/docs/getting-started/quickstart.md"');
  });

  it("hands the browser its place in the docs, not the whole docs tree", async () => {
    const { body } = await html("/docs/getting-started/quickstart");
    const payload = JSON.parse(/<script id="__STATE__"[^>]*>(.*?)<\/script>/s.exec(body)![1]!);
    const keys = Object.keys(payload.queries);
    expect(keys.some((key) => key.startsWith("DocsTree:"))).toBe(false);
    const navigation = payload.queries['DocsNavigation:{"path":"getting-started/quickstart"}'].docsNavigation;
    expect(navigation.page.href).toBe("/docs/getting-started/quickstart");
    expect(navigation.previous).toEqual(expect.objectContaining({ href: "/docs/getting-started/overview" }));
    expect(navigation.nav.map((section: { href: string }) => section.href)).toContain("/docs/gpu-clusters");
  });

  it("links its table of contents to the ids of its h2 and h3 headings", async () => {
    const { body } = await html("/docs/getting-started/quickstart");
    const tocIds = [...body.matchAll(/data-toc-link="([^"]+)"/g)].map((match) => match[1]);
    expect(tocIds).toEqual(["before-you-begin", "make-your-first-call", "check-the-answer"]);
    for (const id of tocIds) expect(body).toMatch(new RegExp(`<h[23] id="${id}"`));
  });

  it("renders highlighted code, tabs, callouts, task lists and tables on the server", async () => {
    const { body } = await html("/docs/getting-started/quickstart");
    expect(body).toContain('class="code-tabs"');
    expect(body).toMatch(/<span class="hl-[0-9a-f]+">/);
    expect(body).toContain("callout callout-warning");
    expect(body).toContain("contains-task-list");
    expect(body).toContain("<table");
    expect(body).toContain("data-copy");
    expect(body).not.toContain("```");
  });

  it("has the share tags and TechArticle plus BreadcrumbList JSON-LD", async () => {
    const { body } = await html("/docs/gpu-clusters/slurm/multi-node-jobs");
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/docs/gpu-clusters/slurm/multi-node-jobs">');
    expect(body).toContain('<meta property="og:type" content="article">');
    const [article, breadcrumbs] = jsonLd(body);
    expect(article).toMatchObject({
      "@type": "TechArticle",
      headline: "Multi-node jobs",
      dateModified: "2026-09-01T09:00:00.000Z",
      articleSection: "GPU clusters",
    });
    expect(breadcrumbs["@type"]).toBe("BreadcrumbList");
    expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Documentation",
      "GPU clusters",
      "Slurm",
      "Multi-node jobs",
    ]);
  });

  it("renders a malformed body as far as it can", async () => {
    const { response, body } = await html("/docs/gpu-clusters/slurm/multi-node-jobs");
    expect(response.status).toBe(200);
    expect(body.replace(/<[^>]+>/g, "")).toContain("sbatch --nodes=4 train.sh");
  });

  it("shows a section's overview at /docs/<section>", async () => {
    const { response, body } = await html("/docs/gpu-clusters");
    expect(response.status).toBe(200);
    expect(textOf(body)).toContain("Training clusters with InfiniBand.");
    expect(body).toContain('href="/docs/gpu-clusters/slurm"');
  });

  it.each(["/docs/nope", "/docs/getting-started/nope", "/docs/getting-started/quickstart/deeper", "/docs/gpu-clusters/multi-node-jobs"])(
    "answers %s with the 404 screen",
    async (path) => {
      const { response, body } = await html(path);
      expect(response.status).toBe(404);
      expect(textOf(body)).toContain("Page doesn't exist");
    },
  );

  it("shows a docs edit on the next view after the webhook", async () => {
    const page = { ...docsPages[0]! };
    const directus = mockDirectus({
      DocsPage: () => ({
        docs_pages: [{ id: page.id, title: page.title, description: page.description, date_updated: page.date_updated, body: page.body }],
      }),
    });
    const app = createApp({ content: { fetch: directus.fetch } });
    expect(await (await request("/docs/getting-started/overview", { app })).text()).toContain("Four regions.");
    page.body = "## Regions\n\nFive regions now.";
    expect(await (await request("/docs/getting-started/overview", { app })).text()).toContain("Four regions.");
    const hook = await request("/api/revalidate", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
      body: JSON.stringify({ collection: "docs_pages" }),
    });
    expect(hook.status).toBe(200);
    expect(await (await request("/docs/getting-started/overview", { app })).text()).toContain("Five regions now.");
  });
});

describe("doc pages rendered when published, not on a visitor's request", () => {
  const renderedKey = (markdown: string) => renderCacheKey(markdown, { siteUrl: env.SITE_URL, apiBaseUrl: env.API_BASE_URL });

  it("renders the pages the webhook names into the render cache, so the first view reads it from KV", async () => {
    await resetContentState();
    resetRenderCache();
    const page = docsPages.find((candidate) => candidate.id === "12")!; // the quickstart: code, tabs, a callout
    expect(await env.CONTENT_CACHE.get(await renderedKey(page.body))).toBeNull();
    const directus = mockDirectus();
    const app = createApp({ content: { fetch: directus.fetch } });
    const hook = await request("/api/revalidate", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
      body: JSON.stringify({ collection: "docs_pages", keys: ["12"] }),
    });
    expect(hook.status).toBe(200);
    const stored = await env.CONTENT_CACHE.get<{ html: string }>(await renderedKey(page.body), "json");
    expect(stored?.html).toContain('<pre class="code hl" tabindex="0">');
    // A fresh isolate: nothing in memory. The page comes from the content cache the webhook filled.
    resetRenderCache();
    const calls = directus.calls.length;
    const view = await request("/docs/getting-started/quickstart", { app });
    expect(view.status).toBe(200);
    expect(await view.text()).toContain('<pre class="code hl" tabindex="0">');
    expect(directus.calls.slice(calls).map((call) => call.operationName)).not.toContain("DocsPage");
  });

  it("keeps each page the webhook names whole in KV: a fresh isolate replays it until something it read changes", async () => {
    await resetContentState();
    const directus = mockDirectus();
    const app = createApp({ content: { fetch: directus.fetch } });
    const path = "/docs/getting-started/quickstart";
    const publishedKeys = async () => (await env.CONTENT_CACHE.list({ prefix: "page:" })).keys.map((key) => key.name);
    const freshIsolate = () => {
      resetIsolateCache();
      clearPageMemory();
      clearGenerationMemo();
    };
    const revalidate = (collection: string, keys: string[] = []) =>
      request("/api/revalidate", {
        app,
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
        body: JSON.stringify({ collection, keys }),
      });

    // A visitor's render is cached per data centre, never published.
    expect((await request(path, { app })).headers.get("x-page-cache")).toBe("MISS");
    expect(await publishedKeys()).toEqual([]);

    expect((await revalidate("docs_pages", ["12"])).status).toBe(200);
    // Build, no variant (every visitor's page), the page's address.
    expect(await publishedKeys()).toEqual([expect.stringMatching(/^page:[^:]+::\/docs\/getting-started\/quickstart$/)]);

    freshIsolate();
    const calls = directus.calls.length;
    const first = await request(path, { app });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("HIT");
    const body = await first.text();
    expect(body).toContain('<pre class="code hl" tabindex="0">');
    // Under the policy it was published with, which trusts its script by hash (no nonce to replace).
    expect(first.headers.get("content-security-policy")).toContain(`'${manifest.clientEntryIntegrity}'`);
    expect(body).toContain(`integrity="${manifest.clientEntryIntegrity}"`);
    expect(body).not.toContain(" nonce=");
    expect(directus.calls.length).toBe(calls);

    // A collection the page does not read leaves it valid; one it reads (the menus) has the webhook render it again.
    const chromeReads = directus.count("SiteChrome");
    await revalidate("jobs");
    expect(directus.count("SiteChrome")).toBe(chromeReads);
    freshIsolate();
    expect((await request(path, { app })).headers.get("x-page-cache")).toBe("HIT");
    await revalidate("navigation");
    expect(directus.count("SiteChrome")).toBe(chromeReads + 1);
    freshIsolate();
    const afterMenus = await request(path, { app });
    expect(afterMenus.headers.get("x-page-cache")).toBe("HIT");
    expect(directus.count("SiteChrome")).toBe(chromeReads + 1);
  });

  it("sweeps every page once per build after a deploy, a batch per scheduled run, and publishes each whole", async () => {
    await resetContentState();
    resetRenderCache();
    const directus = mockDirectus();
    const app = createApp({ content: { fetch: directus.fetch } });
    const content = new Content({ ...env, ...testSecrets } as never, () => {}, false, { fetch: directus.fetch });
    // The app itself renders each page, as the worker's scheduled handler has it do.
    const renderPage = async (page: Request) => {
      const ctx = createExecutionContext();
      const response = await app.fetch(page, { ...env, ...testSecrets }, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    const publish = { renderPage, siteUrl: env.SITE_URL };
    const batches: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      batches.push(await sweepDocPages(env.CONTENT_CACHE, content, { batchSize: 2, version: "test-renderer:test-build", publish }));
    }
    const pages = docsPages.length;
    expect(batches.reduce((sum, count) => sum + count, 0)).toBe(pages);
    expect(batches.slice(0, Math.ceil(pages / 2)).every((count) => count > 0)).toBe(true);
    expect(batches.at(-1)).toBe(0); // done: later runs cost one KV read
    for (const page of docsPages) expect(await env.CONTENT_CACHE.get(await renderedKey(page.body))).not.toBeNull();
    // Every published page is kept whole: a fresh isolate serves the quickstart without rendering.
    const published = (await env.CONTENT_CACHE.list({ prefix: "page:" })).keys.map((key) => key.name);
    expect(published).toContainEqual(expect.stringMatching(/:\/docs\/getting-started\/quickstart$/));
    resetIsolateCache();
    clearPageMemory();
    clearGenerationMemo();
    expect((await request("/docs/getting-started/quickstart", { app })).headers.get("x-page-cache")).toBe("HIT");
  });
});

describe("docs for AI tools", () => {
  it("serves a page as Markdown with its title, summary and source", async () => {
    const response = await request("/docs/getting-started/quickstart.md");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const text = await response.text();
    expect(text.startsWith("# Quickstart\n\n> An API key and a first call.\n")).toBe(true);
    expect(text).toContain('```bash tab="cURL"');
    expect(response.headers.get("link")).toBe('<http://localhost:3000/docs/getting-started/quickstart>; rel="canonical"');
  });

  it("answers .md of an unknown page with 404", async () => {
    const response = await request("/docs/getting-started/nope.md");
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("No documentation page at /docs/getting-started/nope.\n");
  });

  it("lists every page with its description in /llms.txt and all of them in the parts of the full docs", async () => {
    const llms = await (await request("/llms.txt")).text();
    expect(llms.startsWith("# Meridian Cloud documentation\n\n> ")).toBe(true);
    expect(llms).toContain("## GPU clusters");
    expect(llms).toContain("- [Multi-node jobs](http://localhost:3000/docs/gpu-clusters/slurm/multi-node-jobs.md): Jobs across nodes.");
    const full = (
      await Promise.all(["/llms-full/getting-started.txt", "/llms-full/gpu-clusters.txt"].map(async (path) => (await request(path)).text()))
    ).join("\n");
    for (const page of docsPages) expect(full).toContain(`# ${page.title}`);
  });

  it("streams a part of the full docs, reading the pages' Markdown a batch at a time and never all at once", async () => {
    const pages = Array.from({ length: 120 }, (_, index) => ({
      id: String(1000 + index),
      title: `Page ${index + 1}`,
      slug: `page-${index + 1}`,
      description: "",
      sort: index + 1,
      date_updated: null,
      section: { id: "1" },
      parent: null,
      body: `Body of page ${index + 1}.`,
    }));
    const directus = mockDirectus({
      DocsTree: {
        docs_sections: [{ id: "1", title: "Many", slug: "many", description: "", icon: null, sort: 1 }],
        docs_pages: pages.map(({ body: _body, ...page }) => page),
      },
      DocsBodies: docsBodiesAnswer(pages),
    });
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    const response = await request("/llms-full/many.txt", { app });
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    // Every page in the tree's order, each with its own text.
    const titles = [...text.matchAll(/^# (Page \d+)$/gm)].map((match) => match[1]);
    expect(titles).toEqual(pages.map((page) => page.title));
    expect(text).toContain("# Page 120\n\nSource: http://localhost:3000/docs/many/page-120\n\nBody of page 120.\n");
    const batches = directus.calls
      .filter((call) => call.operationName === "DocsBodies")
      .map((call) => (call.variables.ids as string[]).length);
    expect(batches).toEqual([10, 50, 50, 10]); // a first batch, then as many as the room left holds, 50 at most
    expect(directus.count("DocsSources")).toBe(0); // the whole corpus is never read here
  });

  it("never shows drafts in the Markdown files, even to an editor in preview", async () => {
    const directus = mockDirectus();
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    await request("/llms.txt", { app, headers: { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN } });
    expect(directus.calls.every((call) => call.authorization === `Bearer ${testSecrets.DIRECTUS_READ_TOKEN}`)).toBe(true);
    expect(directus.calls.every((call) => !JSON.stringify(call.variables).includes("draft"))).toBe(true);
  });
});

describe("doc pages in the browser's /graphql", () => {
  const post = (body: unknown) =>
    request("/graphql", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("sends the page rendered on the server: HTML and headings, never the Markdown", async () => {
    const response = await post({ operationName: "DocsPage", query: docsPageQuery.document, variables: { id: "12" } });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { docs_pages: Record<string, unknown>[] } };
    const page = data.docs_pages[0]!;
    expect(page.body).toBeUndefined();
    expect(String(page.html)).toContain('<h2 id="before-you-begin"');
    expect(page.headings).toHaveLength(3);
  });

  it("refuses the server-only sources query", async () => {
    const response = await post({ operationName: "DocsSources", query: docsSourcesQuery.document });
    expect(response.status).toBe(400);
  });
});

describe("sitemap", () => {
  it("lists the docs sections and pages", async () => {
    const xml = await (await request("/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://localhost:3000/docs/gpu-clusters</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/docs/getting-started/quickstart</loc><lastmod>2026-10-21</lastmod>");
    expect(env.SITE_URL).toBe("http://localhost:3000");
  });
});
