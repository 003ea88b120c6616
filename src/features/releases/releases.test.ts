import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../app/create-app";
import { previewCookieValue } from "../../middleware/preview";
import { blogPostAnswer, blogPostsAnswer } from "../../../test/worker/fixtures/blog";
import { editableBlog } from "../../../test/worker/fixtures/editable-blog";
import { mockDirectus, request, resetContentState, testSecrets, textOf, type UpstreamCall } from "../../../test/worker/helpers";

beforeEach(resetContentState);
afterEach(() => vi.restoreAllMocks());

const token = testSecrets.DIRECTUS_PREVIEW_TOKEN;
const previewCookie = async () => `meridian_preview=${await previewCookieValue(token)}`;

/** Release 7 as the Preview role reads it: three changes, one without a page, one in conflict. */
const release = {
  id: 7,
  name: "B300 launch",
  state: "in_review",
  publish_at: "2027-01-12T09:00:00.000Z",
  changes: [
    { id: 1, content_collection: "posts", item: "2", action: "version", label: "Announcing B300 clusters", conflict: null },
    {
      id: 2,
      content_collection: "prices",
      item: "4",
      action: "version",
      label: "B300",
      conflict: "Edited on the main version since: amount",
    },
    { id: 3, content_collection: "jobs", item: "9", action: "unpublish", label: "Staff engineer", conflict: null },
  ],
};

/** The blog as Directus answers it inside release 7: post 2 has the release's title there. */
function blogWithRelease() {
  const inRelease = (call: UpstreamCall) => call.release === "7";
  const retitled = <T extends { id: string }>(call: UpstreamCall, post: T) =>
    inRelease(call) && post.id === "2" ? { ...post, title: "Announcing B300 clusters" } : post;
  return mockDirectus({
    BlogPosts: (call: UpstreamCall) => ({ posts: blogPostsAnswer(call).posts.map((post) => retitled(call, post)) }),
    BlogPost: (call: UpstreamCall) => ({ posts: blogPostAnswer(call).posts.map((post) => retitled(call, post)) }),
    BlogPostPath: { posts_by_id: { slug: "blog-post-2" } },
    PreviewRelease: (call: UpstreamCall) => ({ releases_by_id: call.variables.id === "7" ? release : null }),
  });
}

const revalidate = (app: ReturnType<typeof createApp>, body: unknown) =>
  request("/api/revalidate", {
    app,
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Revalidate-Secret": testSecrets.REVALIDATE_SECRET },
    body: JSON.stringify(body),
  });

