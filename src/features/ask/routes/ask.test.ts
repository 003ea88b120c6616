import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../../app/create-app";
import { mockDirectus, request, resetContentState, textOf } from "../../../../test/worker/helpers";
import { seededAnswers } from "../../../../test/support/ask-seed";
import { resetPassageIndexMemo } from "../passage-index.server";

beforeEach(async () => {
  await resetContentState();
  resetPassageIndexMemo();
});

/** A mock Directus serving the seed (its answers take the operation's variables). */
const seededDirectus = () =>
  mockDirectus(
    Object.fromEntries(
      Object.entries(seededAnswers()).map(([name, answer]) => [
        name,
        (call: { variables?: Record<string, unknown> }) => answer(call.variables ?? {}),
      ]),
    ),
  );
const seeded = () => createApp({ pageCache: false, content: { fetch: seededDirectus().fetch } });
const askPage = (query: string) => request(`/ask${query}`, { app: seeded() });

describe("GET /ask (the question form without JavaScript)", () => {
  it("answers on the server with the docs' sentences and links to the passages", async () => {
    const response = await askPage("?q=why+is+my+cluster+stuck+provisioning");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('action="/ask"');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('data-ask-outcome="answered"');
    expect(textOf(html)).toContain("Provisioning takes 6–12 minutes.");
    // The citation goes to the passage's heading.
    expect(html).toContain('href="/docs/gpu-clusters/create-a-cluster#with-the-cli"');
    expect(html).toMatch(/aria-label="Source 1: [^"]+"/);
  });

  it("says honestly when the docs don't cover a question, with the closest pages", async () => {
    const response = await askPage("?q=can+i+pay+with+bitcoin");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-ask-outcome="refused"');
    expect(textOf(html)).toContain("The docs don't cover this");
    expect(html).toContain('href="/search?q=can+i+pay+with+bitcoin"');
  });

  it("shows the form and examples without a question", async () => {
    const response = await askPage("");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("data-ask-outcome");
    expect(html).toContain('href="/ask?q=How+long+does+it+take+to+provision+a+GPU+cluster%3F"');
  });

  it("refuses a question over the limit with 400 and says why, and treats control characters as spaces", async () => {
    const long = await askPage(`?q=${"gpu ".repeat(200)}`);
    expect(long.status).toBe(400);
    const html = await long.text();
    expect(textOf(html)).toContain("The question is longer than 500 characters");
    expect(html).not.toContain("data-ask-outcome");

    const blank = await askPage("?q=%00%0A%20%E2%80%AE");
    expect(blank.status).toBe(200);
    expect(await blank.text()).not.toContain("data-ask-outcome");

    const escaped = await askPage(`?q=${encodeURIComponent('<script>alert(1)</script> "quota"')}`);
    expect(escaped.status).toBe(200);
    expect(await escaped.text()).not.toContain("<script>alert(1)");
  });
});
