import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { docsPages } from "./fixtures/docs";
import { mockDirectus, request, resetContentState } from "./helpers";

beforeEach(resetContentState);

const quickstart = docsPages.find((page) => page.id === "12")!;
const file = (id: string, width: number, height: number) => ({
  id,
  title: `${id}.png`,
  filename_download: `${id}.png`,
  modified_on: "2026-11-26T10:00:00.000Z",
  width,
  height,
});

/** The quickstart's head with these share fields in Directus' answer. */
async function headOf(share: { share_image?: object | null; share_card?: object | null }) {
  const directus = mockDirectus({
    DocsPage: () => ({
      docs_pages: [
        {
          id: quickstart.id,
          title: quickstart.title,
          description: quickstart.description,
          date_updated: quickstart.date_updated,
          body: quickstart.body,
          ...share,
        },
      ],
    }),
  });
  const response = await request("/docs/getting-started/quickstart", {
    app: createApp({ pageCache: false, content: { fetch: directus.fetch } }),
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  const meta = (attribute: "property" | "name", key: string) =>
    html.match(new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)">`))?.[1]?.replaceAll("&amp;", "&");
  return {
    image: meta("property", "og:image"),
    width: meta("property", "og:image:width"),
    height: meta("property", "og:image:height"),
    alt: meta("property", "og:image:alt"),
    twitterCard: meta("name", "twitter:card"),
    twitterImage: meta("name", "twitter:image"),
  };
}

describe("a doc page's share image", () => {
  it("is the card the CMS drew: an absolute, versioned URL at the card's own 1280×640", async () => {
    const head = await headOf({ share_card: file("card-1", 1280, 640) });
    const url = new URL(head.image!);
    expect(url.origin).toBe(env.SITE_URL);
    expect(url.pathname).toBe("/_next/image");
    const source = new URL(url.searchParams.get("url")!);
    expect(source.pathname).toBe("/assets/card-1");
    expect(source.searchParams.get("v")).toBeTruthy();
    // Wider than the card: /_next/image never upscales, so the card comes at its own size.
    expect(Number(url.searchParams.get("w"))).toBeGreaterThanOrEqual(1280);
    expect(head).toMatchObject({ width: "1280", height: "640", alt: quickstart.title, twitterCard: "summary_large_image" });
    expect(head.twitterImage).toBe(head.image);
  });

  it("is the editor's own image when the page has one, even with a drawn card", async () => {
    const head = await headOf({ share_image: file("own-image", 1600, 900), share_card: file("card-1", 1280, 640) });
    const source = new URL(new URL(head.image!).searchParams.get("url")!);
    expect(source.pathname).toBe("/assets/own-image");
    expect(head).toMatchObject({ width: "1200", height: "675" });
    expect(head.twitterImage).toBe(head.image);
  });

  it("is the site's /social-card.png when the page has neither", async () => {
    const head = await headOf({ share_image: null, share_card: null });
    expect(head).toMatchObject({ image: `${env.SITE_URL}/social-card.png`, width: "1280", height: "640" });
    expect(head.twitterImage).toBe(head.image);
  });

  it("asks Directus for both files with the page", async () => {
    const directus = mockDirectus();
    await request("/docs/getting-started/quickstart", { app: createApp({ pageCache: false, content: { fetch: directus.fetch } }) });
    const query = directus.calls.find((call) => call.operationName === "DocsPage")?.query ?? "";
    expect(query).toMatch(/share_image \{ \.\.\.FileFields \}/);
    expect(query).toMatch(/share_card \{ \.\.\.FileFields \}/);
  });
});
