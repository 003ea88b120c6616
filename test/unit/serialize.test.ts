import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/lib/html-text";
import { escapeXml, serializeForScript, serializePayloadForScript } from "../../src/render/serialize";

describe("escaping", () => {
  it("keeps page state inside its script element and parseable", () => {
    const value = { text: "</script><!-- & \u2028\u2029 >" };
    const out = serializeForScript(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(value);
  });

  it("escapes XML and drops characters XML cannot carry (feeds, sitemap)", () => {
    expect(escapeXml(`a&b<c>"d'\u0000\u0008e`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;e");
  });

  it("escapes HTML attribute values", () => {
    expect(escapeHtml(`"><img src=x onerror=alert(1)>`)).toBe("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("the page payload", () => {
  it("is serializeForScript's text letter for letter, the first time and when a result's JSON is kept", () => {
    const shared = { posts: [{ title: "</script> & <b>", tags: ["a\u2028b"], cover: null, n: 1.5 }], empty: [] };
    const payloads = [
      { route: "blog", params: {}, status: 200, site: { name: "M<e>" }, config: { url: "x" }, queries: { "BlogPosts:{}": shared } },
      { route: null, params: { slug: "<x>" }, status: 404, site: {}, config: {}, queries: {} },
      {
        route: "doc",
        params: {},
        status: 200,
        skipped: undefined,
        site: { a: undefined },
        queries: { 'A:{"p":"</"}': shared, "B:{}": null, "C:{}": undefined, "D:{}": "text", "E:{}": [1, { b: 2 }] },
      },
    ];
    for (const payload of [...payloads, ...payloads]) expect(serializePayloadForScript(payload)).toBe(serializeForScript(payload));
  });
});
