import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { docsPages } from "../../features/docs/cms/seed/docs.mjs";
import { apiReferenceDocument } from "../../features/docs/cms/seed/api-reference.mjs";
import { processApiDocument } from "../../../cms/extensions/api-reference/process.mjs";
import { parseFenceInfo } from "./code-blocks.server";
import { highlight, highlightCss } from "./highlight.server";
import {
  assetIdsOf,
  readingMinutes,
  renderMarkdown,
  rendererVersion,
  slugify,
  type RenderedDoc,
  type RenderOptions,
} from "./markdown.server";
import { renderCacheKey, renderMarkdownCached, renderMarkdownCachedWithSource, resetRenderCache } from "./render-cache.server";

const options: RenderOptions = { siteUrl: "https://www.meridian.example", apiBaseUrl: "https://cms.meridian.example" };
const render = (markdown: string, extra: Partial<RenderOptions> = {}) => renderMarkdown(markdown, { ...options, ...extra });
const fence = (info: string, code: string) => `\`\`\`${info}\n${code}\n\`\`\``;
const count = (html: string, needle: string | RegExp) => html.split(needle).length - 1;

/** The seeded docs (src/features/docs/cms/seed/docs.mjs) with their image placeholders filled in. */
const seededPages = () =>
  (docsPages as { path: string; status?: string; body: string }[]).map((page) => ({
    ...page,
    body: page.body.replace(/\{\{asset:[\w-]+\}\}/g, "/assets/0b7f2c2e-1c4e-4a53-9d64-2f1a7c9b3e10"),
  }));

/** The generated block of src/render/markdown/markdown.css. */
const markdownCssHighlightBlock = `.code-block pre { color: #24292e; background: #ffffff; }
.hl-005cc5 { color: #005cc5; }
.hl-032f62 { color: #032f62; }
.hl-22863a { color: #22863a; }
.hl-586069 { color: #586069; }
.hl-6a737d { color: #6a737d; }
.hl-6f42c1 { color: #6f42c1; }
.hl-b04a00 { color: #b04a00; }
.hl-b31d28 { color: #b31d28; }
.hl-d73a49 { color: #d73a49; }
.hl-i { font-style: italic; }
.hl-b { font-weight: 600; }
.hl-u { text-decoration: underline; }
.hl-s { text-decoration: line-through; }`;

