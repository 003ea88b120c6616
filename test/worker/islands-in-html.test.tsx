import { describe, expect, it } from "vitest";
import { request } from "./helpers";

describe("islands without JavaScript", () => {
  it("keeps the newsletter form and the cookie notice in place in the HTML (not moved out of line)", async () => {
    const html = await (await request("/")).text();
    const footer = html.slice(html.indexOf('<section id="newsletter"'));
    expect(footer).toMatch(/^<section id="newsletter"[\s\S]*?<!--\$--><form[^>]*action="\/api\/subscribe"/);
    expect(html).not.toContain('<template id="B:');
    expect(html).toMatch(/<!--\$--><section aria-label="Cookie consent"/);
  });
});
