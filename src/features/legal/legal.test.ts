import { describe, expect, it } from "vitest";
import { request, textOf } from "../../../test/worker/helpers";

describe("legal pages", () => {
  it.each([
    ["/legal/privacy-policy", "Privacy policy"],
    ["/legal/terms", "Terms of service"],
  ])("%s renders its text", async (path, title) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${title} | Meridian Cloud</title>`);
    expect(textOf(html)).toContain(title);
  });

  it("answers an unknown legal page with 404", async () => {
    expect((await request("/legal/cookies-and-more")).status).toBe(404);
  });
});
