import { describe, expect, it } from "vitest";
import { docSections, htmlHeadings, htmlToText, isSearchKind, markdownText } from "./documents";
import { fixtureDocPages, fixtureSlugify } from "../../../test/support/search-corpus";

describe("docSections", () => {
  const page = fixtureDocPages[0]!;
  const documents = docSections(page, fixtureSlugify);

  it("gives the page plus one document per h2/h3 section, with deep links", () => {
    expect(documents.map((doc) => doc.url)).toEqual([
      "/docs/gpu-clusters",
      "/docs/gpu-clusters#choosing-a-gpu-type",
      "/docs/gpu-clusters#infiniband-fabric",
      "/docs/gpu-clusters#checking-link-health",
      "/docs/gpu-clusters#reserved-capacity",
    ]);
    expect(documents.every((doc) => doc.kind === "doc" && doc.id === doc.url)).toBe(true);
  });

  it("describes the page with its headings and the text before the first heading", () => {
    const [pageDoc] = documents;
    expect(pageDoc).toMatchObject({ title: "GPU clusters", section: "Compute", description: page.description });
    expect(pageDoc!.headings).toBe("Choosing a GPU type\nInfiniBand fabric\nChecking link health\nReserved capacity");
    expect(pageDoc!.body).toBe(
      "A GPU cluster is a set of bare-metal nodes with eight GPUs each, connected by a non-blocking fabric. " +
        "You create one from the console or with mrd cluster create.",
    );
  });

  it("gives each section its own text as plain text, the page title as breadcrumb, the parent h2 to an h3", () => {
    const fabric = documents[2]!;
    expect(fabric).toMatchObject({ title: "InfiniBand fabric", section: "GPU clusters" });
    expect(fabric.body).toBe(
      "Every node has eight 400 Gb/s InfiniBand NDR links, one per GPU, arranged in a rail-optimised topology. " +
        "Collective operations such as all-reduce stay inside a rail group.",
    );
    expect(documents[3]).toMatchObject({ title: "Checking link health", headings: "InfiniBand fabric" });
    expect(documents[4]!.body).toBe(
      "Reserved capacity is billed monthly whether you use it or not, at a lower hourly rate than on-demand nodes. " +
        "See pricing for the current rates.",
    );
  });

  it("ignores headings inside fenced code, skips front matter and the h1", () => {
    expect(documents.some((doc) => doc.title.includes("Not a heading"))).toBe(false);
    expect(documents.some((doc) => doc.body.includes("title:"))).toBe(false);
    const tildes = docSections({ url: "/d", title: "D", markdown: "~~~~\n## inside\n~~~\n## still inside\n~~~~\n## Out" }, fixtureSlugify);
    expect(tildes.map((doc) => doc.title)).toEqual(["D", "Out"]);
  });

  it("takes ids from the renderer's headings when they line up, from {#id}, else from slugify in order", () => {
    const markdown = "## Setup\ntext\n### Setup\nmore\n## Custom {#my-id}\nlast";
    let calls = 0;
    const counting = (text: string) => `${fixtureSlugify(text)}-${++calls}`;
    expect(docSections({ url: "/d", title: "D", markdown }, counting).map((doc) => doc.url)).toEqual([
      "/d",
      "/d#setup-1",
      "/d#setup-2",
      "/d#my-id",
    ]);
    const headings = [
      { depth: 2 as const, id: "setup", text: "Setup" },
      { depth: 3 as const, id: "setup-1", text: "Setup" },
      { depth: 2 as const, id: "custom", text: "Custom" },
    ];
    expect(docSections({ url: "/d", title: "D", markdown, headings }, fixtureSlugify).map((doc) => doc.url)).toEqual([
      "/d",
      "/d#setup",
      "/d#setup-1",
      "/d#custom",
    ]);
    // Headings that do not line up (an h2 count mismatch) are not trusted.
    expect(docSections({ url: "/d", title: "D", markdown, headings: headings.slice(1) }, fixtureSlugify)[1]!.url).toBe("/d#setup");
  });

  it("passes the plain heading text to slugify", () => {
    const seen: string[] = [];
    docSections({ url: "/d", title: "D", markdown: "## The `kubectl` [plugin](/x) **now**" }, (text) => {
      seen.push(text);
      return "x";
    });
    expect(seen).toEqual(["The kubectl plugin now"]);
  });
});

describe("markdownText", () => {
  it("keeps the words and drops the syntax", () => {
    const markdown = [
      '> **Note:** use `mrd` _carefully_, see [the guide](/docs/guide "Guide") and ![a diagram](/d.png).',
      "",
      "- one item",
      "1. numbered",
      "- [x] done",
      "",
      "| a | b |",
      "|---|:---:|",
      "| c | d |",
      "",
      "---",
      "[ref]: https://example.com",
      ":::tip",
      "snake_case_name stays, \\*escaped\\* &amp; entities",
      ":::",
      "<kbd>Ctrl</kbd>",
    ].join("\n");
    expect(markdownText(markdown)).toBe(
      "Note: use mrd carefully, see the guide and a diagram. one item numbered done a b c d " +
        "snake_case_name stays, *escaped* & entities Ctrl",
    );
  });
});

describe("htmlToText", () => {
  it("keeps word boundaries of blocks, glues inline tags, drops code, scripts and comments, decodes entities", () => {
    const html =
      "<h2>Intro</h2><p>Reserved or <b>on</b>-demand&nbsp;GPUs</p><p>Second</p><pre><code>kubectl apply</code></pre>" +
      "<script>alert(1)</script><!-- hidden --><ul><li>a</li><li>b</li></ul>Caf&#233;<br>end";
    expect(htmlToText(html)).toBe("Intro Reserved or on-demand GPUs Second a b Café end");
    expect(htmlToText(null)).toBe("");
  });

  it("lists h2/h3 texts", () => {
    expect(htmlHeadings("<h2 id=a>The <em>model</em></h2><p>x</p><h3>Where</h3><h4>not</h4>")).toBe("The model\nWhere");
  });
});

describe("isSearchKind", () => {
  it("accepts the five kinds only", () => {
    expect(["doc", "post", "job", "event", "page"].every(isSearchKind)).toBe(true);
    expect(isSearchKind("author")).toBe(false);
    expect(isSearchKind(undefined)).toBe(false);
  });
});
