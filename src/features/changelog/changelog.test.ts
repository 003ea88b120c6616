import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { clearGenerationMemo } from "../../content/generations.server";
import { resetSearchIndexMemo } from "../search/site-index.server";
import { scheduled } from "../../app/scheduled.server";
import { processed } from "../../../test/worker/fixtures/api-reference";
import { changelogEntries, changelogEntriesAnswer } from "../../../test/worker/fixtures/changelog";
import { mockDirectus, request, resetContentState, testSecrets, textOf } from "../../../test/worker/helpers";

beforeEach(resetContentState);

/** The rendered page without its payload (which carries the whole cached query result). */
const html = async (path: string) => {
  const response = await request(path);
  const text = await response.text();
  return { response, body: text.slice(0, text.indexOf('<script id="__STATE__"')) };
};

/** The page of an operation: its tag and slug from the stored navigation. */
function pageOf(operationId: string): string {
  for (const tag of processed.navigation.tags) {
    const found = tag.operations.find((operation) => operation.id === operationId);
    if (found) return `/docs/api/${tag.slug}/${found.slug}`;
  }
  throw new Error(`no page for ${operationId}`);
}

/** The entries' titles on a page, in order. */
const titlesOn = (body: string) => changelogEntries.filter((entry) => body.includes(entry.title)).map((entry) => entry.slug);

describe("/changelog", () => {
  it("lists every live entry newest first, with its kind, products, date and rendered Markdown body", async () => {
    const { response, body } = await html("/changelog");
    expect(response.status).toBe(200);
    expect(body).toMatch(/<h1[^>]*>Changelog<\/h1>/);
    expect(titlesOn(body)).toEqual(["b200-reserved-clusters", "quickstart-cli-login", "regions-zones-deprecated"]);
    const order = changelogEntries.map((entry) => body.indexOf(`id="${entry.slug}"`));
    expect(order.every((position, index) => position > 0 && (index === 0 || position > order[index - 1]!))).toBe(true);
    expect(body).toContain("<strong>NVIDIA B200</strong>");
    expect(body).toContain("&amp; stores the key"); // escaped text, never raw HTML from the body
    expect(textOf(body)).toContain("20 November 2026");
    expect(textOf(body)).toContain("3 changes");
    expect(body).toContain('href="/changelog/rss.xml"');
  });

  it("filters by product with plain links that keep the kind, and by kind", async () => {
    const gpu = await html("/changelog?product=gpu-clusters");
    expect(gpu.response.status).toBe(200);
    expect(titlesOn(gpu.body)).toEqual(["b200-reserved-clusters", "regions-zones-deprecated"]);
    expect(gpu.body).toMatch(/<h1[^>]*>GPU Clusters changelog<\/h1>/);
    expect(gpu.body).toContain('href="/changelog/gpu-clusters/rss.xml"');
    // The kind links keep the product; the product link is marked as the current one.
    expect(gpu.body).toContain('href="/changelog?product=gpu-clusters&amp;kind=deprecated"');
    expect(gpu.body).toMatch(/<a href="\/changelog\?product=gpu-clusters" [^>]*aria-current="page"/);

    const deprecated = await html("/changelog?kind=deprecated");
    expect(titlesOn(deprecated.body)).toEqual(["regions-zones-deprecated"]);
    expect(deprecated.body).toContain('<meta name="robots" content="noindex');

    const both = await html("/changelog?product=cli&kind=deprecated");
    expect(both.response.status).toBe(200);
    expect(titlesOn(both.body)).toEqual([]);
    expect(textOf(both.body)).toContain("No changes match");
  });

  it("answers an unknown kind or product with the 404 screen", async () => {
    expect((await request("/changelog?kind=removed")).status).toBe(404);
    expect((await request("/changelog?product=quantum")).status).toBe(404);
  });

  it("asks Directus for published entries whose date has come, in one query", async () => {
    const directus = mockDirectus();
    await request("/changelog?product=cli", { app: createApp({ pageCache: false, content: { fetch: directus.fetch } }) });
    const call = directus.calls.find((c) => c.operationName === "ChangelogEntries")!;
    expect(call.variables.status).toEqual(["published"]);
    expect(typeof call.variables.now).toBe("string");
    expect(call.query).toMatch(/published_at: \{ _lte: \$now \}/);
  });
});

