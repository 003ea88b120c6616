import { describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { eventually } from "../../../cms/test/support.mjs";
import { BLOCK_COLLECTIONS } from "../../../cms/scripts/setup.mjs";
import { blockSamples } from "../../../test/support/block-folders";
import { allOperations as operations } from "../../../test/support/operations";

/**
 * Pages built from blocks, end to end: the seeded Directus, its webhook and the built worker.
 * Every block type renders; drafts stay out of the HTML, /graphql, the sitemap and the search;
 * a section edited once changes every page that shows it; a page published under another joins
 * that page's child pages block.
 */
const site = inject("contractSiteUrl");
const cms = inject("contractCmsUrl");
const admin = createApi(cms, DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);

const page = async (path: string) => {
  const response = await fetch(site + path);
  return { status: response.status, html: await response.text() };
};

/** A block placement created with its page (REST: GraphQL cannot write many-to-any fields). */
const block = (collection: string, fields: Record<string, unknown>, status = "published") => ({ collection, item: { status, ...fields } });

describe("CMS pages on the site", () => {
  it("renders a page with every block type", async () => {
    const [plan] = (await admin("GET", "/items/plans?limit=1&fields=id")) as { id: number }[];
    const [image] = (await admin("GET", "/files?limit=1&fields=id&filter[type][_starts_with]=image")) as { id: string }[];
    // Each block type's sample (its folder's cms.mjs) and the text that shows it rendered.
    const samples = blockSamples({ stamp, plan: plan!.id, image: image!.id });
    const created = (await admin("POST", "/items/pages", {
      status: "published",
      title: `Every block ${stamp}`,
      slug: `every-block-${stamp}`,
      blocks: BLOCK_COLLECTIONS.map((collection) => block(collection, samples.get(collection)!.item)),
    })) as { id: number; path: string };
    try {
      const { status, html } = await page(created.path);
      expect(status).toBe(200);
      for (const collection of BLOCK_COLLECTIONS) expect(html, collection).toContain(samples.get(collection)!.shows);
      expect(html).toContain('"@type":"FAQPage"');
    } finally {
      await admin("DELETE", `/items/pages/${created.id}`);
    }
  });

  it("serves a block's image through /_next/image, fetched with the read token; Directus serves it to nobody anonymous", async () => {
    const [image] = (await admin("GET", "/files?limit=1&fields=id&filter[type][_in]=image/png,image/jpeg,image/webp")) as { id: string }[];
    const created = (await admin("POST", "/items/pages", {
      status: "published",
      title: `Pictured ${stamp}`,
      slug: `pictured-${stamp}`,
      blocks: [block("block_media", { image: image!.id, alt: `Pictured ${stamp}` })],
    })) as { id: number; path: string };
    try {
      const { status, html } = await page(created.path);
      expect(status).toBe(200);
      const sources = [...html.matchAll(/(?:src|srcSet|srcset)="([^"]+)"/g)]
        .flatMap((match) => match[1]!.replaceAll("&amp;", "&").split(/,\s*/))
        .map((candidate) => candidate.trim().split(/\s+/)[0]!)
        .filter((url) => url.startsWith("/_next/image?") && new URL(url, site).searchParams.get("url")!.includes(`/assets/${image!.id}`));
      expect(sources.length).toBeGreaterThan(0);
      const resized = await fetch(site + sources[0], { headers: { Accept: "image/webp,image/*" } });
      expect(resized.status).toBe(200);
      expect(resized.headers.get("content-type")).toMatch(/^image\//);
      expect((await resized.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const direct = await fetch(`${cms}/assets/${image!.id}`);
      expect(direct.status).toBe(403);
      await direct.body?.cancel();
    } finally {
      await admin("DELETE", `/items/pages/${created.id}`);
    }
  });

  it("never shows a draft page: not in its HTML, /graphql, the sitemap or the search; a published one is in all four", async () => {
    const word = `Xylocarp${stamp}`;
    const make = async (status: string, slug: string) =>
      (await admin("POST", "/items/pages", {
        status,
        title: `${word} ${status}`,
        slug,
        blocks: [block("block_rich_text", { body: `<p>${word} ${status} body</p>` })],
      })) as { id: number; path: string };
    const draft = await make("draft", `draft-${stamp}`);
    const published = await make("published", `published-${stamp}`);
    const pageOperation = operations.find((operation) => operation.name === "Page")!;
    const viaGraphql = async (path: string) => {
      const response = await fetch(`${site}/graphql`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ operationName: "Page", query: pageOperation.document, variables: { path } }),
      });
      return ((await response.json()) as { data: { pages: unknown[] } }).data.pages.length;
    };
    try {
      // The search index is rebuilt after the webhooks: the published page shows up first.
      let found: string[] = [];
      await eventually(async () => {
        const answer = (await (await fetch(`${site}/api/search?q=${word.toLowerCase()}`)).json()) as { results: { url: string }[] };
        found = answer.results.map((result) => result.url);
        return found.includes(published.path);
      });
      expect(found).not.toContain(draft.path);
      expect((await page(published.path)).status).toBe(200);
      expect((await page(draft.path)).status).toBe(404);
      expect(await viaGraphql(published.path)).toBe(1);
      expect(await viaGraphql(draft.path)).toBe(0);
      const sitemap = (await page("/sitemap.xml")).html;
      expect(sitemap).toContain(`${published.path}</loc>`);
      expect(sitemap).not.toContain(draft.path);
    } finally {
      await admin("DELETE", `/items/pages/${draft.id}`);
      await admin("DELETE", `/items/pages/${published.id}`);
    }
  });

  it("changes every page that shows a section when the section's block is edited once", async () => {
    const section = (await admin("POST", "/items/sections", {
      status: "published",
      name: `Shared ${stamp}`,
      blocks: [block("block_cta", { title: `Before ${stamp}` })],
    })) as { id: number };
    const uses = async (slug: string) =>
      (await admin("POST", "/items/pages", {
        status: "published",
        title: slug,
        slug,
        blocks: [block("block_hero", { headline: slug }), { collection: "sections", item: String(section.id) }],
      })) as { id: number; path: string };
    const first = await uses(`section-one-${stamp}`);
    const second = await uses(`section-two-${stamp}`);
    try {
      for (const { path } of [first, second]) expect((await page(path)).html).toContain(`Before ${stamp}`);
      const [row] = (await admin("GET", `/items/sections_blocks?filter[sections_id][_eq]=${section.id}&fields=item`)) as { item: string }[];
      await admin("PATCH", `/items/block_cta/${row!.item}`, { title: `After ${stamp}` });
      for (const { path } of [first, second]) await eventually(async () => (await page(path)).html.includes(`After ${stamp}`));
    } finally {
      await admin("DELETE", `/items/pages/${first.id}`);
      await admin("DELETE", `/items/pages/${second.id}`);
      await admin("DELETE", `/items/sections/${section.id}`);
    }
  });

  it("lists a page published under another in its child pages block, after the webhook, with no edit of the block", async () => {
    const parent = (await admin("POST", "/items/pages", {
      status: "published",
      title: `Guides ${stamp}`,
      slug: `guides-${stamp}`,
      blocks: [block("block_child_pages", { title: `All guides ${stamp}` })],
    })) as { id: number; path: string };
    const child = async (slug: string, title: string, sort: number) =>
      (await admin("POST", "/items/pages", { status: "published", title, slug, parent: parent.id, sort })) as { id: number; path: string };
    try {
      const first = await child("first", `First guide ${stamp}`, 1);
      const { html } = await page(parent.path);
      expect(html).toContain(`href="${first.path}"`);
      // Cached by now; a new page under it is published: the CMS's webhook makes the next view fresh.
      const second = await child("second", `Second guide ${stamp}`, 2);
      await eventually(async () => (await page(parent.path)).html.includes(`href="${second.path}"`));
      const shown = (await page(parent.path)).html;
      expect(shown.indexOf(first.path)).toBeLessThan(shown.indexOf(second.path));
      // Unpublished: it leaves the list the same way.
      await admin("PATCH", `/items/pages/${second.id}`, { status: "draft" });
      await eventually(async () => !(await page(parent.path)).html.includes(`href="${second.path}"`));
    } finally {
      const under = (await admin("GET", `/items/pages?filter[parent][_eq]=${parent.id}&fields=id`)) as { id: number }[];
      for (const { id } of under) await admin("DELETE", `/items/pages/${id}`);
      await admin("DELETE", `/items/pages/${parent.id}`);
    }
  });

  it("builds the header and footer from the navigation collection", async () => {
    const { html } = await page("/");
    const header = /<header[\s\S]*?<\/header>/.exec(html)![0];
    for (const href of ["/products", "/solutions", "/docs", "/blog", "/careers", "/events"]) expect(header).toContain(`href="${href}"`);
    const footer = /<footer[\s\S]*?<\/footer>/.exec(html)![0];
    expect(footer).toContain('href="/pricing"');
    expect(footer).toContain('href="/docs/getting-started/quickstart"');
    expect(html).not.toMatch(/href="\/#/);
  });
});
