import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/lib/html-text";
import { escapeXml, serializeForScript } from "../../src/render/serialize";

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
