import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app/create-app";
import { apiReferenceData, apiVersionReferenceAnswer, processed } from "./fixtures/api-reference";
import { blogPostAnswer } from "./fixtures/blog";
import { careersJobAnswer } from "./fixtures/careers";
import { docsPages } from "./fixtures/docs";
import { eventDetailAnswer } from "./fixtures/events";
import { pageAnswer } from "./fixtures/pages";
import { mockDirectus, request, resetContentState, type UpstreamCall } from "./helpers";

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

type Share = { share_image?: object | null; share_card?: object | null; cover?: object | null };

/** The quickstart's head with these share fields in Directus' answer. */
function headOf(share: Share) {
  return headOfPage("/docs/getting-started/quickstart", {
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
}

/** A page's share tags, with Directus answering `answers`. */
async function headOfPage(path: string, answers: Parameters<typeof mockDirectus>[0]) {
  await resetContentState(); // each call answers differently: nothing cached from the one before
  const directus = mockDirectus(answers);
  const response = await request(path, { app: createApp({ pageCache: false, content: { fetch: directus.fetch } }) });
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

describe("a post's and a CMS page's share image", () => {
  const post = (share: Share) =>
    headOfPage("/blog/blog-post-1", {
      BlogPost: (call: UpstreamCall) => {
        const answer = blogPostAnswer(call);
        return { posts: answer.posts.map((found) => ({ ...found, ...share })) };
      },
    });
  const home = (share: Share) =>
    headOfPage("/", { Page: (call: UpstreamCall) => ({ pages: pageAnswer(call).pages.map((page) => ({ ...page, ...share })) }) });
  const sourceOf = (image: string | undefined) => new URL(new URL(image!).searchParams.get("url")!).pathname;

  it("is the post's cover when it has one, else the card the CMS drew", async () => {
    const covered = await post({ share_card: file("post-card", 1280, 640) });
    expect(sourceOf(covered.image)).toMatch(/^\/assets\/blog-cover-1/);
    const uncovered = await post({ cover: null, share_card: file("post-card", 1280, 640) });
    expect(sourceOf(uncovered.image)).toBe("/assets/post-card");
    expect(uncovered).toMatchObject({ width: "1280", height: "640", alt: "Blog post 1" });
    expect(uncovered.twitterImage).toBe(uncovered.image);
  });

  it("is a CMS page's share image when set, else its card, else /social-card.png", async () => {
    const own = await home({ share_image: file("own-image", 1600, 900), share_card: file("page-card", 1280, 640) });
    expect(sourceOf(own.image)).toBe("/assets/own-image");
    const card = await home({ share_image: null, share_card: file("page-card", 1280, 640) });
    expect(sourceOf(card.image)).toBe("/assets/page-card");
    expect(card).toMatchObject({ width: "1280", height: "640" });
    const neither = await home({ share_image: null, share_card: null });
    expect(neither).toMatchObject({ image: `${env.SITE_URL}/social-card.png`, width: "1280", height: "640" });
  });
});

describe("an event's and a role's share image", () => {
  const sourceOf = (image: string | undefined) => new URL(new URL(image!).searchParams.get("url")!).pathname;

  it("is an event's cover when it has one, else its card", async () => {
    const answer = (share: Share) => (call: UpstreamCall) => ({
      events: eventDetailAnswer(call).events.map((event) => ({ ...event, ...share })),
    });
    const path = "/events/ai-infra-summit-berlin";
    const covered = await headOfPage(path, {
      EventDetail: answer({ cover: file("event-cover", 1600, 900), share_card: file("event-card", 1280, 640) }),
    });
    expect(sourceOf(covered.image)).toBe("/assets/event-cover");
    const card = await headOfPage(path, { EventDetail: answer({ cover: null, share_card: file("event-card", 1280, 640) }) });
    expect(sourceOf(card.image)).toBe("/assets/event-card");
    expect(card).toMatchObject({ width: "1280", height: "640", alt: "Meridian at AI Infra Summit Berlin" });
  });

  it("is a role's card, else /social-card.png", async () => {
    const answer = (share: Share) => (call: UpstreamCall) => ({ jobs: careersJobAnswer(call).jobs.map((job) => ({ ...job, ...share })) });
    const path = "/careers/research-engineer-london";
    const card = await headOfPage(path, { CareersJob: answer({ share_card: file("job-card", 1280, 640) }) });
    expect(sourceOf(card.image)).toBe("/assets/job-card");
    expect(card).toMatchObject({ width: "1280", height: "640", alt: "Research Engineer, Distributed Training" });
    const none = await headOfPage(path, { CareersJob: answer({ share_card: null }) });
    expect(none).toMatchObject({ image: `${env.SITE_URL}/social-card.png`, width: "1280", height: "640" });
  });
});

describe("an API operation's share image", () => {
  const operation = processed.reference.operations[0]!;
  const tag = processed.navigation.tags.find((candidate) => candidate.operations.some((entry) => entry.id === operation.id))!;
  const path = `/docs/api/${tag.slug}/${tag.operations.find((entry) => entry.id === operation.id)!.slug}`;
  const withCards = (shareCards: unknown) => ({
    ApiReference: () => ({ api_reference: { ...apiReferenceData.api_reference, share_cards: shareCards } }),
  });

  it("is the operation's card when the CMS drew one, at 1280×640", async () => {
    const head = await headOfPage(path, withCards({ [operation.id]: { file: "operation-card", drawn: "GET /x Summary" } }));
    expect(new URL(new URL(head.image!).searchParams.get("url")!).pathname).toBe("/assets/operation-card");
    expect(head).toMatchObject({ width: "1280", height: "640", alt: operation.summary, twitterCard: "summary_large_image" });
    expect(head.twitterImage).toBe(head.image);
  });

  it("is an earlier version's own card on that version's page", async () => {
    const v1Path = `/docs/api/v1${path.slice("/docs/api".length)}`;
    const head = await headOfPage(v1Path, {
      ApiVersionReference: (call: UpstreamCall) => ({
        api_reference_versions: apiVersionReferenceAnswer(call).api_reference_versions.map((version) => ({
          ...version,
          share_cards: { [operation.id]: { file: "v1-operation-card", drawn: "v1 GET /x Summary" } },
        })),
      }),
    });
    expect(new URL(new URL(head.image!).searchParams.get("url")!).pathname).toBe("/assets/v1-operation-card");
    expect(head).toMatchObject({ width: "1280", height: "640" });
  });

  it("is /social-card.png for an operation without a card", async () => {
    const head = await headOfPage(path, withCards({ someOtherOperation: { file: "other-card", drawn: "" } }));
    expect(head).toMatchObject({ image: `${env.SITE_URL}/social-card.png`, width: "1280", height: "640" });
  });
});
