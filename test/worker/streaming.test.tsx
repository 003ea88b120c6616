import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { deferred, request } from "./helpers";

/**
 * The slow boundary's data: the test resolves it, so "slow" means "not there until the test
 * says so" rather than a delay that a busy machine could outlast.
 */
let slowData = deferred<string>();
/** Resolved when React first renders the slow boundary (and suspends on its data). */
let slowRendered = deferred();

function Slow({ promise }: { promise: Promise<string> }) {
  slowRendered.resolve();
  return <p id="slow">{use(promise)}</p>;
}

function resetSlow() {
  slowData = deferred<string>();
  slowRendered = deferred();
}

const options = {
  configure(app: Parameters<NonNullable<import("../../src/app/create-app").AppOptions["configure"]>>[0]) {
    app.get("/__test/slow", async (c) => {
      const { streamDocument } = await import("../../src/app/render-page.server");
      const { siteChrome } = await import("../../src/router/request-context.server");
      const { Shell } = await import("../../src/shell/Shell");
      const site = await siteChrome(c);
      const promise = slowData.promise;
      return streamDocument(c, {
        state: { route: "home", data: {} as never, site, path: "/" },
        meta: { description: "slow", path: "/__test/slow" },
        element: (
          <Shell site={site} path="/">
            <h1>Fast part</h1>
            <Suspense fallback={<p id="fallback">Loading</p>}>
              <Slow promise={promise} />
            </Suspense>
          </Shell>
        ),
      });
    });
  },
};

/** Reads chunks into `chunks` until one contains `marker`, or to the end without one. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, chunks: string[], marker?: string): Promise<void> {
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const chunk = decoder.decode(value, { stream: true });
    chunks.push(chunk);
    if (marker !== undefined && chunk.includes(marker)) return;
  }
}

describe("streaming SSR", () => {
  it("flushes the head and the shell first and sends a slow Suspense boundary as a later chunk", async () => {
    resetSlow();
    const response = await request("/__test/slow", { options });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: string[] = [];
    // The shell arrives while the slow data does not exist yet.
    await readUntil(reader, chunks, "Fast part");
    const first = chunks.findIndex((chunk) => chunk.includes("Fast part"));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(chunks[0]).toMatch(/^<!doctype html><html lang="en"><head>/);
    expect(chunks.join("")).toContain('id="fallback"');
    expect(chunks.join("")).not.toContain("slow content arrived");
    slowData.resolve("slow content arrived");
    await readUntil(reader, chunks);
    const slow = chunks.findIndex((chunk) => chunk.includes("slow content arrived"));
    expect(slow).toBeGreaterThan(first);
    expect(chunks.at(-1)).toContain("</html>");
  });

  it("gives a known crawler the complete document, with no fallback left in it", async () => {
    resetSlow();
    const pending = request("/__test/slow", {
      options,
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    // The data is still missing when rendering reaches the boundary: the crawler's document must wait for it.
    await slowRendered.promise;
    slowData.resolve("slow content arrived");
    const html = await (await pending).text();
    expect(html).toContain('<p id="slow">slow content arrived</p>');
    expect(html).not.toContain('id="fallback"');
  });
});

describe("islands without JavaScript", () => {
  it("keeps the newsletter form and the cookie notice in place in the HTML (not moved out of line)", async () => {
    const html = await (await request("/")).text();
    const footer = html.slice(html.indexOf('<section id="newsletter"'));
    expect(footer).toMatch(/^<section id="newsletter"[\s\S]*?<!--\$--><form[^>]*action="\/api\/subscribe"/);
    expect(html).not.toContain('<template id="B:');
    expect(html).toMatch(/<!--\$--><section aria-label="Cookie consent"/);
  });
});
