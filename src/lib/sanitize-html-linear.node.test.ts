import { beforeAll, describe, expect, it } from "vitest";
import { sanitizeHtml, type SanitizeOptions } from "./sanitize-html";

/**
 * The sanitiser runs on CMS input on the server and in the browser, so crafted input must not
 * cost more than ordinary rich text of the same size. Each crafted input of about 1 MB is timed
 * against realistic rich text of exactly the same length, and only the ratio is asserted: an
 * absolute bound would depend on the machine, a ratio does not.
 */
const size = 1_000_000;
const maxRatio = 10;
const runs = 5;

const options: SanitizeOptions = {
  siteOrigin: "https://meridian.example",
  image: (src) =>
    src.startsWith("https://cms.example/assets/")
      ? { src: `/_next/image?url=${encodeURIComponent(src)}&w=1080&q=75`, sizes: "(min-width: 769px) 720px, 100vw" }
      : null,
};

const article =
  "<h2>Scaling inference on H100 clusters</h2>\n" +
  "<p>Our platform team runs <strong>large</strong> and <em>small</em> models side by side &amp; keeps " +
  'latency under 40&nbsp;ms. Read <a href="https://docs.example.com/inference?region=eu&amp;tier=2">the guide</a> ' +
  'or <a href="/blog/gpu-scheduling" title="GPU scheduling">our post on scheduling</a>.</p>\n' +
  "<ul><li>Throughput: 1,200 tokens/s per GPU</li><li>Cold start &lt; 2 s</li><li>Regions: EU &amp; US</li></ul>\n" +
  '<pre><code class="language-python">def handler(request):\n' +
  "    return model.generate(request.prompt, max_tokens=256)\n</code></pre>\n" +
  "<blockquote><p>We moved our whole pipeline in a week. — <b>Head of ML</b></p></blockquote>\n" +
  '<table><thead><tr><th scope="col">GPU</th><th scope="col">Price</th></tr></thead>' +
  '<tbody><tr><td>H100</td><td>€2.10/h</td></tr><tr><td colspan="2">Billed per second</td></tr></tbody></table>\n' +
  '<p><img src="https://cms.example/assets/5f1c-diagram" alt="Cluster diagram" width="800" height="400"><br>' +
  'Figure 1: one rack, 8 nodes, 64 GPUs. Contact <a href="mailto:sales@meridian.example">sales</a>.</p>\n' +
  '<ol start="2"><li>Provision</li><li>Deploy</li><li>Scale</li></ol><hr>\n';

/** Realistic rich text of exactly `length` characters. */
function benign(length: number): string {
  return article.repeat(Math.ceil(length / article.length)).slice(0, length);
}

/** `unit` repeated to about `length` characters. */
function repeat(unit: string, length: number): string {
  return unit.repeat(Math.max(1, Math.floor(length / unit.length)));
}

/** Units made from their index, up to about `length` characters. */
function series(length: number, unit: (index: number) => string): string {
  const parts: string[] = [];
  let total = 0;
  for (let index = 0; total < length; index++) {
    const part = unit(index);
    parts.push(part);
    total += part.length;
  }
  return parts.join("");
}

/** Half the length of `first` repeated, then half of `second`. */
const halves = (first: string, second: string) => (length: number) => repeat(first, length / 2) + repeat(second, length / 2);

const crafted: [string, (length: number) => string][] = [
  ["unclosed <div> then <hr>", halves("<div>", "<hr>")],
  ["unclosed unknown elements then unmatched end tags", halves("<span>", "</p></div></li></em></td></a>")],
  ["unclosed unknown elements then list items", halves("<section>", "<li>x</li>")],
  ["unclosed unknown elements then block elements", halves("<font>", "<p>a</p><h2>b</h2><pre>c</pre><table></table>")],
  ["allowlisted elements past the depth limit then unmatched end tags", halves("<strong>", "</em></code></p>")],
  ["<ul><li> nested deep", (n) => repeat("<ul><li>x", n)],
  ["<blockquote><p> nested deep then closed", halves("<blockquote><p>x", "</p></blockquote>")],
  ["one tag with distinct and duplicate attributes", (n) => `<p ${series(n, (i) => `a${i}=1 a${i}=2 A${i}="3" `)}>`],
  ["many tags of over 1,000 attributes", (n) => repeat(`<a href=/x ${series(20_000, (i) => `t${i}=${i} `)}>`, n)],
  ["<a with attributes and no closing >", (n) => `<a href=/x ${series(n, (i) => `t${i} `)}`],
  ["<a repeated without >", (n) => repeat("<a", n)],
  ["a tag name of 1 MB", (n) => `<${"a".repeat(n)}>x`],
  ["whitespace and slashes inside a tag", (n) => `<p${repeat(" /\t", n)}>x</p>`],
  ["run of <", (n) => "<".repeat(n)],
  ["run of </", (n) => repeat("</", n)],
  ["run of &", (n) => "&".repeat(n)],
  ["unterminated references", (n) => repeat(`&a${"b".repeat(30)} &#${"9".repeat(9)} &#x${"f".repeat(8)}&`, n)],
  ["<!-- never closed", (n) => repeat("<!--", n)],
  ["<! and <? never closed", (n) => repeat("<!<?", n)],
  ["many comments and declarations", (n) => repeat("<!-- c --><!x><?y>", n)],
  ["many <script> openers, never closed", (n) => repeat("<script>", n)],
  ["many <script> elements", (n) => repeat("<script>x</script>", n)],
  ["<textarea> with near-miss end tags", (n) => `<textarea>${repeat("</textare</textarea<", n)}`],
  ["many dropped <svg> subtrees", (n) => repeat("<svg><svg></svg></svg>", n)],
  ["<svg> nested, never closed", (n) => repeat("<svg>", n)],
  ["an unterminated attribute quote", (n) => `<p title="${"x".repeat(n)}`],
  ["a long URL of dot segments and references", (n) => `<a href="/${repeat("a/../&#46;&#46;/%2e/", n)}">x</a>`],
  ["a long title full of &", (n) => `<a href="/x" title="${repeat("&&lt&#", n)}">x</a>`],
  ["a long code class", (n) => `<code class="${repeat("language-", n)}">x</code>`],
];