describe("GFM blocks", () => {
  it("renders tables with alignment as classes (the CSP forbids style attributes)", async () => {
    const { html } = await render(
      "| Type | GPUs | Price |\n|:---|:---:|---:|\n| `gpu-h100-8x` | 8 | $2.49 |\n| `gpu-l40s-4x` | 4 | $0.99 |",
    );
    expect(html).toContain("<table>");
    expect(count(html, "<tr>")).toBe(3);
    expect(html).toContain('<th class="align-center">GPUs</th>');
    expect(html).toContain('<td class="align-right">$2.49</td>');
    expect(html).toContain("<code>gpu-h100-8x</code>");
    expect(html).not.toContain("style=");
  });

  it("wraps tables in a focusable region named after the section", async () => {
    const { html } = await render("## Node types\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain('<div class="table-scroll" role="region" tabindex="0" aria-label="Node types"><table>');
    expect(html).toContain("</table></div>");
  });

  it("renders task lists as disabled checkboxes", async () => {
    const { html, text } = await render("- [x] Create an API key\n- [ ] Add an SSH key\n- [not a task] item\n\n1. [X] numbered");
    expect(html).toContain('<ul class="contains-task-list">');
    expect(html).toContain(
      '<li class="task-list-item"><input type="checkbox" class="task-list-checkbox" disabled checked aria-hidden="true"><span class="sr-only">Done:</span> Create an API key</li>',
    );
    expect(html).toContain(
      '<li class="task-list-item"><input type="checkbox" class="task-list-checkbox" disabled aria-hidden="true"><span class="sr-only">To do:</span> Add an SSH key</li>',
    );
    expect(html).toContain("<li>[not a task] item</li>");
    expect(html).toContain('<ol class="contains-task-list">');
    expect(text).toContain("Create an API key");
    expect(text).not.toContain("[x]");
  });

  it("keeps strikethrough and autolinks", async () => {
    const { html } = await render("~~old~~ see https://status.meridian.example");
    expect(html).toContain("<s>old</s>");
    expect(html).toContain('<a href="https://status.meridian.example" rel="noopener noreferrer">https://status.meridian.example</a>');
  });
});

describe("headings", () => {
  const source =
    "# Title in body\n\n## Setup\n\ntext\n\n### Setup\n\n## Setup\n\n## Setup 1\n\n## `meridian compute` & Café\n\n#### Deep\n\n## ???";

  it("get stable, deduplicated ids that match the returned list", async () => {
    const first = await render(source);
    const second = await render(source);
    expect(second.html).toBe(first.html);
    expect(first.headings).toEqual([
      { depth: 2, id: "title-in-body", text: "Title in body" },
      { depth: 2, id: "setup", text: "Setup" },
      { depth: 3, id: "setup-1", text: "Setup" },
      { depth: 2, id: "setup-2", text: "Setup" },
      { depth: 2, id: "setup-1-1", text: "Setup 1" },
      { depth: 2, id: "meridian-compute-cafe", text: "meridian compute & Café" },
      { depth: 2, id: "section", text: "???" },
    ]);
    for (const heading of first.headings) {
      expect(count(first.html, `id="${heading.id}"`), heading.id).toBe(1);
      expect(first.html).toContain(`<a class="heading-anchor" href="#${heading.id}" aria-label="Link to this section">`);
    }
    expect(first.html).toContain('<h4 id="deep">');
  });

  it("demote an h1 in the body to h2 (the page owns the h1)", async () => {
    const { html } = await render("# Only the page has an h1\n\nSetext\n===");
    expect(html).not.toMatch(/<h1[\s>]/);
    expect(count(html, "<h2 ")).toBe(2);
    expect(count(html, "</h2>")).toBe(2);
  });

  it("slugify is plain ASCII", () => {
    expect(slugify("  Node pools: GPU & CPU (2026) ")).toBe("node-pools-gpu-cpu-2026");
    expect(slugify("Größe — Übersicht, Øresund")).toBe("grosse-ubersicht-oresund");
    expect(slugify("—")).toBe("");
  });
});

describe("callouts", () => {
  it.each([
    ["NOTE", "note", "Note"],
    ["TIP", "tip", "Tip"],
    ["IMPORTANT", "important", "Important"],
    ["WARNING", "warning", "Warning"],
    ["CAUTION", "caution", "Caution"],
  ])("> [!%s] becomes an aside", async (marker, kind, title) => {
    const { html } = await render(`> [!${marker}]\n> Keys grant access to **every** resource.`);
    expect(html).toContain(
      `<aside class="callout callout-${kind}" role="note">\n<p class="callout-title">${title}</p>\n<p>Keys grant access to <strong>every</strong> resource.</p>\n</aside>`,
    );
    expect(html).not.toContain("[!");
    expect(html).not.toContain("blockquote");
  });

  it("takes the marker on its own paragraph, any case, and leaves other quotes alone", async () => {
    const { html } = await render("> [!tip]\n\n> plain quote\n\n> [!NOTE] inline text is not a marker");
    expect(html).toContain('<aside class="callout callout-tip" role="note">\n<p class="callout-title">Tip</p>\n</aside>');
    expect(html).toContain("<blockquote>\n<p>plain quote</p>\n</blockquote>");
    expect(html).toContain("<blockquote>\n<p>[!NOTE] inline text is not a marker</p>");
  });
});

describe("code blocks", () => {
  const samples: [string, string][] = [
    ["bash", 'export TOKEN="x"\nmeridian compute create n --type gpu-h100-8x'],
    ["python", "import os\nprint(os.environ['HOME'])"],
    ["ts", 'import { Meridian } from "@meridian-cloud/sdk";\nconst client = new Meridian({ apiKey: "k" });'],
    ["yaml", "apiVersion: v1\nkind: Service\nmetadata:\n  name: web"],
    ["json", '{"a": [1, true, null], "b": "c"}'],
    ["hcl", 'resource "meridian_gpu_cluster" "train" {\n  node_count = 4\n}'],
    ["toml", '[profiles.dev]\nregion = "nordics-1"'],
    ["dockerfile", "FROM python:3.12\nRUN pip install -r requirements.txt"],
    ["sql", "SELECT id, name FROM clusters WHERE region = 'nordics-1';"],
    ["go", 'package main\n\nfunc main() { println("hi") }'],
    ["diff", "- old\n+ new"],
    ["js", "const x = 1;"],
  ];

  it.each(samples)("highlights %s with token classes in workerd", async (language, code) => {
    const { html } = await render(fence(language, code));
    expect(html).toMatch(/<span class="hl-[0-9a-f]{6}">/);
    expect(html).toContain(`<pre class="code hl" tabindex="0"><code class="language-${language}"><span class="line">`);
    expect(html).not.toContain("style=");
  });

  it("renders unknown languages as plain escaped code", async () => {
    const { html } = await render(fence("brainfuck", '<script>alert("x")</script> & ++>'));
    expect(html).toContain('<code class="language-brainfuck">&lt;script&gt;alert("x")&lt;/script&gt; &amp; ++&gt;</code>');
    expect(html).not.toContain("hl-");
    expect(html).not.toContain("<script");
  });

  it("escapes a hostile info string", async () => {
    const { html } = await render(fence('"><img src=x onerror=alert(1)> title="<b>x</b>"', "code"));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
  });

  it("adds a hidden copy button, a language label and an optional title", async () => {
    const { html } = await render(fence('python title="train.py"', "print(1)"));
    expect(html).toContain(
      '<div class="code-block" data-lang="python"><div class="code-header"><span class="code-title">train.py</span><span class="code-lang">Python</span></div>',
    );
    expect(html).toContain('<button type="button" class="code-copy" data-copy hidden>Copy</button>');
  });

  it("parses info strings", () => {
    expect(parseFenceInfo('bash tab="cURL" title=run.sh')).toEqual({ language: "bash", attributes: { tab: "cURL", title: "run.sh" } });
    expect(parseFenceInfo("  TS  ")).toEqual({ language: "ts", attributes: {} });
    expect(parseFenceInfo("tab='Only a label'")).toEqual({ language: "", attributes: { tab: "Only a label" } });
  });

  it("renders indented code as a plain block", async () => {
    const { html } = await render("Text\n\n    <b>raw</b>\n");
    expect(html).toContain('<pre class="code" tabindex="0"><code>&lt;b&gt;raw&lt;/b&gt;</code></pre>');
  });

  it("leaves huge blocks unhighlighted", async () => {
    const { html } = await render(fence("json", `[${'"x",'.repeat(20_000)}"y"]`));
    expect(html).toContain('<pre class="code" tabindex="0"><code class="language-json">');
    expect(highlight("{}", "json")).toContain("<span");
  });
});

describe("code tabs", () => {
  const group = [
    fence('bash tab="cURL"', "curl https://api.meridian.example/v1/regions"),
    fence('python tab="Python"', "client.regions.list()"),
    fence('ts tab="TypeScript"', "await client.regions.list();"),
  ].join("\n\n");

  it("groups consecutive labelled fences into radio tabs", async () => {
    const { html } = await render(`Intro\n\n${group}\n\nAfter`);
    expect(count(html, 'class="code-tabs"')).toBe(1);
    expect(html).toContain('<div class="code-tabs" role="group" aria-label="Code samples: cURL, Python, TypeScript" data-code-tabs>');
    expect(count(html, 'type="radio"')).toBe(3);
    expect(count(html, 'name="doc-tabs-1"')).toBe(3);
    expect(html).toContain(
      '<input type="radio" class="code-tab-input" name="doc-tabs-1" id="doc-tabs-1-0" checked><label class="code-tab-label" for="doc-tabs-1-0" data-tab-label>cURL</label><div class="code-tab-panel">',
    );
    expect(count(html, " checked>")).toBe(1);
    expect(count(html, 'class="code-tab-panel"')).toBe(3);
    expect(count(html, "code-copy")).toBe(3);
    expect(html.indexOf("Intro")).toBeLessThan(html.indexOf("code-tabs"));
    expect(html.indexOf("After")).toBeGreaterThan(html.lastIndexOf("code-tab-panel"));
  });

  it("numbers groups and keeps their ids unique, also against headings", async () => {
    const { html } = await render(`## Doc tabs 1\n\n${group}\n\nText\n\n${group}`, { idPrefix: "doc" });
    expect(html).toContain('id="doc-tabs-1"'); // the heading
    expect(html).toContain('name="doc-tabs-1-1"'); // the first group, renamed
    expect(html).toContain('name="doc-tabs-2"');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a single labelled fence an ordinary block", async () => {
    const { html } = await render(fence('bash tab="cURL"', "curl https://api.meridian.example"));
    expect(html).not.toContain("code-tabs");
    expect(html).not.toContain('type="radio"');
    expect(count(html, 'class="code-block"')).toBe(1);
  });

  it("does not group fences separated by other blocks", async () => {
    const { html } = await render(`${fence('bash tab="A"', "a")}\n\nText between\n\n${fence('bash tab="B"', "b")}`);
    expect(html).not.toContain("code-tabs");
  });
});

describe("links, images and raw HTML", () => {
  it("drops javascript: and other unsafe links but keeps their text", async () => {
    const { html } = await render(
      "[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [ref][r] <javascript:alert(2)> [ok](/docs/cli/install)\n\n[r]: JaVaScRiPt:alert(3)",
    );
    expect(html).not.toMatch(/href="\s*(javascript|data):/i);
    expect(html).toContain("<p>click data ref javascript:alert(2) <a"); // an autolink's text is its URL: now plain text
    expect(html).toContain("click");
    expect(html).toContain("ref");
    expect(html).toContain('<a href="/docs/cli/install">ok</a>');
  });

  it("adds rel to links to other origins only", async () => {
    const { html } = await render(
      "[spec](https://html.spec.whatwg.org/) [home](https://www.meridian.example/docs) [rel](/docs/a) [mail](mailto:docs@meridian.example)",
    );
    expect(html).toContain('<a href="https://html.spec.whatwg.org/" rel="noopener noreferrer">spec</a>');
    expect(html).toContain('<a href="https://www.meridian.example/docs">home</a>');
    expect(html).toContain('<a href="/docs/a">rel</a>');
    expect(html).toContain('<a href="mailto:docs@meridian.example">mail</a>');
  });

  it("strips scripts and event handlers from raw HTML", async () => {
    const { html } = await render(
      '<script>alert(1)</script>\n\n<div onclick="x()"><img src="x" onerror="alert(2)">Imported</div>\n\nInline <span onmouseover="y()">span</span> <img src=/assets/a onerror=alert(3)> <kbd>Ctrl</kbd>+<kbd>C</kbd> <b>open',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|alert\(/i);
    expect(html).toContain("Imported");
    expect(html).toContain("<kbd>Ctrl</kbd>+<kbd>C</kbd>");
    expect(html).toContain("<b>open</b></p>"); // closed within its paragraph
  });

  it("sends Directus assets through the image endpoint with their size when known", async () => {
    const id = "0b7f2c2e-1c4e-4a53-9d64-2f1a7c9b3e10";
    const source = `![A cluster](/assets/${id} "Cluster") ![Full URL](https://cms.meridian.example/assets/${id}) ![Elsewhere](https://evil.example/x.png) ![Static](/static/logo.svg)`;
    expect(assetIdsOf(source, options.apiBaseUrl)).toEqual([id]);
    const { html } = await render(source, { assets: { [id]: { width: 1600, height: 900 } } });
    const encoded = encodeURIComponent(`https://cms.meridian.example/assets/${id}`);
    expect(html).toContain(
      `<img src="/_next/image?url=${encoded}&amp;w=1080&amp;q=75" srcset="/_next/image?url=${encoded}&amp;w=640&amp;q=75 640w,`,
    );
    expect(html).toContain('alt="A cluster" title="Cluster" width="1600" height="900" loading="lazy" decoding="async">');
    expect(count(html, "<img")).toBe(3);
    expect(html).not.toContain("evil.example");
    expect(html).toContain("Elsewhere"); // the alt text stays
    expect(html).toContain('<img src="/static/logo.svg" alt="Static" loading="lazy" decoding="async">');
  });
});

describe("malformed input", () => {
  it("renders an unclosed fence, a broken table and stray HTML without throwing", async () => {
    const { html, headings } = await render(
      "## Before\n\n| a | b\n|---|\n| 1 | 2 | 3\n\n</div><span>\n\n```bash\necho unclosed\n## not a heading",
    );
    expect(headings.map((h) => h.id)).toEqual(["before"]);
    const text = html.replace(/<[^>]*>/g, "");
    expect(text).toContain("echo unclosed"); // an unclosed fence runs to the end (CommonMark)
    expect(text).toContain("## not a heading");
  });

  it("survives deep nesting", async () => {
    for (const bomb of [
      `${">".repeat(5_000)} deep`,
      `${"- ".repeat(5_000)}list`,
      "*".repeat(50_000),
      "[".repeat(20_000),
      "`".repeat(10_000),
      "<div>".repeat(5_000),
    ]) {
      const result = await render(`## Kept\n\nBefore.\n\n${bomb}`);
      expect(result.headings, bomb.slice(0, 5)).toEqual([{ depth: 2, id: "kept", text: "Kept" }]);
      expect(result.html).toContain("<p>Before.</p>");
    }
    // markdown-it stops at 100 nested blocks and drops what is deeper instead of recursing on;
    // the output stays balanced.
    const { html } = await render(`${"> ".repeat(200)}deep\n\nafter`);
    expect(count(html, "<blockquote>")).toBe(count(html, "</blockquote>"));
  });

  it("renders a 1 MB body", async () => {
    const paragraph = "Meridian runs **GPU clusters** with `InfiniBand`, [links](/docs/x) and ~~text~~.\n\n";
    const section = `## Section\n\n${paragraph.repeat(20)}${fence("bash", "meridian compute list")}\n\n`;
    const big = section.repeat(Math.ceil(1_048_576 / section.length));
    expect(big.length).toBeGreaterThan(1_048_576);
    const result = await render(big);
    expect(result.html.length).toBeGreaterThan(1_000_000);
    expect(result.headings.length).toBeGreaterThan(100);
    expect(new Set(result.headings.map((h) => h.id)).size).toBe(result.headings.length);
    expect(result.headings.at(-1)?.id).toBe(`section-${result.headings.length - 1}`);
  });

  it("returns something for nonsense input", async () => {
    for (const input of ["", "\u0000\u0001", "<<<>>>", "[](", "![](", "```", "> [!NOTE]", "- [ ]", "| |\n|-|"]) {
      const result = await render(input);
      expect(typeof result.html).toBe("string");
    }
    expect((await render(undefined as unknown as string)).html).toBe("");
  });
});

describe("text, reading time and the stylesheet", () => {
  it("returns plain text for search and a reading time", async () => {
    const { text, words, readingMinutes: minutes } = await render("## Quickstart\n\nCreate a **key**.\n\n```bash\nmeridian login\n```");
    expect(text).toBe("Quickstart\nCreate a key.\nmeridian login");
    expect(words).toBe(4);
    expect(minutes).toBe(1);
    expect(readingMinutes(1_000, 200)).toBe(6);
  });

  it("the colour rules are the ones in src/render/markdown/markdown.css", () => {
    // Vitest empties .css imports, so this cannot read the stylesheet: if this fails, copy the
    // new highlightCss() output between the highlight:start/end comments of markdown.css, then here.
    expect(highlightCss()).toBe(markdownCssHighlightBlock);
  });

  it("defines a class for every colour the highlighter emits on the seeded docs", async () => {
    const css = highlightCss();
    const html = (await Promise.all(seededPages().map((page) => render(page.body)))).map((r) => r.html).join("");
    const classes = new Set([...html.matchAll(/class="(hl-[^"]+)"/g)].flatMap((m) => m[1]!.split(" ")));
    expect(classes.size).toBeGreaterThan(6);
    for (const name of classes) expect(css, name).toContain(`.${name} {`);
  });
});

describe("the seeded documentation", () => {
  const pages = seededPages();
  const published = new Set(pages.filter((page) => page.status !== "draft").map((page) => `/docs/${page.path}`));
  // Docs may link to the API reference's pages, as the CMS processes the seeded document.
  const { reference } = processApiDocument(apiReferenceDocument) as {
    reference: { tags: { slug: string }[]; operations: { tagSlug: string; slug: string }[] };
  };
  published.add("/docs/api");
  for (const tag of reference.tags) published.add(`/docs/api/${tag.slug}`);
  for (const operation of reference.operations) published.add(`/docs/api/${operation.tagSlug}/${operation.slug}`);

  it("renders every page safely, with working internal links", async () => {
    expect(pages.length).toBeGreaterThanOrEqual(30);
    for (const page of pages) {
      const { html, headings, text } = await render(page.body);
      expect(headings.length, page.path).toBeGreaterThan(0);
      expect(text.length, page.path).toBeGreaterThan(500);
      expect(html, page.path).not.toMatch(/<script|onerror=|onclick=|javascript:|style=/i);
      if (page.status === "draft") continue;
      for (const [, href] of html.matchAll(/href="(\/docs\/[^"#]*)/g)) expect(published, `${page.path} → ${href}`).toContain(href);
    }
  });

  it("has callouts of every kind, code tabs, task lists, tables and images", async () => {
    const html = (await Promise.all(pages.map((page) => render(page.body)))).map((r) => r.html).join("\n");
    for (const kind of ["note", "tip", "important", "warning", "caution"]) expect(html).toContain(`callout-${kind}`);
    for (const language of ["bash", "python", "ts", "yaml", "json", "hcl"])
      expect(html).toContain(`language-${language}"><span class="line">`);
    expect(count(html, "data-code-tabs")).toBeGreaterThanOrEqual(5);
    expect(html).toContain("task-list-checkbox");
    expect(count(html, "<table>")).toBeGreaterThanOrEqual(20);
    expect(count(html, "/_next/image?url=")).toBeGreaterThanOrEqual(2);
  });
});

describe("render cache", () => {
  beforeEach(() => resetRenderCache());

  function countingRenderer() {
    let calls = 0;
    return {
      render: async (markdown: string, renderOptions: RenderOptions): Promise<RenderedDoc> => {
        calls += 1;
        return renderMarkdown(markdown, renderOptions);
      },
      calls: () => calls,
    };
  }

  it("renders once, then serves memory, then KV in a fresh isolate", async () => {
    const renderer = countingRenderer();
    const markdown = `## Cached ${crypto.randomUUID()}\n\n${fence("python", "print(1)")}`;
    const first = await renderMarkdownCachedWithSource(env.CONTENT_CACHE, markdown, options, renderer);
    const second = await renderMarkdownCachedWithSource(env.CONTENT_CACHE, markdown, options, renderer);
    resetRenderCache(); // as if another isolate served the next request
    const third = await renderMarkdownCachedWithSource(env.CONTENT_CACHE, markdown, options, renderer);
    expect([first.source, second.source, third.source]).toEqual(["render", "memory", "kv"]);
    expect(second.doc).toEqual(first.doc);
    expect(third.doc).toEqual(first.doc);
    expect(renderer.calls()).toBe(1);
  });

  it("shares one render between concurrent requests", async () => {
    const renderer = countingRenderer();
    const markdown = `Concurrent ${crypto.randomUUID()}`;
    const results = await Promise.all([1, 2, 3].map(() => renderMarkdownCached(env.CONTENT_CACHE, markdown, options, renderer)));
    expect(renderer.calls()).toBe(1);
    expect(results[1]).toBe(results[0]);
  });

  it("keys by content, options that change the output and the renderer version", async () => {
    const key = await renderCacheKey("same", options);
    expect(key).toMatch(/^md:[0-9a-f]{64}$/);
    expect(await renderCacheKey("same", { ...options })).toBe(key);
    expect(await renderCacheKey("same ", options)).not.toBe(key);
    expect(await renderCacheKey("same", { ...options, siteUrl: "https://preprod.meridian.example" })).not.toBe(key);
    expect(await renderCacheKey("same", { ...options, assets: { a: { width: 1, height: 2 } } })).not.toBe(key);
    expect(rendererVersion).toMatch(/^docs-md-\d+$/);
  });

  it("renders a changed page again", async () => {
    const renderer = countingRenderer();
    const id = crypto.randomUUID();
    await renderMarkdownCached(env.CONTENT_CACHE, `v1 ${id}`, options, renderer);
    const changed = await renderMarkdownCached(env.CONTENT_CACHE, `v2 ${id}`, options, renderer);
    expect(renderer.calls()).toBe(2);
    expect(changed.html).toContain("v2");
  });
});
