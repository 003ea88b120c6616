import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heroBlock } from "./blocks/hero";
import { mockDirectus, request, resetContentState, textOf, type UpstreamCall } from "../../../test/worker/helpers";
import { cmsPage, homeBlocks, placement } from "../../../test/worker/fixtures/pages";
import { createApp } from "../../app/create-app";

const appWith = (directus: ReturnType<typeof mockDirectus>) => createApp({ pageCache: false, content: { fetch: directus.fetch } });

/** A Directus whose `Page` answers `blocks` at `/about` (and nothing elsewhere). */
const aboutPage = (blocks: unknown[], extra: Record<string, unknown> = {}) =>
  mockDirectus({ Page: (call: UpstreamCall) => ({ pages: call.variables.path === "/about" ? [cmsPage("/about", blocks, extra)] : [] }) });

const hero = homeBlocks[0]!;
const faq = placement(20, "block_faq", {
  id: "20",
  title: "Questions",
  items: [{ question: "How is usage billed?", answer: "Per GPU and per second." }],
});

beforeEach(resetContentState);
afterEach(() => vi.restoreAllMocks());

describe("CMS pages", () => {
  it("renders a page at any path no fixed route claims, with its blocks in order", async () => {
    const response = await request("/about", { app: appWith(aboutPage([hero, faq])) });
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text.indexOf("Train and serve models")).toBeLessThan(text.indexOf("How is usage billed?"));
  });

  it("keeps the not-found screen for a path that is no page", async () => {
    const response = await request("/no-such-page", { app: appWith(aboutPage([hero])) });
    expect(response.status).toBe(404);
    const text = textOf(await response.text());
    expect(text).toContain("Page doesn't exist");
    expect(text).toContain("Back to main page");
  });

  it("leaves out an unknown block type and a block with malformed data, renders the rest, answers 200", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const blocks = [
      placement(30, "block_hologram", { id: "30", title: "From the future" }),
      placement(31, "block_stats", { id: "31", title: "Broken numbers", items: "not a list" }),
      faq,
    ];
    const response = await request("/about", { app: appWith(aboutPage(blocks)) });
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain("How is usage billed?");
    expect(text).not.toContain("From the future");
    expect(text).not.toContain("Broken numbers");
    const messages = warn.mock.calls.map((call) => String(call[0]));
    expect(messages.some((message) => message.includes("block_hologram:30") && message.includes("unknown block type"))).toBe(true);
    expect(messages.some((message) => message.includes("block_stats:31") && message.includes("does not match its schema"))).toBe(true);
  });

  it("logs a bad block once per isolate, not on every request", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const app = appWith(aboutPage([placement(40, "block_stats", { id: "40", items: 7 }), faq]));
    await request("/about", { app });
    await request("/about", { app, headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(warn.mock.calls.filter((call) => String(call[0]).includes("block_stats:40"))).toHaveLength(1);
  });

  it("renders nothing for a block that throws while rendering, and the page still answers 200", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(heroBlock, "View").mockImplementation(() => {
      throw new Error("view exploded");
    });
    const response = await request("/about", {
      app: appWith(aboutPage([placement(50, "block_hero", { ...(hero.item as object), id: "50" }), faq])),
    });
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).not.toContain("Train and serve models");
    expect(text).toContain("How is usage billed?");
  });

  it("expands a section in place and skips items the reader may not see (drafts come back null)", async () => {
    const section = placement(60, "sections", {
      id: "1",
      blocks: [placement(61, "block_quote", { id: "61", quote: "Shared words", author_name: "A. Person", author_title: null })],
    });
    const response = await request("/about", { app: appWith(aboutPage([hero, placement(59, "block_cta", null), section])) });
    const text = textOf(await response.text());
    expect(text).toContain("“Shared words”");
  });

  it("puts the FAQ block's questions into FAQPage structured data", async () => {
    const html = await (await request("/about", { app: appWith(aboutPage([hero, faq])) })).text();
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
    const faqPage = jsonLd.find((object) => object["@type"] === "FAQPage");
    expect(faqPage.mainEntity[0]).toEqual({
      "@type": "Question",
      name: "How is usage billed?",
      acceptedAnswer: { "@type": "Answer", text: "Per GPU and per second." },
    });
  });

  it("uses the page's SEO fields for the head", async () => {
    const html = await (
      await request("/about", {
        app: appWith(aboutPage([hero], { seo_title: "About Meridian", seo_description: "Who we are.", noindex: true })),
      })
    ).text();
    expect(html).toContain("<title>About Meridian | Meridian Cloud</title>");
    expect(html).toContain('<meta name="description" content="Who we are.">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("passes the page path to the query and asks for published items only", async () => {
    const directus = aboutPage([hero]);
    await request("/about", { app: appWith(directus) });
    const call = directus.calls.find((candidate) => candidate.operationName === "Page")!;
    expect(call.variables.path).toBe("/about");
    expect(call.variables.status).toEqual(["published"]);
    expect(typeof call.variables.now).toBe("string");
  });
});