describe("an editor previews the whole site inside a release", () => {
  it("the release's preview link sets the preview and the release, then opens the page it names", async () => {
    const directus = blogWithRelease();
    const app = createApp({ pageCache: false, content: { fetch: directus.fetch } });
    const response = await request(`/api/preview?token=${token}&release=7&path=/blog`, { app });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/blog");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toContain("meridian_preview=");
    expect(cookies).toMatch(/meridian_preview_release=7;/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a release that does not exist, or a bad id, is said plainly", async () => {
    const app = createApp({ pageCache: false, content: { fetch: blogWithRelease().fetch } });
    const missing = await request(`/api/preview?token=${token}&release=8`, { app });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("There is no release 8");
    const bad = await request(`/api/preview?token=${token}&release=seven`, { app });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("release's id");
  });

  it("every read goes inside the release, as the public will see it, and the bar lists its changes with their pages", async () => {
    const directus = blogWithRelease();
    const app = createApp({ pageCache: true, content: { fetch: directus.fetch } });
    const cookie = `${await previewCookie()}; meridian_preview_release=7`;
    const page = await request("/blog", { app, headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Announcing B300 clusters");
    const reads = directus.calls.filter((call) => call.operationName === "BlogPosts");
    expect(reads.length).toBeGreaterThan(0);
    for (const call of reads) {
      expect(call.release).toBe("7");
      expect(call.authorization).toBe(`Bearer ${token}`);
      // Published items only: no draft beside the release's changes.
      expect(call.variables.status).toEqual(["published"]);
    }
    // The bar: the release, its state and time, each change with its page (or none), the conflict.
    const text = textOf(html);
    expect(text).toContain("B300 launch");
    expect(text).toContain("State: In review");
    expect(text).toContain("3 changes");
    expect(html).toContain('href="/blog/blog-post-2"');
    expect(text).toContain("B300 (no page of its own)");
    expect(text).toContain("Edited on the main version since: amount");
    expect(text).toContain("Taken down");

    // Visual editing works inside the release: the post's page marks its fields for the editor.
    const post = await (await request("/blog/blog-post-2", { app, headers: { Cookie: cookie } })).text();
    expect(post).toContain("Announcing B300 clusters");
    expect(post).toContain('data-directus="collection:posts;item:2;fields:title;mode:popover"');

    // The public, meanwhile, sees none of it, and nothing of the preview was cached for them.
    const publicPage = await request("/blog", { app });
    expect(await publicPage.text()).not.toContain("Announcing B300 clusters");
    expect(directus.calls.filter((call) => call.operationName === "BlogPosts").at(-1)!.release).toBeNull();
  });
});

describe("a release's publication reaches the site as one call", () => {
  it("marks every item it changed before rendering any page again: each page shows all of the release", async () => {
    const { app, edits } = editableBlog();
    for (const path of ["/blog", "/blog/blog-post-1", "/blog/blog-post-2"]) await request(path, { app });
    edits.set("1", { title: "Launch: post one" });
    edits.set("2", { title: "Launch: post two" });
    const answer = await revalidate(app, {
      release: 7,
      changes: [
        { collection: "posts", keys: ["1"], event: "update", fields: ["title"] },
        { collection: "posts", keys: ["2"], event: "update", fields: ["title"] },
      ],
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ revalidated: true, release: 7, changes: 2 });
    const list = await request("/blog", { app });
    const html = await list.text();
    expect(list.headers.get("x-page-cache")).toBe("HIT"); // rendered again after the marks, before anyone asked
    expect(html).toContain("Launch: post one");
    expect(html).toContain("Launch: post two");
    for (const id of ["1", "2"])
      expect(await (await request(`/blog/blog-post-${id}`, { app })).text()).toContain(`Launch: post ${id === "1" ? "one" : "two"}`);
  });

  it("while a release switches, no page showing its items is kept; after, the page is rendered whole", async () => {
    const { app, edits } = editableBlog();
    await request("/blog/blog-post-1", { app });
    const changes = [{ collection: "posts", keys: ["1"], event: "update" }];
    const begin = await revalidate(app, { release: 7, phase: "begin", changes });
    expect(await begin.json()).toMatchObject({ switching: true, release: 7, changes: 1 });
    // During the switch: the page kept from before answers, whole, and what renders now is not kept.
    const during = await request("/blog/blog-post-1", { app });
    expect(during.headers.get("x-page-cache")).toBe("STALE");
    edits.set("1", { title: "Half-way title" });
    const rendered = await request("/blog/blog-post-1", { app });
    expect(rendered.headers.get("x-page-cache")).not.toBe("HIT");
    edits.set("1", { title: "Launch: post one" });
    expect((await revalidate(app, { release: 7, changes })).status).toBe(200);
    const after = await request("/blog/blog-post-1", { app });
    expect(after.headers.get("x-page-cache")).toBe("HIT");
    expect(await after.text()).toContain("Launch: post one");
  });

  it("one item's event of a release the site already has is acknowledged and changes nothing", async () => {
    const { app, directus } = editableBlog();
    await request("/blog", { app });
    const reads = directus.calls.length;
    const answer = await revalidate(app, { collection: "posts", keys: ["1"], event: "update", fields: ["title"], release: 7 });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ignored: true, release: 7 });
    expect((await request("/blog", { app })).headers.get("x-page-cache")).toBe("HIT");
    expect(directus.calls.length).toBe(reads);
  });

  it("a malformed release call is a 400 that says what is wrong", async () => {
    const { app } = editableBlog();
    const empty = await revalidate(app, { release: 7, changes: [] });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toContain("1 to 1000 changes");
    const bad = await revalidate(app, { release: 7, changes: [{ collection: "posts", keys: ["1"], event: "publish" }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("Each of changes: event must be create, update or delete.");
    const phase = await revalidate(app, { collection: "posts", keys: ["1"], phase: "begin" });
    expect(phase.status).toBe(400);
  });
});
