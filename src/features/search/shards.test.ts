import { describe, expect, it } from "vitest";
import { searchKinds } from "./documents";
import { buildIndex, loadIndex, search } from "../../../test/support/whole-search-index";
import { SearchIndexError, type SearchOutcome } from "./engine";
import { fixtureCorpus, fixtureNow } from "../../../test/support/search-corpus";
import { buildShardedIndex } from "./shard-build";
import { openShardedIndex, searchSharded, shardedFormat } from "./shards";

// Small shards and chunks, so that the fixtures spread over many of each.
const built = buildShardedIndex(fixtureCorpus, { builtAt: new Date(fixtureNow), shardChars: 1_500, storeChunk: 7 });
const whole = loadIndex(buildIndex(fixtureCorpus, { builtAt: new Date(fixtureNow) }));

function open(cache: { shardCacheChars?: number; storeCacheChars?: number } = {}) {
  const reads: string[] = [];
  const index = openShardedIndex(
    built.base,
    async (name) => {
      reads.push(name);
      return built.parts.get(name) ?? null;
    },
    cache,
  );
  return { index, reads };
}

const words = [
  ...new Set(fixtureCorpus.flatMap((doc) => doc.title.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3)),
].sort();
/** A one-letter typo in the middle of the word: deletion, substitution or insertion by position. */
const typo = (word: string, i: number) => {
  const at = 1 + (i % (word.length - 1));
  return [word.slice(0, at) + word.slice(at + 1), `${word.slice(0, at)}x${word.slice(at + 1)}`, `${word.slice(0, at)}e${word.slice(at)}`][
    i % 3
  ]!;
};
const queries = [
  "kubernets",
  "schedulng",
  "on-demand reserved gpus",
  "h100",
  "gpu clu",
  "the",
  "",
  "   ",
  "zzzzqqq",
  "infiniband fabric spine",
  ...words,
  ...words.map(typo),
  ...words.filter((w) => w.length >= 5).map((w) => w.slice(0, 3)),
  ...fixtureCorpus.map((doc) => doc.title),
];

const comparable = (outcome: SearchOutcome) => ({ ...outcome, results: outcome.results.map(({ score, ...rest }) => rest) });
const scores = (outcome: SearchOutcome) => outcome.results.map((result) => result.score);

describe("sharded search: the same outcome as one index", () => {
  it("cuts the fixtures into many shards and chunks", () => {
    expect(built.meta.documentCount).toBe(fixtureCorpus.length);
    expect(built.meta.shardCount).toBeGreaterThan(5);
    expect(built.meta.storeChunks).toBe(Math.ceil(fixtureCorpus.length / 7));
  });

  it(`answers ${queries.length} queries (words, typos, prefixes, titles) as the whole index does`, async () => {
    const { index } = open();
    let found = 0;
    for (const q of queries) {
      const expected = search(whole, q, { now: fixtureNow });
      const actual = await searchSharded(index, q, { now: fixtureNow });
      expect(comparable(actual), q).toEqual(comparable(expected));
      const want = scores(expected);
      for (const [i, score] of scores(actual).entries()) expect(score, q).toBeCloseTo(want[i]!, 9);
      if (actual.results.length) found++;
    }
    expect(found).toBeGreaterThan(queries.length * 0.8);
  });

  it("filters by kind and limits as the whole index does", async () => {
    const { index } = open();
    for (const kind of searchKinds) {
      for (const q of ["gpu", "kubernetes", "cluster", "amsterdam"]) {
        const options = { now: fixtureNow, kind, limit: 3 };
        expect(comparable(await searchSharded(index, q, options))).toEqual(comparable(search(whole, q, options)));
      }
    }
  });

  it("reads only the shards a query reaches, and the store chunks of its results", async () => {
    const { index, reads } = open();
    const outcome = await searchSharded(index, "kubernetes", { now: fixtureNow });
    expect(outcome.results.length).toBeGreaterThan(0);
    const shards = reads.filter((name) => name.startsWith("t"));
    expect(shards.length).toBeGreaterThan(0);
    expect(shards.length).toBeLessThan(built.meta.shardCount / 2);
    const chunks = reads.filter((name) => name.startsWith("s"));
    expect(chunks.length).toBeLessThanOrEqual(outcome.results.length);
    // Nothing is read for an empty query.
    reads.length = 0;
    await searchSharded(index, "  ", { now: fixtureNow });
    expect(reads).toEqual([]);
  });

  it("keeps answering the same with caches too small to hold more than one part", async () => {
    const { index, reads } = open({ shardCacheChars: 1, storeCacheChars: 1 });
    for (const q of ["kubernets", "gpu clu", "schedulng", "kubernets"]) {
      expect(comparable(await searchSharded(index, q, { now: fixtureNow }))).toEqual(comparable(search(whole, q, { now: fixtureNow })));
    }
    // The first and last queries are the same: with nothing kept, its parts were read twice.
    expect(reads.length).toBeGreaterThan(new Set(reads).size);
  });

  it("refuses a base of another version and reports a missing part", async () => {
    expect(() => openShardedIndex(built.base.replace(`"format":${shardedFormat}`, '"format":0'), async () => null)).toThrow(
      SearchIndexError,
    );
    expect(() => openShardedIndex("{not json", async () => null)).toThrow(SearchIndexError);
    const index = openShardedIndex(built.base, async () => null);
    await expect(searchSharded(index, "kubernetes", { now: fixtureNow })).rejects.toThrow(/missing/);
  });
});
