import { describe, expect, it } from "vitest";
import type { SearchDocument } from "./documents";
import {
  clampLimit,
  highlight,
  indexVersion,
  maxQueryLength,
  normalizeQuery,
  SearchIndexError,
  segmentsText,
  snippet,
  type SearchOutcome,
  type Segment,
} from "./engine";
import { buildIndex, encodeIndex, loadIndex, readIndexMeta, search } from "../../../test/support/whole-search-index";
import { fixtureCorpus, fixtureNow } from "../../../test/support/search-corpus";

const serialized = buildIndex(fixtureCorpus, { builtAt: new Date(fixtureNow) });
const index = loadIndex(serialized);
const find = (query: unknown, options: { kind?: SearchDocument["kind"]; limit?: number } = {}) =>
  search(index, query, { now: fixtureNow, ...options });
const urls = (outcome: SearchOutcome) => outcome.results.map((result) => result.url);
const marked = (segments: Segment[]) => segments.filter((segment) => segment.match).map((segment) => segment.text);

describe("search: recall", () => {
  it("finds Kubernetes docs and roles despite a typo", () => {
    const outcome = find("kubernets");
    expect(urls(outcome)).toContain("/docs/kubernetes/node-pools");
    expect(urls(outcome)).toContain("/careers/senior-kubernetes-engineer");
    expect(outcome.counts.doc).toBeGreaterThan(0);
    expect(outcome.counts.job).toBeGreaterThan(0);
  });

  it("finds scheduling with a letter missing", () => {
    const found = urls(find("schedulng"));
    expect(found).toContain("/blog/topology-aware-scheduling-for-multi-node-training");
    expect(found).toContain("/docs/slurm#job-scheduling-and-fair-share");
  });

  it("needs every word but in any order", () => {
    const a = find("reserved gpus");
    const b = find("gpus reserved");
    expect(a.matchedAllTerms).toBe(true);
    expect(urls(a)).toEqual(urls(b));
    expect(urls(a)[0]).toBe("/blog/reserved-or-on-demand-gpus");
    expect(urls(a)).not.toContain("/docs/slurm");
  });

  it("finds 'Reserved or on-demand GPUs' from 'on-demand reserved gpus' (hyphen = two words)", () => {
    const outcome = find("on-demand reserved gpus");
    expect(outcome.matchedAllTerms).toBe(true);
    expect(urls(outcome)[0]).toBe("/blog/reserved-or-on-demand-gpus");
  });

  it("matches the last word as a prefix while typing", () => {
    expect(urls(find("kube"))).toContain("/docs/kubernetes/node-pools");
    expect(urls(find("kube"))).toContain("/events/meridian-at-kubecon-europe");
    expect(urls(find("infin"))[0]).toBe("/docs/gpu-clusters#infiniband-fabric");
    expect(urls(find("fabric infin"))).toContain("/careers/senior-network-engineer-fabric");
  });

  it("does not treat earlier words as prefixes: falls back to any word when not all match", () => {
    const outcome = find("infin fabric");
    expect(outcome.matchedAllTerms).toBe(false);
    expect(outcome.total).toBeGreaterThan(0);
    expect(find("nothingmatches kubernetes").matchedAllTerms).toBe(false);
  });

  it("starts prefix matching at three characters", () => {
    expect(find("ku").total).toBe(0);
    expect(find("kub").total).toBeGreaterThan(0);
  });

  it("uses typo tolerance only when the words as typed find fewer than three items", () => {
    const doc = (id: string, title: string): SearchDocument => ({ id, kind: "doc", title, body: "", url: `/docs/${id}` });
    const code = doc("code", "Code samples");
    const many = loadIndex(
      buildIndex([doc("a", "Node pools"), doc("b", "Node images"), doc("c", "Node health"), code], { builtAt: "2026-01-01" }),
    );
    expect(urls(search(many, "node", { now: fixtureNow }))).not.toContain("/docs/code");
    const one = loadIndex(buildIndex([doc("a", "Node pools"), code], { builtAt: "2026-01-01" }));
    expect(urls(search(one, "node", { now: fixtureNow }))).toEqual(["/docs/a", "/docs/code"]);
  });

  it("keeps model names whole and exact (no fuzzy match of h100 to h200)", () => {
    expect(urls(find("h100"))).toContain("/docs/gpu-clusters#choosing-a-gpu-type");
    expect(find("h200").total).toBe(0);
    expect(urls(find("k8s"))).toEqual([]);
  });

  it("ignores case and diacritics", () => {
    expect(urls(find("LULEA"))).toEqual(["/careers/data-centre-technician"]);
    expect(urls(find("luleå"))).toEqual(["/careers/data-centre-technician"]);
  });

  it("keeps stop words in titles: a query of only stop words finds titles", () => {
    const outcome = find("at");
    expect(urls(outcome)).toContain("/events/meridian-at-kubecon-europe");
    // "at" appears in bodies too ("at night", "at every decoding step"): those are not indexed.
    expect(urls(outcome)).not.toContain("/blog/managed-kubernetes-gpu-node-pools");
  });
});

