import { describe, expect, inject, it } from "vitest";
import { DEFAULTS, createApi } from "../../cms/scripts/lib.mjs";
import { eventually } from "../../cms/test/support.mjs";
import { allOperations as operations } from "../support/operations";
import { testSecrets } from "../../scripts/lib/test-stack.mjs";

/**
 * The content layer against the real local Directus: queries, webhook invalidation through the
 * Directus Flow, and editor preview of drafts.
 */
const site = inject("contractSiteUrl");
const cms = inject("contractCmsUrl");
const admin = createApi(cms, DEFAULTS.DIRECTUS_ADMIN_TOKEN);

/** Sample variables for each operation's declared variables. */
const samples: Record<string, unknown> = {
  now: "2026-01-01T00:00:00.000Z",
  q: "gpu",
  slug: "no-such-slug",
  id: "1",
  status: ["published"],
  limit: 500,
  offset: 0,
};

async function graphql(body: object, token?: string) {
  const response = await fetch(`${cms}/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
}

interface FlowRun {
  $trigger?: { collection?: string; key?: unknown; keys?: unknown[] };
  /** The request operation's result: the site's answer to the webhook. */
  revalidate?: { status: number; data: unknown };
}

/**
 * The revalidation Flow's logged run for an item (Directus logs a run once all its operations,
 * the webhook request included, have finished). Polls with a bound, like `eventually`.
 */
async function flowRunFor(collection: string, key: string | number, timeoutMs = 15_000): Promise<FlowRun> {
  const matches = (run: FlowRun) =>
    run.$trigger?.collection === collection && [run.$trigger.key, ...(run.$trigger.keys ?? [])].some((k) => String(k) === String(key));
  let found: FlowRun | undefined;
  await eventually(
    async () => {
      const revisions = (await admin("GET", "/revisions?filter[collection][_eq]=directus_flows&sort=-id&limit=50&fields=data")) as {
        data: { data?: FlowRun } | null;
      }[];
      found = revisions.map((revision) => revision.data?.data ?? {}).find(matches);
      return found !== undefined;
    },
    { timeoutMs },
  );
  return found!;
}

const page = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(site + path, { headers });
  return { response, html: await response.text() };
};

describe("site queries against the real Directus", () => {
  // A content version's read (`…Version`) runs only in an editor's preview, with the preview token.
  // The others run as the worker runs them: with its read token (the public reads no page parts or files).
  const published = operations.filter((operation) => !operation.name.endsWith("Version"));
  it.each(published.map((operation) => [operation.name, operation] as const))(
    "%s runs with the site's read token without errors",
    async (_name, operation) => {
      const declared = [...operation.document.matchAll(/\$(\w+)\s*:/g)].map((match) => match[1]!);
      const variables = Object.fromEntries(declared.map((name) => [name, samples[name] ?? "1"]));
      const result = await graphql(
        { query: operation.document, operationName: operation.name, variables },
        testSecrets.DIRECTUS_READ_TOKEN,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data).toBeTruthy();
    },
  );

  it("renders the main page with seeded content and the stock block", async () => {
    const { response, html } = await page("/");
    expect(response.status).toBe(200);
    expect(html).toContain("MRDN");
    expect(html).toContain("Last update");
    expect(html).toMatch(/\d+ open roles/);
  });
});

describe("webhook invalidation (Directus Flow -> /api/revalidate)", () => {
  it("shows an edit on the next page view, without waiting for the cache TTL", async () => {
    const [latest] = (await admin("GET", "/items/posts?filter[status][_eq]=published&sort=-published_at&limit=1&fields=id,title")) as {
      id: number;
      title: string;
    }[];
    expect((await page("/")).html).toContain(latest!.title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;"));
    const edited = `Edited ${Date.now()}`;
    await admin("PATCH", `/items/posts/${latest!.id}`, { title: edited });
    await eventually(async () => (await page("/")).html.includes(edited));
    await admin("PATCH", `/items/posts/${latest!.id}`, { title: latest!.title });
  });

  it("refuses the webhook without the shared secret", async () => {
    const response = await fetch(`${site}/api/revalidate`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ collection: "posts", keys: ["1"] }),
    });
    expect(response.status).toBe(401);
  });
});

describe("editor preview", () => {
  it("shows a draft only with the preview token, privately and uncached", async () => {
    const title = `Draft preview ${Date.now()}`;
    const draft = (await admin("POST", "/items/posts", {
      status: "draft",
      title,
      slug: `draft-preview-${Date.now()}`,
      description: "Not public yet.",
      body: "<p>Draft.</p>",
      published_at: new Date(Date.now() + 86_400_000).toISOString(),
      tags: ["engineering"],
    })) as { id: number };
    try {
      // The public site never shows it, even after the webhook for the creation: wait until the
      // Flow has run for this very item and the site acknowledged it, then look.
      const webhook = await flowRunFor("posts", draft.id);
      expect(webhook.revalidate).toMatchObject({ status: 200, data: { revalidated: true, collection: "posts" } });
      expect((await page("/")).html).not.toContain(title);
      const preview = await page("/", { "X-Preview-Token": testSecrets.DIRECTUS_PREVIEW_TOKEN });
      expect(preview.response.status).toBe(200);
      expect(preview.html).toContain(title);
      expect(preview.response.headers.get("cache-control")).toBe("private, no-store");
      expect(preview.response.headers.get("x-robots-tag")).toBe("noindex");
      expect((await page("/")).html).not.toContain(title);
      expect((await page("/", { "X-Preview-Token": "wrong" })).response.status).toBe(401);
    } finally {
      await admin("DELETE", `/items/posts/${draft.id}`);
    }
  });
});

describe("the browser's /graphql against the real Directus", () => {
  it("serves a registered operation by POST and refuses GET", async () => {
    const operation = operations.find((o) => o.name === "BlogPosts")!;
    const response = await fetch(`${site}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ operationName: operation.name, query: operation.document, variables: {} }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { posts: unknown[] } }).data.posts.length).toBeGreaterThan(0);
    expect((await fetch(`${site}/graphql`)).status).toBe(405);
  });
});