describe("menus from the CMS", () => {
  it("renders the header and footer links of the navigation collection, leaving out items without a public target", async () => {
    const html = await (await request("/")).text();
    const header = /<header[\s\S]*?<\/header>/.exec(html)![0];
    expect(header).toContain('href="/products"');
    expect(header).not.toContain("Hidden");
    const footer = /<footer[\s\S]*?<\/footer>/.exec(html)![0];
    expect(footer).toContain('href="/docs/getting-started/quickstart"');
    expect(footer).toContain(">Pricing<"); // label from the page's title
    expect(html).not.toMatch(/href="\/#/);
  });
});

describe("CMS pages elsewhere on the site", () => {
  it("lists pages in the sitemap under their path, once, leaving out those with another canonical URL", async () => {
    const xml = await (await request("/sitemap.xml")).text();
    expect(xml).toContain("<loc>http://localhost:3000/pricing</loc><lastmod>2026-11-20</lastmod>");
    expect(xml.match(/<loc>http:\/\/localhost:3000\/<\/loc>/g)).toHaveLength(1);
    expect(xml).not.toContain("/pricing-2025");
  });

  it("indexes a page's block texts (sections included) for the site search", async () => {
    const { collectSearchDocuments } = await import("../search/site-index.server");
    const { Content } = await import("../../content/content.server");
    const { env } = await import("cloudflare:test");
    const content = new Content({ ...env } as never, () => {}, false, { fetch: mockDirectus().fetch });
    const page = (await collectSearchDocuments(content)).find((document) => document.kind === "page")!;
    expect(page).toMatchObject({ id: "/pricing", url: "/pricing", title: "Pricing", description: "GPU prices per GPU-hour." });
    expect(page.body).toContain("Reserved capacity lowers the hourly price.");
    expect(page.body).toContain("Is egress billed? Not between regions.");
    expect(page.body).not.toContain("Hidden numbers");
  });
});

describe("search index rebuilds after a burst of webhooks", () => {
  it("builds once for the first webhook and once more for all that came in meanwhile", async () => {
    const { requestSearchIndexUpdate } = await import("../search/site-index.server");
    const { Content } = await import("../../content/content.server");
    const { env } = await import("cloudflare:test");
    const { deferred } = await import("../../../test/worker/helpers");
    const { searchSourcesData } = await import("../../../test/worker/fixtures/search");
    const gate = deferred();
    let builds = 0;
    const directus = mockDirectus({
      SearchPages: async () => {
        builds += 1;
        await gate.promise;
        return searchSourcesData;
      },
    });
    // The preview content source reads no cache: every build asks Directus.
    const content = new Content({ ...env } as never, () => {}, true, { fetch: directus.fetch });
    const burst = Array.from({ length: 6 }, () => requestSearchIndexUpdate(env.CONTENT_CACHE, content, null));
    gate.resolve();
    await Promise.all(burst);
    expect(builds).toBe(2);
  });
});

describe("editors' entry to all of a page's blocks", () => {
  it("outlines the list of blocks as one field of the page in a preview, and nowhere in public", async () => {
    const { previewCookieValue } = await import("../../middleware/preview");
    const { testSecrets } = await import("../../../test/worker/helpers");
    const cookie = `meridian_preview=${await previewCookieValue(testSecrets.DIRECTUS_PREVIEW_TOKEN)}`;
    const preview = await (await request("/", { headers: { Cookie: cookie } })).text();
    expect(preview).toMatch(/data-directus="collection:pages;item:[^;"]+;fields:blocks;mode:drawer"/);
    const visitor = await (await request("/")).text();
    expect(visitor).not.toContain("fields:blocks");
  });
});
