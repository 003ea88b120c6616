import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../../app/create-app";
import { operationCollections } from "../../../../content/generated/operations";
import { mockDirectus, request, resetContentState, testSecrets, textOf, type UpstreamCall } from "../../../../../test/worker/helpers";
import { cmsPage, placement } from "../../../../../test/worker/fixtures/pages";
import { childPagesOf } from "./children";

beforeEach(resetContentState);

const child = (id: number, title: string, sort: number | null, description: string | null = `About ${title}.`) => ({
  id: String(id),
  title,
  path: `/solutions/${title.toLowerCase().replaceAll(" ", "-")}`,
  seo_description: description,
  sort,
});

const listBlock = placement(70, "block_child_pages", { id: "70", title: "Pick a workload", text: "Guides by workload." }, "workloads");

/** A Directus whose `/solutions` shows `blocks` and has `children()` under it (asked anew on every read). */
function solutions(children: () => unknown[], blocks: unknown[] = [listBlock]) {
  return mockDirectus({
    Page: (call: UpstreamCall) => ({
      pages: call.variables.path === "/solutions" ? [cmsPage("/solutions", blocks, { title: "Solutions", children: children() })] : [],
    }),
  });
}

const appWith = (directus: ReturnType<typeof mockDirectus>, pageCache = false) =>
  createApp({ pageCache, content: { fetch: directus.fetch } });

/** The cards' links, in the order the page shows them. */
const cardLinks = (html: string) => [...html.matchAll(/<li[^>]*><h3[^>]*><a href="([^"]+)"/g)].map((match) => match[1]);

describe("child pages block", () => {
  it("lists the pages under the page as linked cards with their descriptions, in the editors' order", async () => {
    const directus = solutions(() => [child(3, "Fine tuning", null), child(2, "Inference at scale", 2), child(1, "Model training", 1)]);
    const response = await request("/solutions", { app: appWith(directus) });
    expect(response.status).toBe(200);
    const html = await response.text();
    // Ordered by position; a page never dragged (no position) after the rest.
    expect(cardLinks(html)).toEqual(["/solutions/model-training", "/solutions/inference-at-scale", "/solutions/fine-tuning"]);
    const text = textOf(html);
    expect(text).toContain("Pick a workload");
    expect(text).toContain("Guides by workload.");
    expect(text).toContain("Model training About Model training.");
    // The block's anchor and its heading name the section.
    expect(html).toMatch(/<section id="workloads" aria-labelledby="block-child-pages-70-title"/);
  });

  it("asks Directus for published children only, by the same rule as the page (status, publish time), in sort order", async () => {
    const directus = solutions(() => []);
    await request("/solutions", { app: appWith(directus) });
    const call = directus.calls.find((candidate) => candidate.operationName === "Page")!;
    expect(call.query.replace(/\s+/g, " ")).toContain(
      'children(filter: { status: { _in: $status }, _or: [{ publish_at: { _null: true } }, { publish_at: { _lte: $now } }] }, sort: ["sort", "title"]',
    );
    expect(call.variables.status).toEqual(["published"]);
    // The query's cached result follows the pages' changes: a child published or unpublished invalidates it.
    expect(operationCollections.Page).toContain("pages");
  });

  it("shows a page published under this one after the CMS's webhook, with no edit of the block", async () => {
    let children = [child(1, "Model training", 1)];
    const directus = solutions(() => children);
    const app = appWith(directus, true);
    expect(cardLinks(await (await request("/solutions", { app })).text())).toEqual(["/solutions/model-training"]);
    children = [...children, child(2, "Inference at scale", 2)];
    // Cached until the CMS says the pages changed.
    const cached = await request("/solutions", { app });
    expect(cached.headers.get("x-page-cache")).toBe("HIT");
    await request("/api/revalidate", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
      body: JSON.stringify({ collection: "pages", keys: ["2"] }),
    });
    const fresh = await request("/solutions", { app });
    expect(cardLinks(await fresh.text())).toEqual(["/solutions/model-training", "/solutions/inference-at-scale"]);
  });

  it("keeps its heading and shows no list when no page under it is published; a block without words shows nothing", async () => {
    const headed = await (await request("/solutions", { app: appWith(solutions(() => [])) })).text();
    expect(textOf(headed)).toContain("Pick a workload");
    expect(cardLinks(headed)).toEqual([]);
    expect(/<section id="workloads"[\s\S]*?<\/section>/.exec(headed)![0]).not.toContain("<ul");
    const bare = placement(71, "block_child_pages", { id: "71", title: null, text: null });
    const empty = await (await request("/solutions", { app: appWith(solutions(() => [], [bare])) })).text();
    expect(empty).not.toContain("block-child-pages-71");
  });

  it("lists the pages under whichever page shows it when it sits in a shared section", async () => {
    const section = placement(80, "sections", { id: "8", blocks: [listBlock] });
    const directus = solutions(() => [child(1, "Model training", 1)], [section]);
    expect(cardLinks(await (await request("/solutions", { app: appWith(directus) })).text())).toEqual(["/solutions/model-training"]);
  });

  it("marks the block's fields and each listed page's title and description for visual editing in a preview only", async () => {
    const { previewCookieValue } = await import("../../../../middleware/preview");
    const cookie = `meridian_preview=${await previewCookieValue(testSecrets.DIRECTUS_PREVIEW_TOKEN)}`;
    const directus = solutions(() => [child(1, "Model training", 1)]);
    const preview = await (await request("/solutions", { app: appWith(directus), headers: { Cookie: cookie } })).text();
    expect(preview).toContain('data-directus="collection:block_child_pages;item:70;fields:title"');
    expect(preview).toContain('data-directus="collection:pages;item:1;fields:title,seo_description"');
    const visitor = await (await request("/solutions", { app: appWith(directus) })).text();
    expect(visitor).not.toContain("collection:pages;item:1");
  });
});

describe("childPagesOf", () => {
  it("drops rows without a path or title and keeps the query's order among pages without a position", () => {
    expect(
      childPagesOf([
        child(4, "Zeta", null),
        null,
        { id: 9, title: "No path", path: null },
        child(5, "Alpha", null, ""),
        child(6, "Second", 2),
        child(7, "First", 1),
      ]).map((page) => [page.title, page.description]),
    ).toEqual([
      ["First", "About First."],
      ["Second", "About Second."],
      ["Zeta", "About Zeta."],
      ["Alpha", null],
    ]);
  });
});
