import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app";
import { blogPosts } from "../../../test/worker/fixtures/blog";
import { mockDirectus, request, resetContentState, testSecrets, textOf } from "../../../test/worker/helpers";

/** The page's main element only (the state payload repeats raw query results as escaped JSON). */
const mainOf = (html: string) => html.slice(html.indexOf('<main id="content"'), html.indexOf("</main>"));
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
/** Titles of the post cards in the order shown. */
const cardTitles = (html: string) =>
  [...mainOf(html).matchAll(/<a href="\/blog\/blog-post-\d+"[^>]*>(Blog post \d+)<\/a>/g)].map((m) => m[1]);

// Several tests answer BlogPosts differently: start each from an empty content cache.
beforeEach(resetContentState);

function appWith(answers: Record<string, unknown>) {
  const directus = mockDirectus(answers);
  return { directus, app: createApp({ pageCache: false, content: { fetch: directus.fetch } }) };
}

const manyPosts = (count: number, tags: string[]) => ({
  posts: Array.from({ length: count }, (_, index) => ({
    ...blogPosts[0]!,
    id: String(index + 1),
    slug: `blog-post-${index + 1}`,
    title: `Blog post ${index + 1}`,
    tags,
    body: undefined,
    status: undefined,
  })),
});

describe("/blog", () => {
  it("lists the first 9 published posts with the exact title and description", async () => {
    const { app, directus } = appWith({});
    const response = await request("/blog", { app });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    const html = await response.text();
    const head = headOf(html);
    expect(head).toContain("<title>Blog | Meridian Cloud</title>");
    expect(head).toContain('<meta name="description" content="Check out our blog for the latest news and updates.">');
    expect(head).toContain('<link rel="canonical" href="http://localhost:3000/blog">');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(mainOf(html)).toMatch(/<h1[^>]*>Blog<\/h1>/);
    const text = textOf(mainOf(html));
    expect(text).toContain("Check out our blog for the latest news and updates.");
    expect(text).toContain("12 posts");
    expect(text).toContain("Page 1 of 2");
    expect(cardTitles(html)).toEqual([
      "Blog post 1",
      "Blog post 2",
      "Blog post 3",
      "Blog post 4",
      "Blog post 5",
      "Blog post 6",
      "Blog post 7",
      "Blog post 8",
      "Blog post 9",
    ]);
    expect(text).not.toContain("Embargoed draft");
    expect(directus.calls.find((call) => call.operationName === "BlogPosts")!.variables).toEqual({
      status: ["published"],
      now: expect.stringMatching(/:00\.000Z$/),
    });
    expect(jsonLd(html).find((data) => data["@type"] === "Blog")).toMatchObject({ name: "Blog", url: "http://localhost:3000/blog" });
    expect(html).toContain('href="/blog/rss.xml"');
  });

  it("paginates with previous, next and page links; page 2 shows the rest", async () => {
    const first = await (await request("/blog")).text();
    expect(first).toMatch(/<a href="\/blog\?page=2" rel="next"[^>]*>/);
    expect(first).toMatch(/<a href="\/blog\?page=2" aria-label="Page 2"/);
    expect(first).toMatch(/<a href="\/blog" aria-label="Page 1" aria-current="page"/);
    expect(first).toContain('aria-disabled="true"'); // no previous page

    const response = await request("/blog?page=2");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headOf(html)).toContain("<title>Blog, page 2 | Meridian Cloud</title>");
    expect(headOf(html)).toContain('<link rel="canonical" href="http://localhost:3000/blog?page=2">');
    expect(cardTitles(html)).toEqual(["Blog post 10", "Blog post 11", "Blog post 12"]);
    expect(html).toMatch(/<a href="\/blog" rel="prev"[^>]*>/);
    expect(textOf(mainOf(html))).toContain("Page 2 of 2");
  });

  it("answers 404 for a page out of range or not a page number", async () => {
    for (const query of ["page=3", "page=0", "page=-1", "page=abc", "page=1.5", "page=02"]) {
      const response = await request(`/blog?${query}`);
      expect(response.status, query).toBe(404);
      expect(textOf(await response.text())).toContain("Page doesn't exist");
    }
    const one = await request("/blog?page=1");
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('<link rel="canonical" href="http://localhost:3000/blog">');
  });

  it("filters by tag from the query string, with tag chips linking to the filtered list", async () => {
    const all = await (await request("/blog")).text();
    expect(all).toMatch(/<a href="\/blog\?tag=gpu"[^>]*>gpu<span[^>]*><span class="sr-only">\(<\/span>6/);
    expect(all).toMatch(/<a href="\/blog" class="[^"]*" aria-current="page">All posts<\/a>/);

    const response = await request("/blog?tag=gpu");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(headOf(html)).toContain("<title>Posts tagged gpu | Meridian Cloud</title>");
    expect(headOf(html)).toContain('<link rel="canonical" href="http://localhost:3000/blog?tag=gpu">');
    expect(cardTitles(html)).toEqual(["Blog post 1", "Blog post 2", "Blog post 5", "Blog post 7", "Blog post 8", "Blog post 11"]);
    expect(html).toMatch(/<a href="\/blog\?tag=gpu" class="[^"]*" aria-current="page">/);
    const text = textOf(mainOf(html));
    expect(text).toContain("Posts tagged gpu");
    expect(text).toContain("6 posts");
    expect(text).toContain("Show all posts");

    // Tags are stored lower-case: the filter matches them whatever the case in the URL.
    expect(cardTitles(await (await request("/blog?tag=GPU")).text())).toHaveLength(6);
  });

  it("answers 404 for a tag no post has", async () => {
    expect((await request("/blog?tag=does-not-exist")).status).toBe(404);
  });

  it("keeps the tag in pagination links and marks filtered pages beyond the first noindex", async () => {
    const { app } = appWith({ BlogPosts: manyPosts(20, ["gpu"]) });
    const first = await (await request("/blog?tag=gpu", { app, env: { ENVIRONMENT: "prod" } })).text();
    expect(first).toMatch(/<a href="\/blog\?tag=gpu&amp;page=2" rel="next"/);
    expect(headOf(first)).not.toContain("noindex");

    const second = await (await request("/blog?tag=gpu&page=2", { app, env: { ENVIRONMENT: "prod" } })).text();
    expect(headOf(second)).toContain('<link rel="canonical" href="http://localhost:3000/blog?tag=gpu&amp;page=2">');
    expect(headOf(second)).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(headOf(second)).toContain("<title>Posts tagged gpu, page 2 | Meridian Cloud</title>");

    const unfiltered = await (await request("/blog?page=2", { app, env: { ENVIRONMENT: "prod" } })).text();
    expect(headOf(unfiltered)).not.toContain("noindex");
    expect((await request("/blog?tag=gpu&page=4", { app })).status).toBe(404);
  });

  it("shows an empty state when nothing is published yet", async () => {
    const { app } = appWith({ BlogPosts: { posts: [] } });
    const response = await request("/blog", { app });
    expect(response.status).toBe(200);
    expect(textOf(mainOf(await response.text()))).toContain("No posts yet");
    expect((await request("/blog?page=2", { app })).status).toBe(404);
  });
});

