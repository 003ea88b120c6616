import { describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../cms/scripts/lib.mjs";
import { testSecrets } from "../../scripts/lib/test-stack.mjs";
import { operationNamed } from "../support/operations";

/**
 * The editors' loop on the real stack (seeded Directus 8058, built worker 3950): the Live Preview
 * URLs Directus holds lead through the preview cookie to each item's page; a scheduled post stays
 * out of every public view until its time and then appears by itself (the cron trigger, run here
 * through wrangler dev's /cdn-cgi/handler/scheduled, as the platform would every minute); a content version
 * previews.
 */
const site = inject("contractSiteUrl");
const cms = inject("contractCmsUrl");
const admin = createApi(cms, DEFAULTS.DIRECTUS_ADMIN_TOKEN);
const token = testSecrets.DIRECTUS_PREVIEW_TOKEN;

/** The collection's Live Preview URL as Directus renders it for an item and a version. */
async function livePreviewUrl(collection: string, id: string | number, version = "main"): Promise<string> {
  const { meta } = (await admin("GET", `/collections/${collection}`)) as { meta: { preview_url: string } };
  return meta.preview_url.replaceAll("{{id}}", String(id)).replaceAll("{{$version}}", version);
}

/** Opens a preview URL like the browser in the CMS: the redirect, and the cookies it sets. */
async function enterPreview(url: string, sent?: string) {
  const response = await fetch(url, { redirect: "manual", headers: sent ? { Cookie: sent } : {} });
  await response.body?.cancel();
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  return { response, location: response.headers.get("location"), cookie, setCookie: response.headers.getSetCookie() };
}

const page = async (path: string, cookie?: string) => {
  const response = await fetch(site + path, { headers: cookie ? { Cookie: cookie } : {} });
  return { response, html: await response.text() };
};

async function graphql(name: string, variables: Record<string, unknown> = {}) {
  const operation = operationNamed(name);
  const response = await fetch(`${site}/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ operationName: operation.name, query: operation.document, variables }),
  });
  return (await response.json()) as { data: Record<string, { slug?: string }[]> };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
const frameAncestors = (response: Response) =>
  /(?:^|; )frame-ancestors ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

describe("Live Preview from Directus", () => {
  it("each routed collection's preview URL leads, through the preview cookie, to the item's page", async () => {
    const [post] = (await admin("GET", "/items/posts?filter[status][_eq]=published&limit=1&fields=id,slug,title")) as {
      id: number;
      slug: string;
      title: string;
    }[];
    const [author] = (await admin("GET", "/items/authors?limit=1&fields=id,first_name")) as { id: number; first_name: string }[];
    const [job] = (await admin("GET", "/items/jobs?filter[status][_eq]=published&limit=1&fields=id,slug,role")) as {
      id: number;
      slug: string;
      role: string;
    }[];
    const [event] = (await admin("GET", "/items/events?filter[status][_eq]=published&limit=1&fields=id,slug,title")) as {
      id: number;
      slug: string;
      title: string;
    }[];
    // A nested docs page: its URL needs the section's and the parent's slugs.
    const [doc] = (await admin(
      "GET",
      "/items/docs_pages?filter[status][_eq]=published&filter[parent][_nnull]=true&filter[parent][parent][_null]=true&limit=1&fields=id,slug,title,section.slug,parent.slug",
    )) as { id: number; slug: string; title: string; section: { slug: string }; parent: { slug: string } }[];
    const cases = [
      { collection: "posts", id: post!.id, path: `/blog/${post!.slug}`, text: post!.title },
      { collection: "authors", id: author!.id, path: `/blog/authors/${author!.id}`, text: author!.first_name },
      { collection: "jobs", id: job!.id, path: `/careers/${job!.slug}`, text: job!.role },
      { collection: "events", id: event!.id, path: `/events/${event!.slug}`, text: event!.title },
      { collection: "docs_pages", id: doc!.id, path: `/docs/${doc!.section.slug}/${doc!.parent.slug}/${doc!.slug}`, text: doc!.title },
    ];
    for (const { collection, id, path, text } of cases) {
      const url = await livePreviewUrl(collection, id);
      expect(url.startsWith(`${site}/api/preview?token=`), url).toBe(true);
      const { response, location, cookie } = await enterPreview(url);
      expect(response.status, collection).toBe(302);
      expect(location, collection).toBe(path);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const shown = await page(location!, cookie);
      expect(shown.response.status, collection).toBe(200);
      expect(shown.response.headers.get("cache-control")).toBe("private, no-store");
      expect(frameAncestors(shown.response)).toBe(cms);
      expect(shown.html).toContain(escapeHtml(text));
      expect(shown.html).toContain(`href="${cms}/admin/content/${collection}/${id}"`);
      expect(shown.html).toContain(`data-directus="collection:${collection};item:${id};`);
      expect(shown.html).not.toContain(token);
    }
  });

  it("public pages stay unframeable and unmarked", async () => {
    const { response, html } = await page("/blog");
    expect(frameAncestors(response)).toBe("'none'");
    expect(html).not.toContain("data-directus");
  });
});