describe("site search against the real Directus", () => {
  it("finds a post published in Directus after the webhook, and never a draft", async () => {
    const stamp = Date.now();
    const published = (await admin("POST", "/items/posts", {
      status: "published",
      title: "Zephyrine interconnect benchmarks",
      slug: `zephyrine-${stamp}`,
      description: "A published post for the search contract test.",
      body: "<p>Measured across four racks.</p>",
      published_at: new Date(stamp - 60_000).toISOString(),
      tags: ["engineering"],
    })) as { id: number };
    const draft = (await admin("POST", "/items/posts", {
      status: "draft",
      title: "Quillwort roadmap (draft)",
      slug: `quillwort-${stamp}`,
      description: "Not public yet.",
      body: "<p>Draft.</p>",
      published_at: new Date(stamp - 60_000).toISOString(),
      tags: ["engineering"],
    })) as { id: number };
    try {
      await flowRunFor("posts", draft.id);
      // The index is rebuilt after the webhook's answer: poll the API with a bound.
      let urls: string[] = [];
      await eventually(
        async () => {
          const answer = (await (await fetch(`${site}/api/search?q=zephyrin`)).json()) as { results: { url: string }[] };
          urls = answer.results.map((result) => result.url);
          return urls.includes(`/blog/zephyrine-${stamp}`);
        },
        { timeoutMs: 30_000 },
      );
      expect(urls[0]).toBe(`/blog/zephyrine-${stamp}`);
      const drafts = (await (await fetch(`${site}/api/search?q=quillwort`)).json()) as { total: number };
      expect(drafts.total).toBe(0);
    } finally {
      await admin("DELETE", `/items/posts/${published.id}`);
      await admin("DELETE", `/items/posts/${draft.id}`);
    }
  });
});