describe("search: ranking", () => {
  it("puts an item whose whole title is the query first, ignoring case", () => {
    const title = "GPU node pools in Managed Kubernetes";
    const outcome = find(title.toLowerCase());
    expect(outcome.results[0]!.url).toBe("/blog/managed-kubernetes-gpu-node-pools");
    // It would not be first on BM25 alone: the doc page scores higher.
    const doc = outcome.results.find((result) => result.url === "/docs/kubernetes/node-pools")!;
    expect(doc.score).toBeGreaterThan(outcome.results[0]!.score);
  });

  it("ranks a title hit above a body-only hit", () => {
    const found = urls(find("batching"));
    expect(found[0]).toBe("/blog/ai-studio-continuous-batching");
    expect(found.indexOf("/docs/inference/api#chat-completions")).toBeGreaterThan(0);
  });

  it("boosts newer posts mildly (injected now)", () => {
    const post = (id: string, date: string): SearchDocument => ({
      id,
      kind: "post",
      title: "Checkpointing at scale",
      body: "How we write checkpoints of large training runs to object storage.",
      url: `/blog/${id}`,
      date,
    });
    const twins = loadIndex(
      buildIndex([post("old", "2025-01-10T00:00:00Z"), post("new", "2026-10-01T00:00:00Z")], { builtAt: "2026-11-20T00:00:00Z" }),
    );
    const outcome = search(twins, "checkpoints", { now: fixtureNow });
    expect(urls(outcome)).toEqual(["/blog/new", "/blog/old"]);
    const [newer, older] = outcome.results;
    expect(newer!.score / older!.score).toBeGreaterThan(1.05);
    expect(newer!.score / older!.score).toBeLessThan(1.25);
    // The boost follows `now`: seen from 2025-02, the 2026 post lies in the future and gets no more than the maximum.
    const early = search(twins, "checkpoints", { now: Date.parse("2025-02-01T00:00:00Z") });
    expect(early.results[0]!.score / early.results[1]!.score).toBeLessThan(1.25);
  });
});

describe("search: filters and limits", () => {
  it("filters by kind and counts every kind", () => {
    const all = find("kubernets");
    const jobs = find("kubernets", { kind: "job" });
    expect(jobs.results.every((result) => result.kind === "job")).toBe(true);
    expect(jobs.counts).toEqual(all.counts);
    expect(jobs.total).toBe(all.counts.job);
    expect(all.total).toBe(Object.values(all.counts).reduce((a, b) => a + b, 0));
    expect(find("kubernets", { kind: "nothing" as never }).results).toEqual([]);
  });

  it("bounds the limit to 1..50, default 10", () => {
    expect(find("gpu").results).toHaveLength(10);
    expect(find("gpu").total).toBeGreaterThan(10);
    expect(find("gpu", { limit: 3 }).results).toHaveLength(3);
    expect(find("gpu", { limit: 0 }).results).toHaveLength(1);
    expect(find("gpu", { limit: -5 }).results).toHaveLength(1);
    expect(find("gpu", { limit: 1000 }).results.length).toBe(Math.min(50, find("gpu").total));
    expect(clampLimit(Number.NaN)).toBe(10);
    expect(clampLimit("20")).toBe(10);
    expect(clampLimit(2.7)).toBe(2);
    expect(clampLimit(50)).toBe(50);
    expect(clampLimit(51)).toBe(50);
  });
});

