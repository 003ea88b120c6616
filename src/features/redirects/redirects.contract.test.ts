import { describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../../cms/scripts/lib.mjs";
import { eventually } from "../../../cms/test/support.mjs";

/**
 * Redirects end to end: the seeded Directus, its flows and webhook, and the built worker. Moving a
 * page or renaming a post makes its old address answer 308 by itself, and an editor's redirect is
 * live without a deploy: the webhook compiles the map before it answers, so here (one location)
 * it is live as soon as Directus has called the site; elsewhere KV takes up to a minute.
 */
const site = inject("contractSiteUrl");
const cms = inject("contractCmsUrl");
const admin = createApi(cms, DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const stamp = Date.now().toString(36);

const head = async (path: string) => {
  const response = await fetch(site + path, { redirect: "manual" });
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get("location") };
};

/** Waits until `path` answers with `status` (and `location`), then returns the answer. */
async function answersWith(path: string, status: number, location?: string) {
  await eventually(
    async () => {
      const answer = await head(path);
      return answer.status === status && (location === undefined || answer.location === location);
    },
    { what: `${path} answering ${status} ${location ?? ""}` },
  );
  return head(path);
}

describe("redirects on the site", () => {
  it("a page that moves answers 308 from its old address, its children too, by itself", async () => {
    const parent = (await admin("POST", "/items/pages", { status: "published", title: "Moving", slug: `on-the-move-${stamp}` })) as {
      id: number;
    };
    await admin("POST", "/items/pages", { status: "published", title: "Child", slug: "details", parent: parent.id });
    await answersWith(`/on-the-move-${stamp}/details`, 200);
    await admin("PATCH", `/items/pages/${parent.id}`, { slug: `settled-${stamp}` });
    await answersWith(`/on-the-move-${stamp}`, 308, `/settled-${stamp}`);
    await answersWith(`/on-the-move-${stamp}/details?ref=mail`, 308, `/settled-${stamp}/details?ref=mail`);
    expect((await head(`/settled-${stamp}/details`)).status).toBe(200);
  });

  it("a renamed post answers 308 from its old address", async () => {
    const [post] = (await admin("GET", "/items/posts?filter[status][_eq]=published&limit=1&sort=-published_at&fields=id,slug")) as {
      id: number;
      slug: string;
    }[];
    const renamed = `${post!.slug}-${stamp}`;
    try {
      await admin("PATCH", `/items/posts/${post!.id}`, { slug: renamed });
      await answersWith(`/blog/${post!.slug}`, 308, `/blog/${renamed}`);
      expect((await head(`/blog/${renamed}`)).status).toBe(200);
    } finally {
      // Back to its slug: the automatic redirect from that address is dropped, the post answers again.
      await admin("PATCH", `/items/posts/${post!.id}`, { slug: post!.slug });
      await answersWith(`/blog/${post!.slug}`, 200);
    }
  });

  it("an editor's redirect is live without a deploy, and gone when deactivated", async () => {
    const redirect = (await admin("POST", "/items/redirects", { source: `/promo-${stamp}`, target: "/pricing", status_code: 307 })) as {
      id: number;
    };
    await answersWith(`/promo-${stamp}?utm_source=ad`, 307, "/pricing?utm_source=ad");
    await admin("PATCH", `/items/redirects/${redirect.id}`, { active: false });
    await answersWith(`/promo-${stamp}`, 404);
  });

  it("the seeded redirects: a moved docs version, a pattern, a retired programme, the status host", async () => {
    expect(await head("/docs/v1/getting-started")).toEqual({ status: 308, location: "/docs/getting-started" });
    expect(await head("/news/2023/hello-world")).toEqual({ status: 301, location: "/blog/hello-world" });
    expect((await head("/early-access")).status).toBe(410);
    expect(await head("/status")).toEqual({ status: 307, location: "https://status.meridian.example/" });
  });
});
