import { describe, expect, it } from "vitest";
import { decodeEntities, sanitizeHtml, type SanitizeOptions } from "./sanitize-html";
import { xssVectors } from "../../test/support/xss-vectors";

/** What the sanitiser may write: its output element names, and every attribute it sets. */
const outputElements = new Set(
  "p h2 h3 h4 ul ol li strong em a code pre blockquote hr br img table caption thead tbody tfoot tr th td".split(" "),
);
const voidElements = new Set(["hr", "br", "img"]);
const outputAttributes = new Set(
  "href title rel class start colspan rowspan scope src srcset sizes alt width height loading decoding".split(" "),
);
const urlAttributes = new Set(["href", "src", "srcset", "action", "formaction", "poster"]);
const characterReference = /&(?:#\d{1,8}|#[xX][0-9a-fA-F]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/y;

/**
 * Nothing executable may survive. The output is read as the sanitiser writes it: text without
 * `<` or `>`, and tags of allowlisted elements with double-quoted attribute values, properly
 * nested. On top of that: no script-like element, no event handler, no script, data or vbscript
 * URL after entity decoding, no style attribute.
 */
function expectInert(html: string) {
  const tag = /<(\/?)([a-z0-9]+)((?: [a-z]+="[^"<>]*")*)>/y;
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    const text = html.slice(i, lt === -1 ? html.length : lt);
    expect(text, "text").not.toMatch(/[<>]/);
    for (let amp = text.indexOf("&"); amp !== -1; amp = text.indexOf("&", amp + 1)) {
      characterReference.lastIndex = amp;
      expect(characterReference.test(text), `reference in ${JSON.stringify(text)}`).toBe(true);
    }
    if (lt === -1) break;
    tag.lastIndex = lt;
    const match = tag.exec(html);
    expect(match, `tag at ${JSON.stringify(html.slice(lt, lt + 60))}`).not.toBeNull();
    const [whole, end, name, attributes] = match!;
    expect(outputElements.has(name!), `element ${name}`).toBe(true);
    if (end) {
      expect(attributes).toBe("");
      expect(open.pop(), `end tag </${name}>`).toBe(name);
    } else {
      for (const [, attribute, value] of attributes!.matchAll(/ ([a-z]+)="([^"]*)"/g)) {
        expect(outputAttributes.has(attribute!), `attribute ${attribute}`).toBe(true);
        expect(attribute).not.toMatch(/^on|^style$/);
        if (urlAttributes.has(attribute!)) {
          for (const candidate of value!.split(",")) {
            const url = decodeEntities(candidate).replace(/[\s\u0000-\u001f]/g, "");
            expect(url, `${attribute}="${value}"`).not.toMatch(/^(javascript|vbscript|data|livescript|mocha):/i);
          }
        }
      }
      if (!voidElements.has(name!)) open.push(name!);
    }
    i = lt + whole.length;
  }
  expect(open, "unclosed elements").toEqual([]);
  // The checks the other sanitiser tests make, on the whole output with attribute values blanked.
  const blanked = html.replace(/="[^"]*"/g, '=""');
  const scriptLike = /<\s*(script|style|iframe|object|embed|svg|math|form|input|base|meta|link|template|frame)/i;
  expect(blanked).not.toMatch(scriptLike);
  expect(blanked).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(blanked).not.toMatch(/<[^>]*\sstyle\s*=/i);
}

/** The site's policy: images only from the CMS, through the image route, with a srcset. */
const cmsImages: SanitizeOptions = {
  siteOrigin: "https://meridian.example",
  image(src) {
    if (!src.startsWith("https://cms.example/assets/")) return null;
    const url = (width: number) => `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=75`;
    return { src: url(1080), srcSet: [640, 1080].map((width) => `${url(width)} ${width}w`).join(", "), sizes: "100vw" };
  },
};

/** Every image the URL check lets through, written as it is: the policy then cannot hide anything. */
const anyImage: SanitizeOptions = { siteOrigin: "https://meridian.example", image: (src) => ({ src }) };

const cases = xssVectors.map((vector) => [JSON.stringify(vector).slice(0, 120), vector] as const);

describe("sanitizeHtml: XSS corpus", () => {
  it("has a corpus of at least 150 distinct vectors", () => {
    expect(new Set(xssVectors).size).toBe(xssVectors.length);
    expect(xssVectors.length).toBeGreaterThanOrEqual(150);
  });

  it.each(cases)("%s", (_name, vector) => {
    for (const options of [{}, cmsImages, anyImage]) {
      const once = sanitizeHtml(vector, options);
      expectInert(once);
      // Rewritten images are not sanitised back to themselves; everything else is a fixed point.
      if (options !== cmsImages) expect(sanitizeHtml(once, options)).toBe(once);
    }
  });

  it("reads prototype property names as unknown elements and references", () => {
    expect(sanitizeHtml("<constructor>x</constructor><hasOwnProperty>y</hasOwnProperty>")).toBe("xy");
    expect(decodeEntities("&constructor;&__proto__;&valueOf;")).toBe("&constructor;&__proto__;&valueOf;");
    expect(sanitizeHtml('<a href="/&constructor;">x</a>')).toBe('<a href="/&amp;constructor;">x</a>');
  });
});
