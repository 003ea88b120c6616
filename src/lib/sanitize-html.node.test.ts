import { describe, expect, it } from "vitest";
import { decodeEntities, safeUrl, sanitizeHtml, type SanitizeOptions } from "./sanitize-html";

const clean = (html: string, options?: SanitizeOptions) => sanitizeHtml(html, options);

/** Nothing executable may survive: no script-ish element, event handler or script URL. */
function expectInert(html: string) {
  // Attribute values are always written double-quoted with quotes escaped: blank them out.
  const output = html.replace(/="[^"]*"/g, '=""');
  expect(output).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|form|input|base|meta|link|template|frame)/i);
  expect(output).not.toMatch(/\son[a-z]+\s*=/i);
  for (const [, , value] of html.matchAll(/\s(href|src|srcset|action|formaction|poster)="([^"]*)"/gi)) {
    expect(decodeEntities(value!).replace(/[\s\u0000-\u001f]/g, "")).not.toMatch(/^(javascript|vbscript|data):/i);
  }
  expect(output).not.toMatch(/\sstyle\s*=/i);
}

describe("sanitizeHtml: what it keeps", () => {
  it("keeps the allowlisted structure as it is", () => {
    const html =
      "<h2>Title</h2><p>Some <strong>bold</strong> and <em>italic</em> text.<br>Next line</p>" +
      "<h3>Sub</h3><h4>Subsub</h4><ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>" +
      "<blockquote><p>Quote</p></blockquote><hr><pre><code>let x = 1;</code></pre>";
    expect(clean(html)).toBe(html);
  });

  it("keeps tables with their basic attributes", () => {
    const html =
      '<table><caption>Prices</caption><thead><tr><th scope="col">GPU</th><th scope="col">Price</th></tr></thead>' +
      '<tbody><tr><td colspan="2">H100</td></tr></tbody><tfoot><tr><td rowspan="1">x</td></tr></tfoot></table>';
    expect(clean(html)).toBe(html);
  });

  it("keeps a language class on code, and an ol start", () => {
    expect(clean('<pre><code class="language-yaml extra">a: 1</code></pre>')).toBe('<pre><code class="language-yaml">a: 1</code></pre>');
    expect(clean('<code class="evil">x</code>')).toBe("<code>x</code>");
    expect(clean('<ol start="3" type="a"><li>c</li></ol>')).toBe('<ol start="3"><li>c</li></ol>');
  });

  it("keeps character references in text and escapes stray markup characters", () => {
    expect(clean("<p>a &amp; b &lt;tag&gt; &#8217; &eacute;</p>")).toBe("<p>a &amp; b &lt;tag&gt; &#8217; &eacute;</p>");
    expect(clean("<p>1 < 2 && 3 > 2</p>")).toBe("<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>");
    expect(clean("plain text")).toBe("plain text");
  });

  it("renames b/i to strong/em and demotes h1, h5 and h6 (the page owns the h1)", () => {
    expect(clean("<h1>A</h1><b>B</b><i>C</i><h5>D</h5><h6>E</h6>")).toBe("<h2>A</h2><strong>B</strong><em>C</em><h4>D</h4><h4>E</h4>");
  });

  it("unwraps unknown elements and keeps their text", () => {
    expect(clean('<div class="x"><span style="color:red">Hello</span> <font>world</font></div>')).toBe("Hello world");
    expect(clean("<section><p>In a section</p></section>")).toBe("<p>In a section</p>");
  });

  it("returns an empty string for nothing", () => {
    expect(clean("")).toBe("");
    expect(sanitizeHtml(null)).toBe("");
    expect(sanitizeHtml(undefined)).toBe("");
  });
});

describe("sanitizeHtml: links", () => {
  it("keeps http, https, mailto and relative links, and marks external ones", () => {
    const options = { siteOrigin: "https://meridian.example" };
    expect(clean('<a href="https://example.com/x?a=1&amp;b=2">x</a>', options)).toBe(
      '<a href="https://example.com/x?a=1&amp;b=2" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="http://example.com">x</a>', options)).toBe('<a href="http://example.com" rel="noopener noreferrer">x</a>');
    expect(clean('<a href="https://meridian.example/blog">x</a>', options)).toBe('<a href="https://meridian.example/blog">x</a>');
    expect(clean('<a href="/careers">x</a>', options)).toBe('<a href="/careers">x</a>');
    expect(clean('<a href="#section">x</a>', options)).toBe('<a href="#section">x</a>');
    expect(clean('<a href="../up">x</a>', options)).toBe('<a href="../up">x</a>');
    expect(clean('<a href="mailto:press@meridian.example">x</a>', options)).toBe('<a href="mailto:press@meridian.example">x</a>');
  });

  it("treats protocol-relative links as external", () => {
    expect(clean('<a href="//evil.example/x">x</a>', { siteOrigin: "https://meridian.example" })).toBe(
      '<a href="//evil.example/x" rel="noopener noreferrer">x</a>',
    );
  });

  it("drops target, rel, id, class, style and event attributes from links", () => {
    expect(clean('<a href="/x" target="_blank" rel="opener" id="clobber" class="c" style="x" onclick="alert(1)" title="T">x</a>')).toBe(
      '<a href="/x" title="T">x</a>',
    );
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "java&#x09;script:alert(1)",
    "java&Tab;script:alert(1)",
    "&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)",
    "&#x6A;avascript&#x3A;alert(1)",
    "&#0000106avascript:alert(1)",
    "javascript&colon;alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "file:///etc/passwd",
    "ftp://example.com/",
    "blob:https://example.com/1",
    "\\\\evil.example",
  ])("unwraps a link to %j", (href) => {
    const output = clean(`<p><a href="${href}">click</a></p>`);
    expect(output).toBe("<p>click</p>");
  });

  it("unwraps a link without an href and keeps the matching end tag balanced", () => {
    expect(clean("<p><a name=x>anchor</a> after</p>")).toBe("<p>anchor after</p>");
  });
});