function time(input: string): number {
  const start = performance.now();
  sanitizeHtml(input, options);
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Median times of the crafted input and of benign input of the same length, run in turns so that
 * both see the same load on a busy machine.
 */
function measure(make: (length: number) => string): { crafted: number; benign: number; ratio: number } {
  const input = make(size);
  const reference = benign(input.length);
  // Warm the JIT on the crafted input's paths at a twentieth of the size: cheap even if quadratic.
  const small = make(size / 20);
  time(small);
  time(small);
  const benignTimes: number[] = [];
  const craftedTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    benignTimes.push(time(reference));
    craftedTimes.push(time(input));
    // A run this far over the limit is not noise: the input is superlinear, no need to repeat it.
    if (craftedTimes.at(-1)! > 10 * maxRatio * median(benignTimes)) break;
  }
  const result = { crafted: median(craftedTimes), benign: median(benignTimes) };
  return { ...result, ratio: result.crafted / result.benign };
}

describe("sanitizeHtml: linear time on crafted input", () => {
  beforeAll(() => {
    const reference = benign(size);
    for (let run = 0; run < 3; run++) time(reference);
  });

  it("builds inputs of about 1 MB", () => {
    for (const [name, make] of crafted) {
      const { length } = make(size);
      expect(length, name).toBeGreaterThan(size * 0.9);
      expect(length, name).toBeLessThan(size * 1.1);
    }
    expect(benign(size)).toHaveLength(size);
  });

  for (const [name, make] of crafted) {
    it(`${name}: under ${maxRatio}x the time of benign rich text`, { timeout: 300_000 }, async ({ annotate }) => {
      const { crafted: craftedTime, benign: benignTime, ratio } = measure(make);
      const detail = `crafted ${craftedTime.toFixed(1)} ms, benign ${benignTime.toFixed(1)} ms, ratio ${ratio.toFixed(2)}`;
      await annotate(detail);
      expect(ratio, detail).toBeLessThan(maxRatio);
    });
  }
});

describe("sanitizeHtml: limits on crafted input", () => {
  const clean = (html: string) => sanitizeHtml(html);

  it("unwraps elements nested deeper than 4,096, keeps their text and closes everything", () => {
    const deep = "<blockquote>".repeat(5000) + "x" + "</blockquote>".repeat(5000) + "<p>after</p>";
    expect(clean(deep)).toBe(`${"<blockquote>".repeat(4096)}x${"</blockquote>".repeat(4096)}<p>after</p>`);
    const unclosed = "<em>".repeat(5000) + "deep <strong>text</strong> and a<br>break";
    expect(clean(unclosed)).toBe(`${"<em>".repeat(4096)}deep text and a<br>break${"</em>".repeat(4096)}`);
  });

  it("writes elements again once the nesting is back under the limit", () => {
    const html = "<em>".repeat(4100) + "</em>".repeat(4100) + "<p>x</p>";
    expect(clean(html)).toBe(`${"<em>".repeat(4096)}${"</em>".repeat(4096)}<p>x</p>`);
  });

  it("reads 64 attributes per tag and ignores the rest", () => {
    const junk = (count: number) => Array.from({ length: count }, (_, index) => `data-${index}="${index}"`).join(" ");
    expect(clean(`<a ${junk(63)} href="/x">x</a>`)).toBe('<a href="/x">x</a>');
    expect(clean(`<a ${junk(64)} href="/x">x</a>`)).toBe("x");
    expect(clean(`<p ${junk(5000)}>x</p>`)).toBe("<p>x</p>");
  });

  it("keeps the first of duplicate attributes, whatever their case", () => {
    expect(clean('<a href="/x" href="javascript:alert(1)">x</a>')).toBe('<a href="/x">x</a>');
    expect(clean('<a HREF="javascript:alert(1)" href="/x">x</a>')).toBe("x");
    expect(clean('<a href="/x" title="one" TITLE="two" title="three">x</a>')).toBe('<a href="/x" title="one">x</a>');
  });
});