describe("/blog/:slug", () => {
  it("renders the article: title, date, tags, cover, body, author card and related posts", async () => {
    const response = await request("/blog/blog-post-1");
    expect(response.status).toBe(200);
    const html = await response.text();
    const main = mainOf(html);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(main).toMatch(/<h1[^>]*>Blog post 1<\/h1>/);
    expect(main).toContain('<time dateTime="2026-11-29T09:00:00.000Z">29 November 2026</time>');
    for (const tag of ["engineering", "gpu", "scheduling"]) expect(main).toContain(`href="/blog?tag=${tag}"`);
    expect(main).toMatch(/<img[^>]+blog-cover-1[^>]+loading="eager"[^>]+fetchPriority="high"/);
    expect(main).toContain("<h2>Section of post 1</h2>");
    expect(main).toContain('<a href="https://example.com/docs" rel="noopener noreferrer">link</a>');

    const text = textOf(main);
    expect(text).toContain("About the author");
    expect(text).toContain("Inès Marchetti");
    expect(text).toContain("Principal Engineer, GPU Platform");
    expect(text).toContain("Builds the scheduler that places training jobs.");
    expect(main).toContain('href="https://www.linkedin.com/in/ines-example"');
    expect(main).toContain('href="/blog/authors/1"');
    expect(main).toMatch(/<img[^>]+avatar-ines/);

    // Related: most shared tags first (post 7 has all three), then the latest.
    const related = main.slice(main.indexOf('id="related-title"'));
    expect([...related.matchAll(/>(Blog post \d+)<\/a>/g)].map((m) => m[1])).toEqual(["Blog post 7", "Blog post 2", "Blog post 3"]);
  });

  it("carries article head tags, the cover as og:image with its size, and BlogPosting JSON-LD", async () => {
    const html = await (await request("/blog/blog-post-1")).text();
    const head = headOf(html);
    expect(head).toContain("<title>Blog post 1 | Meridian Cloud</title>");
    expect(head).toContain('<meta name="description" content="Summary of blog post 1.">');
    expect(head).toContain('<link rel="canonical" href="http://localhost:3000/blog/blog-post-1">');
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:3000\/_next\/image\?url=http%3A%2F%2F127\.0\.0\.1%3A8055%2Fassets%2Fblog-cover-1[^"]*&amp;w=1200&amp;q=75">/,
    );
    expect(head).toContain('<meta property="og:image:width" content="1200">');
    expect(head).toContain('<meta property="og:image:height" content="675">');
    expect(head).toContain('<meta property="article:published_time" content="2026-11-29T09:00:00.000Z">');
    expect(head).toContain('<meta property="article:author" content="http://localhost:3000/blog/authors/1">');
    for (const tag of ["engineering", "gpu", "scheduling"]) expect(head).toContain(`<meta property="article:tag" content="${tag}">`);

    const posting = jsonLd(html).find((data) => data["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: "Blog post 1",
      datePublished: "2026-11-29T09:00:00.000Z",
      url: "http://localhost:3000/blog/blog-post-1",
      author: { "@type": "Person", name: "Inès Marchetti", url: "http://localhost:3000/blog/authors/1" },
      publisher: { "@type": "Organization", name: "Meridian Cloud" },
      keywords: "engineering, gpu, scheduling",
    });
    expect(posting.image[0]).toContain("/_next/image?url=");
    expect(jsonLd(html).some((data) => data["@type"] === "BreadcrumbList")).toBe(true);
  });

  it("sanitises the CMS body on the server", async () => {
    const response = await request("/blog/hostile-body");
    expect(response.status).toBe(200);
    const main = mainOf(await response.text());
    expect(main).toContain("<p>Safe text <strong>kept</strong>.</p>");
    expect(main).not.toContain("<script");
    expect(main).not.toContain("<iframe");
    expect(main).not.toMatch(/\son[a-z]+=/i);
    expect(main).not.toContain("javascript:");
    expect(main).not.toMatch(/<p style=/);
    expect(main).toContain("bad link"); // unwrapped, text kept
    expect(main).toContain('<a href="https://example.com/ok" rel="noopener noreferrer">good link</a>');
    // CMS images go through /_next/image; others are dropped.
    expect(main).toMatch(
      /<img src="\/_next\/image\?url=http%3A%2F%2F127\.0\.0\.1%3A8055%2Fassets%2Finline-image&amp;w=1080&amp;q=75" srcset="[^"]+" sizes="[^"]+" alt="Inline diagram" loading="lazy" decoding="async">/,
    );
    expect(main).not.toContain('src="x"');
  });

  it("answers 404 for an unknown slug and for a draft, and shows the draft in a preview", async () => {
    const unknown = await request("/blog/no-such-post");
    expect(unknown.status).toBe(404);
    expect(textOf(await unknown.text())).toContain("Page doesn't exist");
    expect((await request("/blog/embargoed-draft")).status).toBe(404);

    const preview = await request("/blog/embargoed-draft", { headers: { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(textOf(mainOf(await preview.text()))).toContain("Embargoed draft");
  });
});

describe("/blog/authors/:id", () => {
  it("shows the author's profile, sanitised bio, LinkedIn and posts", async () => {
    const response = await request("/blog/authors/1");
    expect(response.status).toBe(200);
    const html = await response.text();
    const main = mainOf(html);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(main).toMatch(/<h1[^>]*>Inès Marchetti<\/h1>/);
    const text = textOf(main);
    expect(text).toContain("Principal Engineer, GPU Platform");
    expect(text).toContain("Inès leads the GPU Platform group.");
    expect(main).toContain("<p>Inès designed the <strong>topology-aware</strong> placement.</p><p>She writes about scheduling.</p>");
    expect(main).not.toContain("<script");
    expect(main).toContain('href="https://www.linkedin.com/in/ines-example"');
    expect(main).toMatch(/<img[^>]+avatar-ines/);
    expect(text).toContain("Posts by Inès Marchetti");
    expect(text).toContain("8 posts");
    expect(cardTitles(html)).toEqual([
      "Blog post 1",
      "Blog post 2",
      "Blog post 4",
      "Blog post 5",
      "Blog post 7",
      "Blog post 8",
      "Blog post 10",
      "Blog post 11",
    ]);

    const head = headOf(html);
    expect(head).toContain("<title>Inès Marchetti | Meridian Cloud</title>");
    expect(head).toContain('<link rel="canonical" href="http://localhost:3000/blog/authors/1">');
    expect(head).toContain('<meta property="og:type" content="profile">');
    const profile = jsonLd(html).find((data) => data["@type"] === "ProfilePage");
    expect(profile.mainEntity).toMatchObject({
      "@type": "Person",
      name: "Inès Marchetti",
      jobTitle: "Principal Engineer, GPU Platform",
      sameAs: ["https://www.linkedin.com/in/ines-example"],
      url: "http://localhost:3000/blog/authors/1",
    });
  });

  it("shows a monogram without an avatar and no LinkedIn link without one", async () => {
    const main = mainOf(await (await request("/blog/authors/2")).text());
    expect(main).toMatch(/<span aria-hidden="true"[^>]*>TW<\/span>/);
    expect(main).not.toContain("linkedin.com");
    expect(textOf(main)).toContain("4 posts");
  });

  it("answers 404 for an unknown or malformed id (a malformed one never reaches Directus)", async () => {
    expect((await request("/blog/authors/999")).status).toBe(404);
    const { app, directus } = appWith({});
    expect((await request("/blog/authors/not-a-number", { app })).status).toBe(404);
    expect(directus.count("BlogAuthor")).toBe(0);
  });
});

describe("/blog/rss.xml", () => {
  it("is an RSS 2.0 feed with absolute links and public cache headers", async () => {
    const response = await request("/blog/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public, /);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain("<title>Blog | Meridian Cloud</title>");
    expect(xml).toContain("<link>http://localhost:3000/blog</link>");
    expect(xml).toContain("<description>Check out our blog for the latest news and updates.</description>");
    expect(xml).toContain('<atom:link href="http://localhost:3000/blog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain("<lastBuildDate>Sun, 29 Nov 2026 09:00:00 GMT</lastBuildDate>");
    const items = xml.match(/<item>[\s\S]*?<\/item>/g)!;
    expect(items).toHaveLength(12);
    expect(items[0]).toBe(
      "<item><title>Blog post 1</title><link>http://localhost:3000/blog/blog-post-1</link>" +
        '<guid isPermaLink="true">http://localhost:3000/blog/blog-post-1</guid><pubDate>Sun, 29 Nov 2026 09:00:00 GMT</pubDate>' +
        "<description>Summary of blog post 1.</description><dc:creator>Inès Marchetti</dc:creator>" +
        "<category>engineering</category><category>gpu</category><category>scheduling</category></item>",
    );
    expect(xml).not.toContain("Embargoed draft");
    expect(xml.trimEnd().endsWith("</channel>\n</rss>")).toBe(true);
  });

  it("has the latest 20 posts and escapes XML", async () => {
    const feed = manyPosts(30, ["gpu"]);
    feed.posts[0] = { ...feed.posts[0]!, title: `Tom & Jerry <script>"quoted" 'single'\u0001` };
    const { app } = appWith({ BlogPosts: feed });
    const xml = await (await request("/blog/rss.xml", { app })).text();
    expect(xml.match(/<item>/g)).toHaveLength(20);
    expect(xml).toContain("<title>Tom &amp; Jerry &lt;script&gt;&quot;quoted&quot; &apos;single&apos;</title>");
    expect(xml).not.toContain("\u0001");
    expect(xml).not.toContain("Blog post 21<");
  });
});