describe("sanitizeHtml: XSS vectors", () => {
  it.each([
    ["script element", "<script>alert(1)</script>", ""],
    ["script with attributes", '<script src="https://evil.example/x.js"></script>ok', "ok"],
    ["upper-case script", "<SCRIPT>alert(1)</SCRIPT>ok", "ok"],
    ["unclosed script", "<p>a</p><script>alert(1)", "<p>a</p>"],
    ["script end tag in a string", '<script>var s = "</scr" + "ipt>";alert(1)</script>ok', "ok"],
    ["style element", "<style>body{background:url(javascript:alert(1))}</style>ok", "ok"],
    ["iframe", '<iframe src="javascript:alert(1)"></iframe>ok', "ok"],
    ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>">x</iframe>ok', "ok"],
    ["object", '<object data="javascript:alert(1)"><param name=x></object>ok', "ok"],
    ["embed", '<embed src="javascript:alert(1)">ok', "ok"],
    ["svg onload", "<svg onload=alert(1)><circle/></svg>ok", "ok"],
    ["svg script", "<svg><script>alert(1)</script></svg>ok", "ok"],
    ["math", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>ok", "ok"],
    ["img onerror", "<img src=x onerror=alert(1)>ok", "ok"],
    ["body onload", "<body onload=alert(1)>ok</body>", "ok"],
    ["event handler on allowed tag", '<p onclick="alert(1)" onmouseover=alert(1)>ok</p>', "<p>ok</p>"],
    ["style attribute", '<p style="background:url(javascript:alert(1))">ok</p>', "<p>ok</p>"],
    ["form with formaction", '<form><button formaction="javascript:alert(1)">x</button></form>ok', "ok"],
    ["input autofocus", "<input autofocus onfocus=alert(1)>ok", "ok"],
    ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">ok', "ok"],
    ["base href", '<base href="javascript:alert(1)//">ok', "ok"],
    ["link import", '<link rel="import" href="https://evil.example">ok', "ok"],
    ["template", "<template><script>alert(1)</script></template>ok", "ok"],
    ["noscript trick", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">ok', '"&gt;ok'],
    ["textarea trick", "<textarea><script>alert(1)</script></textarea>ok", "ok"],
    ["title trick", "<title><img src=x onerror=alert(1)></title>ok", "ok"],
    ["xmp trick", "<xmp><img src=x onerror=alert(1)></xmp>ok", "ok"],
    ["plaintext swallows the rest", "ok<plaintext><script>alert(1)</script>", "ok"],
    ["comment", "<!-- <script>alert(1)</script> -->ok", "ok"],
    ["conditional comment", "<!--[if gte IE 4]><script>alert(1)</script><![endif]-->ok", "ok"],
    ["unclosed comment", "ok<!-- <script>alert(1)</script>", "ok"],
    ["CDATA", "<![CDATA[<script>alert(1)</script>]]>ok", "alert(1)]]&gt;ok"],
    ["doctype", "<!DOCTYPE html>ok", "ok"],
    ["processing instruction", '<?xml version="1.0"?>ok', "ok"],
    ["nested tag name", "<scr<script>ipt>alert(1)</script>", "ipt&gt;alert(1)"],
    ["unterminated tag at the end", "ok<a href='javascript:alert(1)' x", "ok"],
    ["unterminated attribute quote", 'ok<p title="x>alert</p>', "ok"],
    [
      "quotes breaking out of an attribute",
      '<a href="/x" title=\'a" onmouseover="alert(1)\'>x</a>',
      '<a href="/x" title="a&quot; onmouseover=&quot;alert(1)">x</a>',
    ],
    // Backticks are not quotes: the value is a relative path, written quoted and inert.
    ["backtick attribute", "<a href=`javascript:alert(1)`>x</a>", '<a href="`javascript:alert(1)`">x</a>'],
    ["slash-separated attributes", "<p/onclick=alert(1)>ok</p>", "<p>ok</p>"],
    ["null byte in tag name", "<scr\u0000ipt>alert(1)</scr\u0000ipt>", "alert(1)"],
    ["less-than without a tag", "a < b <3 <<>", "a &lt; b &lt;3 &lt;&lt;&gt;"],
    ["end tag with attributes", '</p onclick="alert(1)">ok', "ok"],
    ["dangling markup", "<p>ok</p><a href='https://evil.example/?", "<p>ok</p>"],
    ["video poster", '<video poster="javascript:alert(1)"><source onerror=alert(1)></video>ok', "ok"],
    ["details ontoggle", "<details open ontoggle=alert(1)>ok</details>", "ok"],
    ["marquee", "<marquee onstart=alert(1)>ok</marquee>", "ok"],
    ["frameset", "<frameset onload=alert(1)><frame src=x></frameset>ok", "ok"],
  ])("%s", (_name, input, expected) => {
    const output = clean(input);
    expectInert(output);
    expect(output).toBe(expected);
  });

  it("never lets an attribute value close the tag or add attributes", () => {
    const output = clean(`<a href="/x?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>`);
    expect(output).toBe('<a href="/x?q=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>');
    expectInert(output);
  });

  it("closes what is left open, in order, and ignores stray end tags", () => {
    expect(clean("<ul><li><strong>open")).toBe("<ul><li><strong>open</strong></li></ul>");
    expect(clean("</p></div>text</strong>")).toBe("text");
    expect(clean("<strong><em>x</strong>y</em>")).toBe("<strong><em>x</em></strong>y");
  });

  it("closes an open paragraph or list item the way a browser would", () => {
    expect(clean("<p>one<p>two")).toBe("<p>one</p><p>two</p>");
    expect(clean("<p>text<ul><li>a<li>b</ul>")).toBe("<p>text</p><ul><li>a</li><li>b</li></ul>");
    expect(clean("<ul><li>a<ul><li>nested</ul></ul>")).toBe("<ul><li>a<ul><li>nested</li></ul></li></ul>");
  });

  it("is idempotent", () => {
    const inputs = [
      '<p>a &amp; b <a href="https://x.example/?a=1&amp;b=2">l</a></p><script>x</script>',
      "<p>one<p>two<ul><li>a<li>b</ul>",
      '<h1 onclick="x">T</h1><img src="javascript:alert(1)"><div>text</div>',
    ];
    for (const input of inputs) {
      const once = clean(input, { siteOrigin: "https://meridian.example" });
      expect(clean(once, { siteOrigin: "https://meridian.example" })).toBe(once);
    }
  });

  it("survives large and deeply nested input", () => {
    const deep = "<blockquote>".repeat(2000) + "x" + "</blockquote>".repeat(2000);
    expect(clean(deep)).toBe(deep);
    const many = "<p>x</p>".repeat(20_000);
    expect(clean(many)).toBe(many);
  });
});

describe("sanitizeHtml: images", () => {
  const image: SanitizeOptions["image"] = (src) =>
    src.startsWith("https://cms.example/assets/") ? { src: `/_next/image?url=${encodeURIComponent(src)}&w=1080&q=75` } : null;

  it("drops every image without an image policy", () => {
    expect(clean('<p><img src="https://cms.example/assets/a" alt="A"></p>')).toBe("<p></p>");
  });

  it("routes allowed images through the policy and drops the rest", () => {
    expect(
      clean('<img src="https://cms.example/assets/a?x=1&amp;y=2" alt="A &amp; B" width="800" height="400" onerror="x" style="x">', {
        image,
      }),
    ).toBe(
      '<img src="/_next/image?url=https%3A%2F%2Fcms.example%2Fassets%2Fa%3Fx%3D1%26y%3D2&amp;w=1080&amp;q=75" alt="A &amp; B" width="800" height="400" loading="lazy" decoding="async">',
    );
    expect(clean('<img src="https://evil.example/a.png">', { image })).toBe("");
    expect(clean('<img src="javascript:alert(1)">', { image })).toBe("");
    expect(clean('<img src="data:image/svg+xml;base64,PHN2Zz4=">', { image })).toBe("");
    expect(clean('<img srcset="https://evil.example/a.png 1x">', { image })).toBe("");
  });
});

describe("URL and entity helpers", () => {
  it("decode numeric and the relevant named references", () => {
    expect(decodeEntities("&#106;&#x61;&colon;&Tab;&amp;&unknown;&#0;")).toBe("ja:\t&&unknown;\ufffd");
  });

  it("classify URLs", () => {
    expect(safeUrl("/blog")).toMatchObject({ value: "/blog", external: false });
    expect(safeUrl("https://x.example")).toMatchObject({ external: true });
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("")).toBeNull();
    expect(safeUrl(undefined)).toBeNull();
  });
});
