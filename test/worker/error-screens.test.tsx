import { env } from "cloudflare:test";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it } from "vitest";
import { mockDirectus, request, resetContentState, textOf } from "./helpers";

function Thrower(): never {
  throw new Error("boom in render");
}

/** Routes that exist only in tests: a render error deep in a page, and thrown HTTP errors. */
const options = {
  configure(app: Parameters<NonNullable<import("../../src/app/create-app").AppOptions["configure"]>>[0]) {
    app.get("/__test/throw-in-render", async (c) => {
      const { renderDocument } = await import("../../src/app/render-page.server");
      const { siteChrome } = await import("../../src/router/request-context.server");
      const { Shell } = await import("../../src/shell/Shell");
      const site = await siteChrome(c);
      return renderDocument(c, {
        state: { route: "home", data: {} as never, site, path: "/" },
        meta: { description: "x", path: c.req.path },
        element: (
          <Shell site={site} path="/">
            <section>
              <div>
                <Thrower />
              </div>
            </section>
          </Shell>
        ),
      });
    });
    app.get("/__test/status/:code", (c) => {
      throw new HTTPException(Number(c.req.param("code")) as 502, { message: "upstream failed" });
    });
  },
};

describe("404 screen", () => {
  it("answers an unknown route with 404 and the exact texts of the spec", async () => {
    const response = await request("/no/such/page");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    const text = textOf(html);
    expect(html).toContain("<title>Page not found</title>");
    expect(text).toContain("Page doesn't exist");
    expect(text).toContain("Error 404");
    expect(html).toMatch(/<a href="\/" class="btn btn-primary[^"]*">Back to main page<\/a>/);
    expect(html).toContain('src="/illustrations/not-found.svg"');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    // No page here to point search engines at: no canonical link.
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('<meta property="og:url" content="http://localhost:3000/no/such/page">');
    expect(text).not.toContain("The server could not load the page");
  });
});

/**
 * The spec's 500 screen with the real status kept: not cached, its title and texts, 'Error
 * {status}', and the refresh link back to `path`.
 */
async function expectServerErrorScreen(response: Response, status: number, path: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const html = await response.text();
  const text = textOf(html);
  expect(html).toContain("<title>An error occurred</title>");
  expect(text).toContain("The server could not load the page");
  expect(text).toContain("We are already working on this. Please try refreshing the page.");
  expect(text).toContain(`Error ${status}`);
  expect(html).toContain(`<a href="${path}" class="link">refreshing the page</a>`);
  expect(html).not.toContain('rel="canonical"');
  return { html, text };
}

describe("500 screen", () => {
  it("replaces a page whose render throws with the 500 screen and status 500", async () => {
    const response = await request("/__test/throw-in-render", { options });
    const { html, text } = await expectServerErrorScreen(response, 500, "/__test/throw-in-render");
    expect(html).toMatch(/<button type="button" class="btn btn-primary[^"]*">Try again<\/button>/);
    expect(text).not.toContain("Page doesn't exist");
  });

  it("turns a real page's loader failing on a Directus error into the 500 screen with status 502", async () => {
    await resetContentState();
    // Only the /careers loader's query fails; the shell's query works.
    const directus = mockDirectus({ CareersJobs: new Response("Internal Server Error", { status: 500 }) });
    const response = await request("/careers", { options: { content: { fetch: directus.fetch } } });
    const { text } = await expectServerErrorScreen(response, 502, "/careers");
    expect(text).not.toContain("Data Centre Technician"); // nothing of the page itself
    expect(directus.count("CareersJobs")).toBeGreaterThan(0); // the loader did ask
  });

  it("turns a real page's loader throwing on data it cannot use into the 500 screen with status 500", async () => {
    await resetContentState();
    // A list of the right shape holding what no role is: the loader's own fault to handle.
    const directus = mockDirectus({ CareersJobs: { jobs: [null] } });
    const response = await request("/careers", { options: { content: { fetch: directus.fetch } } });
    expect(response.status).toBe(500);
    const text = textOf(await response.text());
    expect(text).toContain("The server could not load the page");
    expect(text).toContain("Error 500");
    expect(directus.count("CareersJobs")).toBe(1);
  });

  it("answers a Directus list of the wrong shape (the roles null) as an outage: 502, never a 500", async () => {
    await resetContentState();
    const errors: string[] = [];
    const directus = mockDirectus({ CareersJobs: { jobs: null } });
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(" "));
    try {
      const response = await request("/careers", { options: { content: { fetch: directus.fetch } } });
      const { text } = await expectServerErrorScreen(response, 502, "/careers");
      expect(text).toContain("The server could not load the page");
    } finally {
      console.error = original;
    }
    expect(errors.join("\n")).toContain("CareersJobs: jobs is null, not a list");
    expect(errors.join("\n")).not.toContain("TypeError");
    expect(directus.count("CareersJobs")).toBe(1); // an answer, not a network fault: not asked again
  });

  it("serves the roles it read before when Directus answers a list of the wrong shape after a change", async () => {
    await resetContentState();
    const { bumpGeneration } = await import("../../src/content/generations.server");
    const { careersJobsAnswer } = await import("./fixtures/careers");
    let broken = false;
    const directus = mockDirectus({ CareersJobs: () => (broken ? { jobs: null } : careersJobsAnswer) });
    const options = { content: { fetch: directus.fetch } };
    const first = await request("/careers", { options });
    expect(first.status).toBe(200);
    expect(textOf(await first.text())).toContain("Data Centre Technician");
    broken = true;
    await bumpGeneration(env.CONTENT_CACHE, "jobs");
    const later = await request("/careers", { options });
    expect(later.status).toBe(200);
    expect(textOf(await later.text())).toContain("Data Centre Technician");
    expect(directus.count("CareersJobs")).toBe(2);
  });

  it.each([500, 502, 503, 504])("shows the 500 variant for %i and keeps the real status", async (code) => {
    const response = await request(`/__test/status/${code}`, { options });
    expect(response.status).toBe(code);
    const text = textOf(await response.text());
    expect(text).toContain("The server could not load the page");
    expect(text).toContain(`Error ${code}`);
  });
});
