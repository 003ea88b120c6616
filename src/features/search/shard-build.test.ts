import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import type { SearchDocument } from "./documents";
import { buildIndex, loadIndex, search } from "../../../test/support/whole-search-index";
import { miniSearchOptions, type SearchOutcome } from "./engine";
import { fixtureCorpus, fixtureNow } from "../../../test/support/search-corpus";
import { buildShardedIndex, updateShardedIndex, writeShardedIndex } from "./shard-build";
import { openShardedIndex, searchSharded } from "./shards";

const options = { builtAt: new Date(fixtureNow), shardChars: 1_500, storeChunk: 7 };

/**
 * The parts as the first version cut them from one MiniSearch over every document: the builder
 * must give the same postings, shards, statistics and store rows without that index.
 */
function cutFromMiniSearch(docs: readonly SearchDocument[]) {
  const mini = new MiniSearch<SearchDocument>({ ...miniSearchOptions(1_000), storeFields: [] });
  for (const doc of docs) mini.add(doc);
  const js = mini.toJSON();
  const fieldCount = Object.keys(js.fieldIds).length;
  const fieldLength = new Array<number>(docs.length * fieldCount).fill(0);
  for (const [shortId, lengths] of Object.entries(js.fieldLength)) {
    for (let f = 0; f < fieldCount; f++) fieldLength[Number(shortId) * fieldCount + f] = (lengths as number[])[f] ?? 0;
  }
  const entries = (js.index as [string, Record<string, Record<string, number>>][]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const shards: unknown[][] = [];
  let current: unknown[] = [];
  let size = 0;
  for (const [term, fields] of entries) {
    const postings = Object.entries(fields).map(([fieldId, docsOf]) => {
      const flat = [Number(fieldId)];
      let previous = 0;
      for (const id of Object.keys(docsOf)
        .map(Number)
        .sort((a, b) => a - b)) {
        flat.push(id - previous, docsOf[id]!);
        previous = id;
      }
      return flat;
    });
    current.push([term, postings]);
    size += term.length + postings.reduce((sum, list) => sum + list.length * 3, 0);
    if (size >= options.shardChars) {
      shards.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length) shards.push(current);
  return {
    shards: shards.map((shard) => JSON.stringify(shard)),
    averageFieldLength: JSON.stringify(js.averageFieldLength),
    fieldLength,
    terms: entries.map(([term]) => term).join("\n"),
  };
}

const comparable = (outcome: SearchOutcome) => ({ ...outcome, results: outcome.results.map(({ score, ...rest }) => rest) });

const queries = [
  "kubernetes",
  "kubernets",
  "gpu clu",
  "liquid cooling",
  "amsterdam",
  "h100",
  "schedulng",
  "slurm",
  "on-demand reserved gpus",
  ...new Set(fixtureCorpus.flatMap((doc) => doc.title.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 4)),
];

/** Every query answered by the split index as by one MiniSearch index of `docs`, scores to nine decimals. */
async function expectSameAnswers(index: ReturnType<typeof openShardedIndex>, docs: SearchDocument[]) {
  const whole = loadIndex(buildIndex(docs, { builtAt: new Date(fixtureNow) }));
  for (const q of queries) {
    const expected = search(whole, q, { now: fixtureNow });
    const actual = await searchSharded(index, q, { now: fixtureNow });
    expect(comparable(actual), q).toEqual(comparable(expected));
    for (const [i, result] of actual.results.entries()) expect(result.score, q).toBeCloseTo(expected.results[i]!.score, 9);
  }
}

describe("building the split index without one whole index", () => {
  it("gives the postings, shards and statistics the cut of one MiniSearch index gave", () => {
    const built = buildShardedIndex(fixtureCorpus, options);
    const reference = cutFromMiniSearch(fixtureCorpus);
    const shards = reference.shards.map((_, n) => built.parts.get(`t${n}`));
    expect(shards).toEqual(reference.shards);
    expect(built.parts.has(`t${reference.shards.length}`)).toBe(false);
    const base = JSON.parse(built.base);
    expect(JSON.stringify(base.averageFieldLength)).toBe(reference.averageFieldLength);
    expect(base.fieldLength).toEqual(reference.fieldLength);
    expect(base.terms).toBe(reference.terms);
  });

  it("writes the same parts from documents read one at a time, store chunks before the shards", async () => {
    const built = buildShardedIndex(fixtureCorpus, options);
    async function* documents() {
      for (const doc of fixtureCorpus) yield doc;
    }
    const order: string[] = [];
    const parts = new Map<string, string>();
    const streamed = await writeShardedIndex(
      documents(),
      async (name, value) => {
        order.push(name);
        parts.set(name, value);
      },
      { ...options, concurrency: 3 },
    );
    expect(streamed.base).toBe(built.base);
    expect(parts).toEqual(built.parts);
    expect(order.findIndex((name) => name.startsWith("t"))).toBeGreaterThan(order.findIndex((name) => name.startsWith("s")));
  });
});

describe("updating the split index in place", () => {
  const original = buildShardedIndex(fixtureCorpus, options);
  const posts = fixtureCorpus.filter((doc) => doc.kind === "post");
  const edited = posts[0]!;
  const removed = posts[1]!;
  const added: SearchDocument[] = [
    {
      ...posts[2]!,
      id: "/blog/liquid-cooling",
      url: "/blog/liquid-cooling",
      title: "Liquid cooling in Nordics-1",
      body: "Warm water, zyxquiet pumps.",
    },
  ];
  const editedDoc = { ...edited, title: `${edited.title} revisited`, body: `${edited.body} Now with zyxquiet fans.` };
  // The content after the change (in content order), and the index's order: changes in place, removals gone, additions at the end.
  const now = [...fixtureCorpus.filter((doc) => doc !== removed).map((doc) => (doc === edited ? editedDoc : doc)), ...added];

  async function update(docs: SearchDocument[], extra: Partial<Parameters<typeof updateShardedIndex>[2]> = {}) {
    const written = new Map<string, string>();
    const reads: string[] = [];
    const read = async (name: string) => {
      reads.push(name);
      return written.get(name) ?? original.parts.get(name) ?? null;
    };
    const result = await updateShardedIndex(original.base, docs, {
      builtAt: new Date(fixtureNow + 60_000),
      read,
      write: async (name, value) => {
        written.set(name, value);
      },
      ...extra,
    });
    return { result, written, read, reads };
  }

  it("answers as one index of the changed documents, having written only the parts they touch", async () => {
    const { result, written, read } = await update(now);
    expect(result).toMatchObject({ changed: 1, added: 1, removed: 1 });
    expect([...written.keys()].sort()).toEqual([...result!.written].sort());
    expect(result!.written.filter((name) => name.startsWith("t")).length).toBeGreaterThan(0);
    // Store chunks: the edited, the removed and the added document's.
    const chunksOf = new Set(
      [fixtureCorpus.indexOf(edited), fixtureCorpus.indexOf(removed), fixtureCorpus.length].map((at) => Math.floor(at / 7)),
    );
    expect(result!.written.filter((name) => name.startsWith("s")).length).toBe(chunksOf.size);
    expect(result!.written.every((name) => name.endsWith(`.${result!.tag}`) && result!.tag.startsWith("1-"))).toBe(true);
    const index = openShardedIndex(result!.base!, read, { shardCacheChars: 1, storeCacheChars: 1 });
    expect(index.meta.documentCount).toBe(fixtureCorpus.length);
    await expectSameAnswers(index, now);
    expect((await searchSharded(index, "zyxquiet", { now: fixtureNow })).results.map((r) => r.id).sort()).toEqual(
      [editedDoc.id, added[0]!.id].sort(),
    );
    expect((await searchSharded(index, removed.title, { now: fixtureNow })).results.map((r) => r.id)).not.toContain(removed.id);
  });

  it("rewrites only the shard of a word an edit adds, that document's store chunk and the directory", async () => {
    const target = fixtureCorpus[5]!;
    const { result, read } = await update(fixtureCorpus.map((doc) => (doc === target ? { ...doc, body: `${doc.body} zyxquiet` } : doc)));
    const index = openShardedIndex(result!.base!, read);
    const reads: string[] = [];
    const probe = openShardedIndex(result!.base!, async (name) => {
      reads.push(name);
      return read(name);
    });
    await searchSharded(probe, "zyxquiet", { now: fixtureNow, limit: 1 });
    const shard = reads.find((name) => name.startsWith("t"))!;
    expect(result!.written.sort()).toEqual([`d.${result!.tag}`, `s${Math.floor(5 / 7)}.${result!.tag}`, shard].sort());
    expect(original.meta.shardCount).toBeGreaterThan(3);
    await expectSameAnswers(
      index,
      fixtureCorpus.map((doc) => (doc === target ? { ...doc, body: `${doc.body} zyxquiet` } : doc)),
    );
  });

  it("updates an updated index again, and puts a removed document back", async () => {
    const first = await update(now);
    const second = await updateShardedIndex(first.result!.base!, fixtureCorpus.concat(added), {
      builtAt: new Date(fixtureNow + 120_000),
      read: first.read,
      write: async (name, value) => {
        first.written.set(name, value);
      },
    });
    // The removed document comes back at the end; the edit is undone in place.
    expect(second).toMatchObject({ changed: 1, added: 1, removed: 0 });
    expect(second!.written.every((name) => name.endsWith(`.${second!.tag}`) && second!.tag.startsWith("2-"))).toBe(true);
    const order = [...fixtureCorpus.filter((doc) => doc !== removed), ...added, removed];
    await expectSameAnswers(openShardedIndex(second!.base!, first.read), order);
  });

  it("writes nothing when nothing changed, and gives up on a large change", async () => {
    const same = await update([...fixtureCorpus]);
    expect(same.result).toMatchObject({ base: null, written: [] });
    expect(same.written.size).toBe(0);
    const large = await update(fixtureCorpus.map((doc) => ({ ...doc, body: `${doc.body} more` })));
    expect(large.result).toBeNull();
    expect(large.written.size).toBe(0);
    const tooManyGone = await update(fixtureCorpus.slice(0, Math.floor(fixtureCorpus.length * 0.85)), { maxChanges: 1_000 });
    expect(tooManyGone.result).toBeNull();
  });
});

describe("updating the documents of some items", () => {
  // Each document of an item; the first two docs are one item's (a doc page's sections).
  const docs = fixtureCorpus.filter((doc) => doc.kind === "doc");
  const posts = fixtureCorpus.filter((doc) => doc.kind === "post");
  const itemOf = (doc: SearchDocument) => (doc === docs[1] ? `docs:${docs[0]!.id}` : `${doc.kind}s:${doc.id}`);
  const corpus = fixtureCorpus.map((doc) => ({ ...doc, item: itemOf(doc) }));
  const original = buildShardedIndex(corpus, options);

  async function update(base: string, parts: ReadonlyMap<string, string>, given: SearchDocument[], items: string[]) {
    const written = new Map<string, string>();
    const read = async (name: string) => written.get(name) ?? parts.get(name) ?? null;
    const result = await updateShardedIndex(base, given, {
      builtAt: new Date(fixtureNow + 60_000),
      read,
      write: async (name, value) => {
        written.set(name, value);
      },
      items: new Set(items),
    });
    return { result, read };
  }

  it("replaces those items' documents, removes those they no longer give and keeps every other: as one index would", async () => {
    const [pair, second] = [corpus.find((doc) => doc.id === docs[0]!.id)!, corpus.find((doc) => doc.id === docs[1]!.id)!];
    const renamed = corpus.find((doc) => doc.id === posts[0]!.id)!;
    const gone = corpus.find((doc) => doc.id === posts[1]!.id)!;
    const editedPair = { ...pair, title: `${pair.title} zyxquiet` };
    const moved = { ...renamed, id: "/blog/zyxquiet-moved", url: "/blog/zyxquiet-moved" };
    // The pair's item gives one document now, the renamed post's its new address, the gone post's none.
    const { result, read } = await update(original.base, original.parts, [editedPair, moved], [pair.item, renamed.item, gone.item]);
    expect(result).toMatchObject({ changed: 1, added: 1, removed: 3 });
    const order = [
      ...corpus.filter((doc) => ![second, renamed, gone].includes(doc)).map((doc) => (doc === pair ? editedPair : doc)),
      moved,
    ];
    const index = openShardedIndex(result!.base!, read);
    await expectSameAnswers(index, order);
    const found = async (query: string) => (await searchSharded(index, query, { now: fixtureNow })).results.map((r) => r.id);
    expect(await found("zyxquiet")).toEqual([editedPair.id]);
    expect(await found(renamed.title)).toContain(moved.id);
    expect(await found(renamed.title)).not.toContain(renamed.id);
  });

  it("builds anew (null) when the directory does not say which item each document is of", async () => {
    const parts = new Map(original.parts);
    parts.set("d", parts.get("d")!.replace(/\t[^\t\n]*$/gm, ""));
    const { result } = await update(original.base, parts, [], [corpus[0]!.item]);
    expect(result).toBeNull();
  });
});

describe("API versions in the index", () => {
  const operation = (version: { name: string; latest: boolean }, slug: string, title: string): SearchDocument => {
    const url = `/docs/api${version.latest ? "" : `/${version.name}`}/clusters/${slug}`;
    return { id: url, kind: "doc", title, body: `${title}. Clusters.`, url, section: "API reference › Clusters", version };
  };
  const v2 = { name: "v2", latest: true };
  const v1 = { name: "v1", latest: false };
  const guide: SearchDocument = {
    id: "/docs/clusters",
    kind: "doc",
    title: "Clusters guide",
    body: "Create a cluster.",
    url: "/docs/clusters",
  };
  const docs = [
    guide,
    operation(v2, "create-cluster", "Create a cluster"),
    operation(v2, "upgrade-cluster", "Upgrade a cluster"),
    operation(v1, "create-cluster", "Create a cluster"),
  ];
  const urlsOf = (outcome: SearchOutcome) => outcome.results.map((result) => result.url).sort();

  it("finds the latest's pages by default, another version's when asked, other documents always; as one index would", async () => {
    const built = buildShardedIndex(docs, options);
    const index = openShardedIndex(built.base, async (name) => built.parts.get(name) ?? null);
    const whole = loadIndex(buildIndex(docs, { builtAt: new Date(fixtureNow) }));
    const expectations: [string | undefined, string[]][] = [
      [undefined, ["/docs/api/clusters/create-cluster", "/docs/api/clusters/upgrade-cluster", "/docs/clusters"]],
      ["v2", ["/docs/api/clusters/create-cluster", "/docs/api/clusters/upgrade-cluster", "/docs/clusters"]],
      ["v1", ["/docs/api/v1/clusters/create-cluster", "/docs/clusters"]],
      ["v7", ["/docs/clusters"]],
    ];
    for (const [version, urls] of expectations) {
      const sharded = await searchSharded(index, "cluster", { now: fixtureNow, ...(version ? { version } : {}) });
      expect(urlsOf(sharded), version).toEqual(urls);
      expect(sharded.total, version).toBe(urls.length);
      expect(sharded.counts.doc, version).toBe(urls.length);
      expect(comparable(sharded), version).toEqual(
        comparable(search(whole, "cluster", { now: fixtureNow, ...(version ? { version } : {}) })),
      );
    }
  });

  it("keeps each position's version through an update: a version's pages come and go, a page changes version", async () => {
    const built = buildShardedIndex(docs, options);
    const written = new Map<string, string>();
    const read = async (name: string) => written.get(name) ?? built.parts.get(name) ?? null;
    // v1 withdrawn, the guide becomes a v3 page (as odd as it gets), a v1 page returns under another URL.
    const changed = [
      { ...guide, version: { name: "v3", latest: false } },
      docs[1]!,
      docs[2]!,
      { ...operation(v1, "delete-cluster", "Delete a cluster") },
    ];
    const result = await updateShardedIndex(built.base, changed, {
      builtAt: new Date(fixtureNow + 60_000),
      read,
      write: async (name, value) => {
        written.set(name, value);
      },
      maxChanges: 10,
      maxEmptyShare: 1,
    });
    expect(result?.base).toBeTruthy();
    const index = openShardedIndex(result!.base!, read);
    const find = async (version?: string) =>
      urlsOf(await searchSharded(index, "cluster", { now: fixtureNow, ...(version ? { version } : {}) }));
    expect(await find()).toEqual(["/docs/api/clusters/create-cluster", "/docs/api/clusters/upgrade-cluster"]);
    expect(await find("v1")).toEqual(["/docs/api/v1/clusters/delete-cluster"]);
    expect(await find("v3")).toEqual(["/docs/clusters"]);
  });
});