describe("search: display", () => {
  it("marks matched words in titles, including fuzzy and prefix matches", () => {
    const typo = find("kubernets").results.find((result) => result.url === "/careers/senior-kubernetes-engineer")!;
    expect(typo.title).toEqual([
      { text: "Senior ", match: false },
      { text: "Kubernetes", match: true },
      { text: " Engineer", match: false },
    ]);
    const prefix = find("infin").results[0]!;
    expect(marked(prefix.title)).toEqual(["InfiniBand"]);
    expect(segmentsText(prefix.title)).toBe("InfiniBand fabric");
  });

  it("gives snippets that contain the match and stay short", () => {
    for (const query of ["kubernets", "schedulng", "reserved gpus", "infin", "batching", "consistency", "gpu"]) {
      for (const result of find(query, { limit: 50 }).results) {
        const text = segmentsText(result.snippet);
        expect(text.length, `${query}: ${text}`).toBeLessThanOrEqual(200);
      }
    }
    const snippetOf = (query: string, url: string) => find(query, { limit: 50 }).results.find((result) => result.url === url)!.snippet;
    expect(marked(snippetOf("batching", "/docs/inference/api#chat-completions"))).toEqual(["batching"]);
    expect(marked(snippetOf("kubernets", "/careers/senior-kubernetes-engineer"))).toContain("Kubernetes");
    expect(marked(snippetOf("schedulng", "/docs/slurm#job-scheduling-and-fair-share"))).toEqual(expect.arrayContaining(["scheduling"]));
    expect(marked(snippetOf("reserved gpus", "/blog/reserved-or-on-demand-gpus")).map((word) => word.toLowerCase())).toEqual(
      expect.arrayContaining(["reserved", "gpus"]),
    );
  });

  it("deep-links doc sections", () => {
    const sections = find("tolerations").results.filter((result) => result.kind === "doc");
    expect(sections[0]).toMatchObject({
      url: "/docs/kubernetes/node-pools#taints-and-tolerations",
      section: "Managed Kubernetes node pools",
    });
    expect(find("sbatch", { kind: "doc" }).results.every((result) => result.url.includes("#") || result.url === "/docs/slurm")).toBe(true);
  });

  it("returns the url, whether or not it is the id", () => {
    const other = loadIndex(
      buildIndex([{ id: "post:42", kind: "post", title: "Liquid cooling", body: "", url: "/blog/liquid-cooling" }], {
        builtAt: "2026-01-01",
      }),
    );
    expect(search(other, "cooling", { now: fixtureNow }).results[0]).toMatchObject({ id: "post:42", url: "/blog/liquid-cooling" });
    expect(find("tolerations").results[0]!.id).toBe(find("tolerations").results[0]!.url);
  });

  it("returns the stored fields a result row needs", () => {
    const post = find("on-demand reserved gpus").results[0]!;
    expect(post).toMatchObject({ id: "/blog/reserved-or-on-demand-gpus", kind: "post", section: "Customers" });
    expect(post.date).toMatch(/^2026-11-11T/);
    expect(typeof post.score).toBe("number");
  });
});

describe("highlight and snippet", () => {
  it("returns text segments: markup in the text stays text", () => {
    const segments = highlight("<img src=x onerror=alert(1)> GPUs & <b>gpu</b>", ["gpu"]);
    expect(segmentsText(segments)).toBe("<img src=x onerror=alert(1)> GPUs & <b>gpu</b>");
    expect(marked(segments)).toEqual(["GPUs", "gpu"]);
  });

  it("does not mark words that merely contain a short term", () => {
    expect(marked(highlight("on one only", ["on"]))).toEqual(["on"]);
  });

  it("cuts a long text around the best cluster at word boundaries", () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(20);
    const text = `${filler}the scheduler places jobs by topology and the scheduler is fair ${filler}`;
    const segments = snippet(text, undefined, ["scheduler", "topology"]);
    const shown = segmentsText(segments);
    expect(shown.startsWith("…")).toBe(true);
    expect(shown.endsWith("…")).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(162);
    expect(marked(segments)).toEqual(["scheduler", "topology", "scheduler"]);
    expect(shown).toMatch(/^…[a-z]+ /);
    expect(shown).toMatch(/ [a-z]+…$/);
  });

  it("falls back to the description, then to the text's beginning", () => {
    expect(segmentsText(snippet("x ".repeat(200), "A short description", ["nomatch"]))).toBe("A short description");
    expect(segmentsText(snippet("word ".repeat(100), undefined, []))).toMatch(/^word word .*…$/);
  });
});