describe("scheduled publishing", () => {
  it("keeps a scheduled post and a scheduled page out of every public view, shows them in a preview, and publishes them by themselves at their time", {
    timeout: 150_000,
  }, async () => {
    const stamp = Date.now();
    const slug = `scheduled-contract-${stamp}`;
    const title = `Scheduled contract post ${stamp}`;
    const publishAt = new Date(stamp + 20_000).toISOString();
    const [author] = (await admin("GET", "/items/authors?limit=1&fields=id")) as { id: number }[];
    const post = (await admin("POST", "/items/posts", {
      status: "published",
      title,
      slug,
      description: "Published on a schedule.",
      body: "<p>Scheduled.</p>",
      published_at: publishAt,
      tags: ["engineering"],
      author: author!.id,
    })) as { id: number };
    // A page built from blocks, scheduled for the same moment.
    const scheduledPage = (await admin("POST", "/items/pages", {
      status: "published",
      title: `Scheduled page ${stamp}`,
      slug: `scheduled-page-${stamp}`,
      publish_at: publishAt,
      blocks: [{ collection: "block_hero", item: { status: "published", headline: `Launching ${stamp}` } }],
    })) as { id: number; path: string };

    // Before its time: nowhere public.
    expect((await page(scheduledPage.path)).response.status).toBe(404);
    expect((await page(`/blog/${slug}`)).response.status).toBe(404);
    expect((await page("/blog")).html).not.toContain(slug);
    expect((await page("/")).html).not.toContain(slug);
    expect((await page("/sitemap.xml")).html).not.toContain(slug);
    expect((await page("/blog/rss.xml")).html).not.toContain(slug);
    expect((await graphql("BlogPosts")).data.posts!.map((item) => item.slug)).not.toContain(slug);
    expect((await graphql("BlogPost", { slug })).data.posts).toEqual([]);
    expect(Date.now()).toBeLessThan(Date.parse(publishAt)); // the checks above ran before its time

    // In a preview: there, with the schedule on the page.
    const { location, cookie } = await enterPreview(await livePreviewUrl("posts", post.id));
    expect(location).toBe(`/blog/${slug}`);
    const preview = await page(location!, cookie);
    expect(preview.response.status).toBe(200);
    expect(preview.html).toContain(title);
    expect(preview.html).toContain(`data-editor-scheduled="${publishAt}"`);
    expect(preview.html).toContain("Scheduled for ");
    const pagePreview = await enterPreview(await livePreviewUrl("pages", scheduledPage.id));
    expect(pagePreview.location).toBe(scheduledPage.path);
    expect((await page(scheduledPage.path, pagePreview.cookie)).html).toContain(`Launching ${stamp}`);

    // After its time, by itself: the cron trigger runs every minute. wrangler dev never fires it on
    // its own; it runs the scheduled handler on /cdn-cgi/handler/scheduled, as the platform would.
    // The article's own query may show it a moment before a cron run has announced it (public
    // queries compare with this minute; the cron run marks cached lists stale), so every check of
    // the article is followed by a run: the run after the first 200 announces it for certain.
    const runCron = async () => {
      const cron = await fetch(`${site}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("* * * * *")}`);
      await cron.body?.cancel();
      expect(cron.status).toBe(200);
    };
    const deadline = Date.now() + 90_000;
    let status = 404;
    while (Date.now() < deadline) {
      status = (await page(`/blog/${slug}`)).response.status;
      await runCron();
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    expect(status).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(publishAt));
    expect((await page("/blog")).html).toContain(slug);
    expect((await page("/sitemap.xml")).html).toContain(slug);
    expect((await page("/blog/rss.xml")).html).toContain(slug);
    expect((await graphql("BlogPosts")).data.posts!.map((item) => item.slug)).toContain(slug);
    // The page too, by the same cron run: no webhook announced it at its time.
    const live = await page(scheduledPage.path);
    expect(live.response.status).toBe(200);
    expect(live.html).toContain(`Launching ${stamp}`);
    expect((await page("/sitemap.xml")).html).toContain(scheduledPage.path);
    await admin("DELETE", `/items/posts/${post.id}`);
    await admin("DELETE", `/items/pages/${scheduledPage.id}`);
  });
});

