import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app/create-app";
import type { Subscription } from "../../src/features/newsletter/store.server";
import { hostileRequests, sweepProblems, type HostileRequest } from "../fault/hostile-requests";
import { mockDirectus, request, resetContentState, testSecrets, textOf } from "./helpers";

/**
 * Bad-input sweep (issue 8, point 4): a generated table of hostile requests (odd paths and
 * encodings, image parameters, /graphql and subscription bodies, header injection through
 * query strings and forms, odd methods, bad content types, invalid/deep JSON, huge numbers,
 * oversized bodies) sent to the worker with a mock Directus. None may answer 5xx; every refusal
 * is a 4xx with a message a person can read; nothing from the request becomes a header. The
 * same table runs against the real stack in test/fault/stack.test.ts.
 */
const rows = hostileRequests({ previewToken: testSecrets.DIRECTUS_PREVIEW_TOKEN, revalidateSecret: testSecrets.REVALIDATE_SECRET });

/** Directus as it answers `authors_by_id` for an id it does not have: FORBIDDEN, the field null. */
const forbiddenAuthor = {
  data: { authors_by_id: null },
  errors: [{ message: "You don't have permission to access this.", extensions: { code: "FORBIDDEN" }, path: ["authors_by_id"] }],
};

function sweepApp() {
  const directus = mockDirectus({ Subscribe: { create_newsletter_subscriptions_item: { id: 1 } } });
  const upstream = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as { operationName?: string; variables?: { id?: string } }) : {};
    if (body.operationName === "BlogAuthor" && body.variables?.id !== "1") return Response.json(forbiddenAuthor);
    return directus.fetch(input, init);
  }) as typeof fetch;
  const queued: Subscription[] = [];
  const queue = { send: async (message: Subscription) => void queued.push(message) } as unknown as Queue;
  // A new app per request would reset the subscribe rate limit too; one app with a client
  // address per row keeps the limit out of the way.
  const app = createApp({ pageCache: false, content: { fetch: upstream }, subscribe: { fetch: directus.fetch } });
  return { app, queue, directus };
}

const { app, queue } = sweepApp();

async function send(row: HostileRequest, index: number): Promise<{ response: Response; body: string }> {
  const response = await request(row.path, {
    app,
    env: { SUBMISSIONS: queue },
    method: row.method ?? "GET",
    headers: { "CF-Connecting-IP": `198.51.100.${index % 250}`, ...row.headers },
    body: row.body,
  });
  return { response, body: row.method === "HEAD" ? "" : await response.text() };
}

describe("bad-input sweep against the worker", () => {
  it("has a table of a few hundred hostile requests", () => {
    expect(rows.length).toBeGreaterThan(200);
  });

  it.each(rows.map((row, index) => [row.name, row, index] as const))("%s", async (_name, row, index) => {
    const { response, body } = await send(row, index);
    expect(sweepProblems(row, response, body).join("\n") || "ok").toBe("ok");
  });
});

describe("bugs the sweep found", () => {
  it("answers an author id Directus does not have with the 404 page, not a 502", async () => {
    const response = await request("/blog/authors/999", { app });
    expect(response.status).toBe(404);
    expect(textOf(await response.text())).toContain("Page doesn't exist");
  });

  it("answers /graphql for an author id Directus does not have with null data", async () => {
    const { document } = (await import("../../src/features/blog/queries")).blogAuthorQuery;
    const response = await request("/graphql", {
      app,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ operationName: "BlogAuthor", query: document, variables: { id: "999" } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { authors_by_id: null } });
  });

  it("refuses wrong or missing /graphql variables with a 400 naming them, before asking Directus", async () => {
    const { app, directus } = sweepApp();
    const { document } = (await import("../../src/features/blog/queries")).blogPostQuery;
    const ask = (variables: unknown) =>
      request("/graphql", {
        app,
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ operationName: "BlogPost", query: document, variables }),
      });
    const missing = await ask({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ errors: [{ message: 'Variable "slug" is required for BlogPost.' }] });
    const wrongType = await ask({ slug: 42 });
    expect(await wrongType.json()).toEqual({ errors: [{ message: 'Variable "slug" must be a string for BlogPost.' }] });
    expect(directus.count("BlogPost")).toBe(0);
  });

  it("answers other methods with 405 and the methods the address takes", async () => {
    const page = await request("/blog", { app, method: "DELETE" });
    expect(page.status).toBe(405);
    expect(page.headers.get("allow")).toBe("GET, HEAD");
    expect(await page.text()).toBe("This address accepts only GET and HEAD requests.");
    const api = await request("/api/subscribe", { app, method: "PUT" });
    expect(api.status).toBe(405);
    expect(api.headers.get("allow")).toBe("POST");
    expect(await api.text()).toBe("This address accepts only POST requests.");
  });

  it("answers an image URL its host refuses (4xx other than 403/404) with 400, not 502", async () => {
    const host = env.API_BASE_URL.replace(/\/$/, ""); // the allowlisted image host
    const imageApp = createApp({
      pageCache: false,
      content: { fetch: mockDirectus().fetch },
      images: { fetch: (async () => new Response('{"errors":[{"message":"bad"}]}', { status: 400 })) as typeof fetch },
    });
    const response = await request(`/_next/image?url=${encodeURIComponent(`${host}/graphql`)}&w=640`, { app: imageApp });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('The "url" parameter points at an address the image host refuses (400).');
  });
});

describe("fixes the fault tests found (test/fault/stack.test.ts), with a mock Directus", () => {
  it("waits for a hanging Directus once per request: no retry after a timeout, no second wait for the error screen", async () => {
    await resetContentState();
    const calls: string[] = [];
    const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      calls.push((JSON.parse(String(init?.body)) as { operationName: string }).operationName);
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    }) as typeof fetch;
    const app = createApp({ pageCache: false, content: { fetch: hanging, timeoutMs: 50 } });
    const response = await request("/blog/timeout", { app });
    expect(response.status).toBe(502);
    expect(textOf(await response.text())).toContain("The server could not load the page");
    // The running experiments are read first (any page may run one) and time out; the request
    // has then waited once, so the page's queries and the error screen's shell data are not sent
    // to wait again. The redirect map is compiled after the response, once.
    expect(calls.sort()).toEqual(["LiveExperiments", "Redirects"]);
  });
});