describe("an entry's page", () => {
  const meta = (body: string, attribute: "property" | "name", key: string) =>
    body.match(new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)">`))?.[1]?.replaceAll("&amp;", "&");

  it("shows one entry with its kind, date, products and body, and shares the card the CMS drew", async () => {
    const { response, body } = await html("/changelog/b200-reserved-clusters");
    expect(response.status).toBe(200);
    expect(body).toMatch(/<h1[^>]*>B200 reserved clusters in eu-north-1<\/h1>/);
    expect(body).toContain("<strong>NVIDIA B200</strong>");
    expect(textOf(body)).toContain("20 November 2026");
    expect(body).toContain('href="/changelog?product=gpu-clusters"');
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/changelog/b200-reserved-clusters"');
    expect(body).toMatch(/<title>B200 reserved clusters in eu-north-1 · Changelog/);
    expect(meta(body, "name", "description")).toBe("Reserved clusters of NVIDIA B200 nodes in eu-north-1.");
    const image = new URL(meta(body, "property", "og:image")!);
    expect(new URL(image.searchParams.get("url")!).pathname).toBe("/assets/card-changelog-3");
    expect(meta(body, "property", "og:image:width")).toBe("1280");
    expect(meta(body, "property", "og:image:height")).toBe("640");
    expect(meta(body, "name", "twitter:image")).toBe(meta(body, "property", "og:image"));
  });

  it("falls back to the site's card for an entry without one, and answers an unknown slug with the 404 page", async () => {
    const { body } = await html("/changelog/quickstart-cli-login");
    expect(meta(body, "property", "og:image")).toBe("http://localhost:3000/social-card.png");
    expect(meta(body, "name", "description")).toBe("The CLI signs in through the browser & stores the key in the OS keychain.");
    const missing = await request("/changelog/no-such-change");
    expect(missing.status).toBe(404);
    expect(textOf(await missing.text())).toContain("Page doesn't exist");
  });

  it("is linked from the list, the sitemap, the feed and the search", async () => {
    const { body } = await html("/changelog");
    expect(body).toContain('href="/changelog/regions-zones-deprecated"');
    expect(body).toContain('id="regions-zones-deprecated"');
    const sitemap = await (await request("/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>http://localhost:3000/changelog/regions-zones-deprecated</loc>");
  });
});

describe("changelog feeds", () => {
  it("/changelog/rss.xml is RSS 2.0 with every entry, absolute links and the body as HTML", async () => {
    const response = await request("/changelog/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml.match(/<item>/g)).toHaveLength(3);
    expect(xml).toContain("<link>http://localhost:3000/changelog/b200-reserved-clusters</link>");
    expect(xml).toContain("<pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate>");
    expect(xml).toContain("&lt;strong&gt;NVIDIA B200&lt;/strong&gt;");
    expect(xml).toContain('<atom:link href="http://localhost:3000/changelog/rss.xml" rel="self"');
    // Well-formed enough for a reader: every element closes, no raw ampersand.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#)/);
    expect(xml.match(/<item>/g)!.length).toBe(xml.match(/<\/item>/g)!.length);
  });

  it("a product's feed has only its entries, and an unknown product is a 404", async () => {
    const xml = await (await request("/changelog/gpu-clusters/rss.xml")).text();
    expect(xml).toContain("<title>GPU Clusters changelog | Meridian Cloud</title>");
    expect(xml.match(/<item>/g)).toHaveLength(2);
    expect(xml).not.toContain("meridian login");
    expect(xml).toContain('<atom:link href="http://localhost:3000/changelog/gpu-clusters/rss.xml"');
    expect(xml).toContain("<link>http://localhost:3000/changelog?product=gpu-clusters</link>");
    expect((await request("/changelog/quantum/rss.xml")).status).toBe(404);
  });
});

describe("'Changes' on the pages an entry concerns", () => {
  it("a docs page links to its changelog entries, newest first, and to nothing else", async () => {
    const { body } = await html("/docs/getting-started/quickstart");
    const changes = body.slice(body.indexOf('id="changes-title"'), body.indexOf('id="page-feedback"'));
    expect(changes).toContain('href="/changelog/quickstart-cli-login"');
    expect(changes).toContain('href="/changelog/regions-zones-deprecated"');
    expect(changes.indexOf("quickstart-cli-login")).toBeLessThan(changes.indexOf("regions-zones-deprecated"));
    expect(changes).not.toContain("b200-reserved-clusters");
  });

  it("a docs page no entry names shows no Changes section", async () => {
    const { body } = await html("/docs/getting-started/overview");
    expect(body).not.toContain('id="changes-title"');
  });

  it("an API operation links to the entries that name its operationId", async () => {
    const { body, response } = await html(pageOf("createCluster"));
    expect(response.status).toBe(200);
    expect(body).toContain('href="/changelog/b200-reserved-clusters"');
    expect(body).not.toContain('href="/changelog/regions-zones-deprecated"');
  });
});

describe("a scheduled entry", () => {
  it("appears by itself once its date has come: the cron marks the entry and its lists, and renders the cached page again", async () => {
    const scheduledEntry = {
      id: "9",
      slug: "archive-tier",
      title: "Lifecycle rules move objects to the archive tier",
      kind: "new",
      products: ["Object Storage"],
      published_at: "2026-11-23T10:05:00.000Z",
      date_updated: null,
      body: "Objects move to the archive tier.",
    };
    // Directus' answer changes when its publish time passes (its `$NOW` and the site's `$now` filter).
    const clock = { due: false };
    const directus = mockDirectus({
      ChangelogEntries: () => ({
        changelog_entries: [...(clock.due ? [scheduledEntry] : []), ...changelogEntriesAnswer.changelog_entries],
      }),
      ScheduledPublications: () => ({ posts: [], changelog_entries: clock.due ? [{ id: "9" }] : [] }),
    });
    const app = createApp({ content: { fetch: directus.fetch } }); // with the page cache
    const view = async () => (await (await request("/changelog", { app })).text()).includes(scheduledEntry.title);
    expect(await view()).toBe(false);
    clock.due = true;
    expect(await view()).toBe(false); // cached: nothing told the site yet
    const ctx = createExecutionContext();
    const workerEnv = { ...env, ...testSecrets };
    await scheduled({ scheduledTime: Date.now(), cron: "* * * * *" }, workerEnv, ctx, {
      fetch: directus.fetch,
      renderPage: async (pageRequest) => app.fetch(pageRequest, workerEnv, ctx), // as the worker's entry does
    });
    await waitOnExecutionContext(ctx);
    clearGenerationMemo();
    expect(await view()).toBe(true);
  });
});

describe("llms.txt", () => {
  it("names the changelog's feed", async () => {
    const text = await (await request("/llms.txt")).text();
    expect(text).toContain("- [Changelog](http://localhost:3000/changelog/rss.xml): new features, improvements, fixes and deprecations");
  });
});

describe("sitemap", () => {
  it("lists the changelog and each product's changelog", async () => {
    const xml = await (await request("/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://localhost:3000/changelog</loc>");
    for (const product of ["gpu-clusters", "cli", "api"])
      expect(xml).toContain(`<loc>http://localhost:3000/changelog?product=${product}</loc>`);
  });
});

describe("site search", () => {
  it("finds a changelog entry by its body, with the docs, linked to its place on /changelog", async () => {
    resetSearchIndexMemo();
    await env.CONTENT_CACHE.delete("search:current");
    const body = (await (await request("/api/search?q=quic")).json()) as {
      results: { kind: string; url: string; section?: string; title: { text: string }[] }[];
    };
    const found = body.results.find((result) => result.url === "/changelog/ingress-http3");
    expect(found).toMatchObject({ kind: "doc", section: "Changelog" });
    expect(found!.title.map((part) => part.text).join("")).toBe("HTTP/3 on managed ingress");
  });
});
