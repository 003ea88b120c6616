import { afterAll, describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { changeInRelease } from "./test-support";

/**
 * A release going live on the site (the built worker, its page cache, the seeded Directus that
 * tells it of changes): a reader polling the pages that show the release's items during the
 * switch sees each page all before or all after, never a new price beside an old one; and after
 * a revert, all before again. The time from the release's publish time to the last page showing
 * it is printed (a figure for the bench notes, not asserted).
 */
const site = inject("contractSiteUrl");
const cms = inject("contractCmsUrl");
const admin = createApi(cms, DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);
let releaseId: number | null = null;

async function person(roleName: string, name: string) {
  const [role] = (await admin("GET", `/roles?filter[name][_eq]=${encodeURIComponent(roleName)}&fields=id`)) as { id: string }[];
  const token = `contract-${name}-${stamp}`;
  await admin("POST", "/users", { email: `${name}-${stamp}@example.com`, first_name: name, role: role!.id, token, status: "active" });
  return createApi(cms, token);
}

/** How many of a page's markers of the release it shows: none (before), all (after), or some (a mixed page). */
async function look(path: string, markers: readonly string[]): Promise<{ shown: number; of: number; what: string; html: string }> {
  const response = await fetch(`${site}${path}`);
  const html = await response.text();
  const shown = markers.filter((marker) => html.includes(marker));
  // What a mixed answer was, for the failure's message: the markers it showed and where it came from.
  const what = `${shown.join(" + ") || "none"} (${response.headers.get("x-page-cache") ?? "no page cache"})`;
  return { shown: shown.length, of: markers.length, what, html };
}

/**
 * Polls every page in turn until `done` says so (the test's own deadline bounds it); the mixed
 * answers seen, when each page first showed all or none of its markers, and each page's last HTML.
 */
async function pollThrough(
  pages: Record<string, readonly string[]>,
  done: (seen: { firstAll: Map<string, number>; firstNone: Map<string, number>; last: Map<string, string> }) => boolean | Promise<boolean>,
) {
  const mixed: string[] = [];
  const firstAll = new Map<string, number>();
  const firstNone = new Map<string, number>();
  const last = new Map<string, string>();
  let polls = 0;
  for (;;) {
    for (const [path, markers] of Object.entries(pages)) {
      const { shown, of, what, html } = await look(path, markers);
      last.set(path, html);
      polls += 1;
      if (shown > 0 && shown < of) mixed.push(`${path}: ${what}`);
      if (shown === of && !firstAll.has(path)) firstAll.set(path, Date.now());
      if (shown === 0 && !firstNone.has(path)) firstNone.set(path, Date.now());
    }
    if (await done({ firstAll, firstNone, last })) return { mixed, firstAll, firstNone, polls };
  }
}

afterAll(async () => {
  // Whatever happened, the shared CMS goes back to what the other tests expect.
  if (releaseId !== null) {
    const { state } = (await admin("GET", `/items/releases/${releaseId}?fields=state`)) as { state: string };
    if (state === "published") await admin("POST", `/releases/${releaseId}/revert`);
  }
});

describe("a release goes live on the site at once", () => {
  it("a reader polling during the switch never sees part of it, on publishing or on reverting", async () => {
    const author = await person("Release author", "author");
    const reviewer = await person("Release reviewer", "reviewer");
    const publisher = await person("Release publisher", "publisher");
    const prices = (await admin("GET", "/items/prices?filter[name][_in]=L40S,H100%20SXM&fields=id,name,amount&sort=id")) as {
      id: number;
      name: string;
    }[];
    expect(prices.map((price) => price.name).sort()).toEqual(["H100 SXM", "L40S"]);
    const [menuItem] = (await admin(
      "GET",
      "/items/navigation_items?filter[navigation][_eq]=header&filter[label][_nnull]=true&sort=sort&limit=1&fields=id,label",
    )) as { id: number; label: string }[];
    const [post] = (await admin(
      "GET",
      "/items/posts?filter[status][_eq]=published&sort=-published_at&limit=1&fields=id,slug,share_card",
    )) as {
      id: number;
      slug: string;
      share_card: string | null;
    }[];
    // Text the pages show (the title and the label as text nodes, not the share card's alternative
    // text in the head, which follows when the CMS draws the card after the switch).
    const marks = { priceA: "7.77", priceB: "8.88", menu: `>Launch menu ${stamp}<`, post: `>Launch post ${stamp}<` };

    const release = (await author("POST", "/items/releases", { name: `Contract launch ${stamp}` })) as { id: number };
    releaseId = release.id;
    const change = (collection: string, id: number, delta: Record<string, unknown>) =>
      changeInRelease(author, release.id, collection, id, delta);
    await change("prices", prices[0]!.id, { amount: marks.priceA });
    await change("prices", prices[1]!.id, { amount: marks.priceB });
    await change("navigation_items", menuItem!.id, { label: `Launch menu ${stamp}` });
    // Without its cover the post's page shares the card the CMS draws for the new title: the last
    // of the CMS's work after the switch, and one the page shows when it is done.
    await change("posts", post!.id, { title: `Launch post ${stamp}`, cover: null });
    await author("PATCH", `/items/releases/${release.id}`, { state: "in_review" });
    await reviewer("PATCH", `/items/releases/${release.id}`, { state: "approved" });

    const postPath = `/blog/${post!.slug}`;
    const pages = {
      "/pricing": [marks.priceA, marks.priceB, marks.menu],
      "/blog": [marks.post, marks.menu],
      [postPath]: [marks.post, marks.menu],
    };
    // Cached before the switch, as on a busy day.
    for (const path of Object.keys(pages)) for (let i = 0; i < 2; i++) expect((await look(path, pages[path]!)).shown).toBe(0);

    const publishAt = Date.now() + 4_000;
    await publisher("PATCH", `/items/releases/${release.id}`, { state: "scheduled", publish_at: new Date(publishAt).toISOString() });
    const live = await pollThrough(pages, ({ firstAll }) => firstAll.size === Object.keys(pages).length);
    expect(live.mixed).toEqual([]);
    // The CMS's own work on the switch (the items' events, the post's new share card) ends before
    // it tells the site the switch is over: the pages stay whole until the post's page shows that
    // card, its last piece (no waiting out a fixed time before the negative checks).
    let newCard: string | null = null;
    const settled = await pollThrough(pages, async ({ last }) => {
      if (newCard === null) {
        const { share_card: card } = (await admin("GET", `/items/posts/${post!.id}?fields=share_card`)) as { share_card: string | null };
        if (card && card !== post!.share_card) newCard = card;
      }
      return newCard !== null && last.get(postPath)?.includes(newCard) === true;
    });
    expect(settled.mixed).toEqual([]);
    expect(settled.firstNone.size).toBe(0);
    const { published_on: publishedOn } = (await admin("GET", `/items/releases/${release.id}?fields=published_on`)) as {
      published_on: string;
    };
    const lastPage = Math.max(...live.firstAll.values());
    console.log(
      JSON.stringify({
        release_live: {
          polls: live.polls,
          mixed: live.mixed.length,
          publish_at_to_committed_ms: Date.parse(publishedOn) - publishAt,
          publish_at_to_last_page_ms: lastPage - publishAt,
          committed_to_last_page_ms: lastPage - Date.parse(publishedOn),
          polls_until_the_new_card: settled.polls,
          pages: Object.fromEntries([...live.firstAll].map(([path, at]) => [path, at - publishAt])),
        },
      }),
    );

    // Reverted in one action: the pages go back whole too.
    await publisher("POST", `/releases/${release.id}/revert`);
    const back = await pollThrough(pages, ({ firstNone }) => firstNone.size === Object.keys(pages).length);
    expect(back.mixed).toEqual([]);
    releaseId = null;
  });
});
