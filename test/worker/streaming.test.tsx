import { Suspense, use } from "react";
import { describe, expect, it } from "vitest";
import { request } from "./helpers";

const delay = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve("slow content arrived"), ms));

function Slow({ promise }: { promise: Promise<string> }) {
  return <p id="slow">{use(promise)}</p>;
}

const options = {
  configure(app: Parameters<NonNullable<import("../../src/app").AppOptions["configure"]>>[0]) {
    app.get("/__test/slow", async (c) => {
      const { streamDocument, siteChrome } = await import("../../src/render/render-page.server");
      const { Shell } = await import("../../src/views/Shell");
      const site = await siteChrome(c);
      const promise = delay(150);
      return streamDocument(c, {
        route: null,
        state: { view: "home", data: {} as never, site, path: "/" },
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

async function readChunks(response: Response): Promise<string[]> {
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(decoder.decode(value, { stream: true }));
  }
}

describe("streaming SSR", () => {
  it("flushes the head and the shell first and sends a slow Suspense boundary as a later chunk", async () => {
    const response = await request("/__test/slow", { options });
    expect(response.status).toBe(200);
    const chunks = await readChunks(response);
    const first = chunks.findIndex((chunk) => chunk.includes("Fast part"));
    const slow = chunks.findIndex((chunk) => chunk.includes("slow content arrived"));
    expect(chunks[0]).toMatch(/^<!doctype html><html lang="en"><head>/);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(chunks.slice(0, first + 1).join("")).toContain('id="fallback"');
    expect(slow).toBeGreaterThan(first);
    expect(chunks.at(-1)).toContain("</html>");
  });

  it("gives a known crawler the complete document, with no fallback left in it", async () => {
    const response = await request("/__test/slow", {
      options,
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    const html = await response.text();
    expect(html).toContain('<p id="slow">slow content arrived</p>');
    expect(html).not.toContain('id="fallback"');
  });
});

describe("islands without JavaScript", () => {
  it("keeps the newsletter form and the cookie notice in place in the HTML (not moved out of line)", async () => {
    const html = await (await request("/")).text();
    const footer = html.slice(html.indexOf('<section id="newsletter"'));
    expect(footer).toMatch(/^<section id="newsletter"[^]*?<!--\$--><form[^>]*action="\/api\/subscribe"/);
    expect(html).not.toContain("<template id=\"B:");
    expect(html).toMatch(/<!--\$--><section aria-label="Cookie consent"/);
  });
});