describe("content versions", () => {
  it("previews a named version of an item, with the version on the badge; the public page keeps the main one", async () => {
    const [post] = (await admin("GET", "/items/posts?filter[status][_eq]=published&sort=id&limit=1&offset=2&fields=id,slug,title")) as {
      id: number;
      slug: string;
      title: string;
    }[];
    const key = `spring-${Date.now().toString(36)}`;
    const version = (await admin("POST", "/versions", { key, name: "Spring update", collection: "posts", item: String(post!.id) })) as {
      id: string;
    };
    await admin("POST", `/versions/${version.id}/save`, { title: `Spring title ${key}` });

    const entered = await enterPreview(await livePreviewUrl("posts", post!.id, key));
    expect(entered.response.status).toBe(302);
    expect(entered.location).toBe(`/blog/${post!.slug}`);
    expect(entered.cookie).toContain("meridian_preview_version=");
    const versioned = await page(entered.location!, entered.cookie);
    expect(versioned.html).toContain(`Spring title ${key}`);
    expect(versioned.html).toContain(`data-editor-version="${key}"`);

    const publicPage = await page(`/blog/${post!.slug}`);
    expect(publicPage.html).toContain(escapeHtml(post!.title));
    expect(publicPage.html).not.toContain(`Spring title ${key}`);

    // Back to the main version: the version cookie goes.
    const main = await enterPreview(await livePreviewUrl("posts", post!.id), entered.cookie);
    expect(main.setCookie.some((line) => line.startsWith("meridian_preview_version=; Max-Age=0"))).toBe(true);
    const mainPage = await page(main.location!, main.cookie);
    expect(mainPage.html).toContain(escapeHtml(post!.title));
    expect(mainPage.html).not.toContain("data-editor-version");

    // A version the item does not have: a clear 404, no session.
    const missing = await enterPreview(await livePreviewUrl("posts", post!.id, "no-such-version"));
    expect(missing.response.status).toBe(404);
    expect(missing.cookie).toBe("");
  });

  it("previews a page's version with a block edited in it, as the admin saves it", async () => {
    const key = `launch-${Date.now().toString(36)}`;
    const created = (await admin("POST", "/items/pages", {
      status: "published",
      title: `Versioned ${key}`,
      slug: `versioned-${key}`,
      blocks: [{ collection: "block_hero", item: { status: "published", headline: `Main headline ${key}` } }],
    })) as { id: number; path: string };
    const [placement] = (await admin("GET", `/items/pages_blocks?filter[pages_id][_eq]=${created.id}&fields=id,collection,item`)) as {
      id: number;
      collection: string;
      item: string;
    }[];
    const version = (await admin("POST", "/versions", { key, name: "Launch", collection: "pages", item: String(created.id) })) as {
      id: string;
    };
    // The delta the admin's form saves for an edit inside a many-to-any block.
    await admin("POST", `/versions/${version.id}/save`, {
      blocks: {
        create: [],
        update: [
          { id: placement!.id, collection: placement!.collection, item: { id: placement!.item, headline: `Launch headline ${key}` } },
        ],
        delete: [],
      },
    });
    const entered = await enterPreview(await livePreviewUrl("pages", created.id, key));
    expect(entered.location).toBe(created.path);
    const versioned = await page(created.path, entered.cookie);
    expect(versioned.html).toContain(`Launch headline ${key}`);
    expect(versioned.html).toContain(`data-editor-version="${key}"`);
    const publicPage = await page(created.path);
    expect(publicPage.html).toContain(`Main headline ${key}`);
    expect(publicPage.html).not.toContain(`Launch headline ${key}`);
    await admin("DELETE", `/items/pages/${created.id}`);
  });

  it("previews a section's version on the page that shows it; the public page keeps the main one", async () => {
    const key = `autumn-${Date.now().toString(36)}`;
    const section = (await admin("POST", "/items/sections", {
      status: "published",
      name: `Shared quote ${key}`,
      blocks: [{ collection: "block_quote", item: { status: "published", quote: `Main words ${key}`, author_name: "A. Person" } }],
    })) as { id: number };
    const created = (await admin("POST", "/items/pages", {
      status: "published",
      title: `With a section ${key}`,
      slug: `with-section-${key}`,
      blocks: [{ collection: "sections", item: String(section.id) }],
    })) as { id: number; path: string };
    const [placement] = (await admin("GET", `/items/sections_blocks?filter[sections_id][_eq]=${section.id}&fields=id,collection,item`)) as {
      id: number;
      collection: string;
      item: string;
    }[];
    const version = (await admin("POST", "/versions", { key, name: "Autumn", collection: "sections", item: String(section.id) })) as {
      id: string;
    };
    await admin("POST", `/versions/${version.id}/save`, {
      blocks: {
        create: [],
        update: [{ id: placement!.id, collection: placement!.collection, item: { id: placement!.item, quote: `Autumn words ${key}` } }],
        delete: [],
      },
    });

    const entered = await enterPreview(await livePreviewUrl("sections", section.id, key));
    expect(entered.response.status).toBe(302);
    expect(entered.location).toBe(created.path);
    const versioned = await page(created.path, entered.cookie);
    expect(versioned.html).toContain(`Autumn words ${key}`);
    expect(versioned.html).not.toContain(`Main words ${key}`);
    expect(versioned.html).toContain(`data-editor-version="${key}"`);
    const publicPage = await page(created.path);
    expect(publicPage.html).toContain(`Main words ${key}`);
    expect(publicPage.html).not.toContain(`Autumn words ${key}`);
    await admin("DELETE", `/items/pages/${created.id}`);
    await admin("DELETE", `/items/sections/${section.id}`);
  });
});