describe("search: bad input", () => {
  const hostile = [
    "<script>alert(1)</script>",
    '"kubernetes"',
    "'; DROP TABLE posts; --",
    "\\",
    "C:\\Windows\\system32",
    ".*+?^${}()|[]",
    "(?:a+)+$",
    "kube*",
    "🚀🔥 gpu",
    "🚀",
    "مرحبا بالعالم",
    "\u202eslurm\u202c",
    "gpu\u0000\u0007\u001bnodes",
    "\ud800 lone surrogate",
    "a".repeat(10_000),
    "gpu ".repeat(2_500),
    "__proto__ constructor prototype toString hasOwnProperty",
  ];

  it("never throws, and results hold only the stored text", () => {
    for (const query of hostile) {
      const outcome = find(query);
      for (const result of outcome.results) {
        const source = fixtureCorpus.find((doc) => doc.id === result.id)!;
        expect(segmentsText(result.title)).toBe(source.title);
      }
      expect(Array.from(outcome.query).length).toBeLessThanOrEqual(maxQueryLength);
    }
  });

  it("searches a quoted or starred word as the word", () => {
    expect(urls(find('"kubernetes"'))).toEqual(urls(find("kubernetes")));
    expect(urls(find("kube*"))).toEqual(urls(find("kube")));
    expect(urls(find("🚀🔥 gpu"))).toEqual(urls(find("gpu")));
  });

  it("flags a truncated query and still searches its beginning", () => {
    const long = find(`kubernetes ${"x".repeat(10_000)}`);
    expect(long.truncated).toBe(true);
    expect(long.query.length).toBe(maxQueryLength);
    expect(find("kubernetes").truncated).toBe(false);
    expect(find(`${" ".repeat(5_000)}gpu`).truncated).toBe(true);
  });

  it("gives no results for nothing to search", () => {
    for (const query of ["", "   ", "\n\t", ".*+?^${}()|[]", "!!!", "—–…", "🚀", null, undefined, 42, { q: "gpu" }]) {
      const outcome = find(query);
      expect(outcome.results, String(query)).toEqual([]);
      expect(outcome.total).toBe(0);
      expect(outcome.counts).toEqual({ doc: 0, post: 0, job: 0, event: 0, page: 0 });
    }
  });

  it("normalises queries", () => {
    expect(normalizeQuery("  gpu \n\t nodes  ")).toEqual({ query: "gpu nodes", truncated: false });
    expect(normalizeQuery("gpu\u0000nodes\u202e")).toEqual({ query: "gpu nodes", truncated: false });
    expect(normalizeQuery("a".repeat(200))).toEqual({ query: "a".repeat(200), truncated: false });
    expect(normalizeQuery("a".repeat(201))).toEqual({ query: "a".repeat(200), truncated: true });
    // Cut by code points: an emoji is never split into a lone surrogate.
    const emoji = normalizeQuery("🚀".repeat(300)).query;
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji).toBe("🚀".repeat(200));
    expect(normalizeQuery(undefined)).toEqual({ query: "", truncated: false });
  });
});

describe("index lifecycle", () => {
  it("carries version, build time and document count; skips invalid and repeated documents", () => {
    expect(serialized).toMatchObject({ version: indexVersion, builtAt: "2026-11-20T12:00:00.000Z", documentCount: fixtureCorpus.length });
    const bad = [
      fixtureCorpus[0]!,
      fixtureCorpus[0]!,
      { ...fixtureCorpus[1]!, kind: "author" },
      { ...fixtureCorpus[2]!, id: "" },
      { ...fixtureCorpus[3]!, id: "x", title: "" },
      { ...fixtureCorpus[4]!, id: "y", body: undefined },
    ] as SearchDocument[];
    expect(buildIndex(bad, { builtAt: "2026-01-01T00:00:00Z" }).documentCount).toBe(2);
  });

  it("round-trips through the storage string with the same results", () => {
    const encoded = encodeIndex(serialized);
    expect(readIndexMeta(encoded)).toEqual({
      version: indexVersion,
      builtAt: serialized.builtAt,
      documentCount: serialized.documentCount,
      snippetSourceChars: serialized.snippetSourceChars,
    });
    const reloaded = loadIndex(encoded);
    const fresh = loadIndex(JSON.parse(JSON.stringify(serialized)));
    for (const query of ["kubernets", "on-demand reserved gpus", "infin", "batching", "gpu"]) {
      const expected = find(query);
      expect(search(reloaded, query, { now: fixtureNow })).toEqual(expected);
      expect(search(fresh, query, { now: fixtureNow })).toEqual(expected);
    }
  });

  it("rejects an index of another version, and a corrupt one", () => {
    const other = { ...serialized, version: indexVersion + 1 };
    expect(() => loadIndex(other)).toThrowError(SearchIndexError);
    expect(() => loadIndex(encodeIndex(other))).toThrowError(expect.objectContaining({ reason: "version" }));
    expect(() => loadIndex(other)).toThrowError(expect.objectContaining({ reason: "version" }));
    expect(() => loadIndex("not an index")).toThrowError(expect.objectContaining({ reason: "corrupt" }));
    expect(() => loadIndex(`${JSON.stringify({ version: indexVersion, builtAt: "x", documentCount: 1 })}\n{"broken"`)).toThrowError(
      expect.objectContaining({ reason: "corrupt" }),
    );
    expect(() => loadIndex({ ...serialized, data: "[]" })).toThrowError(expect.objectContaining({ reason: "corrupt" }));
  });
});
