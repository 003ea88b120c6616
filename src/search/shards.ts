// The search index split for a large site (docs/decisions/019-search-at-scale.md): the same
// MiniSearch ranking as engine.ts, with the postings cut into term shards and the displayed
// text into store chunks, each its own stored part, read only when a query needs it. A fresh
// isolate loads the base (vocabulary, per-document field lengths, kinds, titles, dates) and
// then, per query, the shards holding the terms the query can reach (as typed, as a prefix,
// within its typo distance), found in the vocabulary first. Scores equal the whole index's:
// every shard is cut from one MiniSearch built over all documents.
import MiniSearch, { type AsPlainObject, type SearchOptions } from "minisearch";
import { isSearchKind, searchKinds, type SearchDocument, type SearchKind } from "./documents";
import {
  clampLimit,
  fuzziness,
  fuzzyBelow,
  type Hit,
  indexVersion,
  miniSearchOptions,
  normalizeQuery,
  queryPlan,
  queryTerms,
  rankHits,
  type SearchOutcome,
  SearchIndexError,
  type Stored,
  toResults,
  truncateText,
  type QueryOptions,
} from "./engine";

/** Bump with any change of the parts' layout (indexVersion covers tokenising and ranking). */
export const shardedFormat = 1;
const defaultShardChars = 200_000;
const defaultStoreChunk = 128;
const defaultSnippetSourceChars = 1_000;

export interface ShardedMeta {
  version: number;
  format: number;
  builtAt: string;
  documentCount: number;
  snippetSourceChars: number;
  shardCount: number;
  storeChunks: number;
}

/** A built index: the base and the numbered parts, each one stored value. */
export interface ShardedBuild {
  meta: ShardedMeta;
  base: string;
  /** `t<n>`: term shard n; `s<n>`: store chunk n. */
  parts: Map<string, string>;
}

interface Base extends ShardedMeta {
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** Field lengths, `fieldCount` per document in short-id order. */
  fieldLength: number[];
  /** One character per document: the index of its kind in searchKinds. */
  kinds: string;
  titles: string[];
  /** Dates ("" for none): shown, and the recency of posts. */
  dates: string[];
  /** Every term, sorted, "\n"-joined. */
  terms: string;
  /** Index in `terms` of each shard's first term. */
  shardStarts: number[];
  storeChunk: number;
}

/** Store chunk rows: what a result shows beyond kind, title and date. */
type StoreRow = [id: string, url: string, section: string, summary: string, text: string];
/** A shard: [term, [fieldId, docId deltas and frequencies …] …] */
type ShardRow = [term: string, postings: number[][]];

export interface ShardOptions {
  builtAt: Date | string;
  snippetSourceChars?: number;
  /** About this many characters of postings per shard. */
  shardChars?: number;
  /** Documents per store chunk. */
  storeChunk?: number;
}

/**
 * Builds the parts. Invalid documents and repeated ids are skipped as by buildIndex. Short ids
 * are the documents' positions: the base and the store address documents by them.
 */
export function buildShardedIndex(docs: readonly SearchDocument[], options: ShardOptions): ShardedBuild {
  const snippetSourceChars = options.snippetSourceChars ?? defaultSnippetSourceChars;
  const shardChars = options.shardChars ?? defaultShardChars;
  const storeChunk = options.storeChunk ?? defaultStoreChunk;
  const mini = new MiniSearch<SearchDocument>({ ...miniSearchOptions(snippetSourceChars), storeFields: [] });
  const seen = new Set<string>();
  const kept: SearchDocument[] = [];
  for (const doc of docs) {
    if (!doc || !isSearchKind(doc.kind) || !doc.id || !doc.title || !doc.url || seen.has(doc.id)) continue;
    seen.add(doc.id);
    kept.push(doc);
    mini.add({ ...doc, body: typeof doc.body === "string" ? doc.body : "" });
  }
  const js = mini.toJSON();
  const fieldCount = Object.keys(js.fieldIds).length;
  const fieldLength = new Array<number>(kept.length * fieldCount).fill(0);
  for (const [shortId, lengths] of Object.entries(js.fieldLength)) {
    for (let f = 0; f < fieldCount; f++) fieldLength[Number(shortId) * fieldCount + f] = (lengths as number[])[f] ?? 0;
  }

  const entries = (js.index as [string, Record<string, Record<string, number>>][]).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const shards: ShardRow[][] = [];
  const shardStarts: number[] = [];
  let current: ShardRow[] = [];
  let size = 0;
  entries.forEach(([term, fields], i) => {
    const postings = Object.entries(fields).map(([fieldId, docsOf]) => {
      const ids = Object.keys(docsOf)
        .map(Number)
        .sort((a, b) => a - b);
      const flat = [Number(fieldId)];
      let previous = 0;
      for (const id of ids) {
        flat.push(id - previous, docsOf[id]!);
        previous = id;
      }
      return flat;
    });
    if (!current.length) shardStarts.push(i);
    current.push([term, postings]);
    size += term.length + postings.reduce((sum, list) => sum + list.length * 3, 0);
    if (size >= shardChars) {
      shards.push(current);
      current = [];
      size = 0;
    }
  });
  if (current.length) shards.push(current);

  const parts = new Map<string, string>();
  for (const [n, shard] of shards.entries()) parts.set(`t${n}`, JSON.stringify(shard));
  const storeChunks = Math.ceil(kept.length / storeChunk);
  for (let c = 0; c < storeChunks; c++) {
    const rows = kept
      .slice(c * storeChunk, (c + 1) * storeChunk)
      .map(
        (doc): StoreRow => [
          doc.id,
          doc.url === doc.id ? "" : doc.url,
          doc.section || "",
          truncateText(doc.description ?? "", 300),
          truncateText(typeof doc.body === "string" ? doc.body : "", snippetSourceChars),
        ],
      );
    parts.set(`s${c}`, JSON.stringify(rows));
  }
  const meta: ShardedMeta = {
    version: indexVersion,
    format: shardedFormat,
    builtAt: typeof options.builtAt === "string" ? options.builtAt : options.builtAt.toISOString(),
    documentCount: kept.length,
    snippetSourceChars,
    shardCount: shards.length,
    storeChunks,
  };
  const base: Base = {
    ...meta,
    fieldIds: js.fieldIds,
    averageFieldLength: js.averageFieldLength,
    fieldLength,
    kinds: kept.map((doc) => String(searchKinds.indexOf(doc.kind))).join(""),
    titles: kept.map((doc) => doc.title),
    dates: kept.map((doc) => doc.date || ""),
    terms: entries.map(([term]) => term).join("\n"),
    shardStarts,
    storeChunk,
  };
  return { meta, base: JSON.stringify(base), parts };
}

/** Reads a part by name (`t3`, `s12`): KV in the worker, a Map in tests. */
export type PartReader = (name: string) => Promise<string | null>;

// MiniSearch's internals this module fills in itself (MiniSearch 7.2; pinned in package.json).
type TermData = Map<number, Map<number, number>>;
interface TermMap {
  get(term: string): unknown;
  set(term: string, value: unknown): unknown;
  atPrefix(prefix: string): Iterable<[string, unknown]> & { keys(): Iterable<string> };
  fuzzyGet(term: string, distance: number): Map<string, [unknown, number]>;
}
interface MiniSearchInternals {
  _index: TermMap;
  _documentIds: Map<number, number>;
  _idToShortId: Map<number, number>;
  _fieldLength: Map<number, number[]>;
}

export interface ShardedIndex {
  readonly meta: ShardedMeta;
  /** @internal */
  readonly state: ShardedState;
}

interface ShardedState {
  mini: MiniSearch<SearchDocument>;
  internals: MiniSearchInternals;
  /** The vocabulary: term → shard. */
  vocabulary: TermMap;
  newTermMap: () => TermMap;
  kinds: string;
  titles: string[];
  dates: string[];
  storeChunk: number;
  read: PartReader;
  shards: PartCache<Map<string, TermData>>;
  store: PartCache<StoreRow[]>;
}

/** The most recently used parts, up to a number of characters of their stored text: bounds the isolate's heap. */
class PartCache<T> {
  private readonly entries = new Map<number, { value: T; chars: number }>();
  private readonly pending = new Map<number, Promise<T>>();
  private chars = 0;
  constructor(
    private readonly maxChars: number,
    private readonly load: (n: number) => Promise<{ value: T; chars: number }>,
  ) {}

  async get(n: number): Promise<T> {
    const hit = this.entries.get(n);
    if (hit) {
      this.entries.delete(n);
      this.entries.set(n, hit);
      return hit.value;
    }
    let loading = this.pending.get(n);
    if (!loading) {
      loading = this.load(n).then((entry) => {
        this.entries.set(n, entry);
        this.chars += entry.chars;
        for (const [key, old] of this.entries) {
          if (this.chars <= this.maxChars || key === n) break;
          this.entries.delete(key);
          this.chars -= old.chars;
        }
        return entry.value;
      });
      loading.finally(() => this.pending.delete(n)).catch(() => {});
      this.pending.set(n, loading);
    }
    return loading;
  }
}

export interface OpenOptions {
  /** Characters of term shards kept in memory (default 6 M: a few MB of heap). */
  shardCacheChars?: number;
  /** Characters of store chunks kept in memory. */
  storeCacheChars?: number;
}

/** The searchable index from its base; parts are read through `read` when a query needs them. Throws SearchIndexError. */
export function openShardedIndex(baseText: string, read: PartReader, options: OpenOptions = {}): ShardedIndex {
  let base: Base;
  try {
    base = JSON.parse(baseText) as Base;
  } catch {
    throw new SearchIndexError("search index: unreadable base", "corrupt");
  }
  if (!base || base.version !== indexVersion || base.format !== shardedFormat) {
    throw new SearchIndexError(
      `search index: version ${base?.version}/${base?.format}, expected ${indexVersion}/${shardedFormat}`,
      "version",
    );
  }
  const miniOptions = { ...miniSearchOptions(base.snippetSourceChars), storeFields: [] };
  const empty: AsPlainObject = {
    documentCount: base.documentCount,
    nextId: base.documentCount,
    documentIds: {},
    fieldIds: base.fieldIds,
    fieldLength: {},
    averageFieldLength: base.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: [],
    serializationVersion: 2,
  };
  const mini = MiniSearch.loadJS<SearchDocument>(empty, miniOptions);
  const internals = mini as unknown as MiniSearchInternals;
  const fieldCount = Object.keys(base.fieldIds).length;
  for (let id = 0; id < base.documentCount; id++) {
    internals._documentIds.set(id, id);
    internals._idToShortId.set(id, id);
    internals._fieldLength.set(id, base.fieldLength.slice(id * fieldCount, (id + 1) * fieldCount));
  }
  // The radix tree class MiniSearch itself uses (not a second copy from minisearch/SearchableMap).
  const TermMapClass = internals._index.constructor as new () => TermMap;
  const vocabulary = new TermMapClass();
  const terms = base.terms ? base.terms.split("\n") : [];
  let shard = 0;
  for (let i = 0; i < terms.length; i++) {
    while (shard + 1 < base.shardStarts.length && base.shardStarts[shard + 1]! <= i) shard++;
    vocabulary.set(terms[i]!, shard);
  }

  const required = async (name: string) => {
    const text = await read(name);
    if (text == null) throw new SearchIndexError(`search index: part ${name} missing`, "corrupt");
    return text;
  };
  const shards = new PartCache<Map<string, TermData>>(options.shardCacheChars ?? 6_000_000, async (n) => {
    const text = await required(`t${n}`);
    const map = new Map<string, TermData>();
    for (const [term, postings] of JSON.parse(text) as ShardRow[]) {
      const data: TermData = new Map();
      for (const list of postings) {
        const docs = new Map<number, number>();
        let id = 0;
        for (let i = 1; i < list.length; i += 2) {
          id += list[i]!;
          docs.set(id, list[i + 1]!);
        }
        data.set(list[0]!, docs);
      }
      map.set(term, data);
    }
    return { value: map, chars: text.length };
  });
  const store = new PartCache<StoreRow[]>(options.storeCacheChars ?? 2_000_000, async (n) => {
    const text = await required(`s${n}`);
    return { value: JSON.parse(text) as StoreRow[], chars: text.length };
  });
  const { kinds, titles, dates, storeChunk } = base;
  const meta: ShardedMeta = {
    version: base.version,
    format: base.format,
    builtAt: base.builtAt,
    documentCount: base.documentCount,
    snippetSourceChars: base.snippetSourceChars,
    shardCount: base.shardCount,
    storeChunks: base.storeChunks,
  };
  return {
    meta,
    state: {
      mini,
      internals,
      vocabulary,
      newTermMap: () => new TermMapClass(),
      kinds,
      titles,
      dates,
      storeChunk,
      read,
      shards,
      store,
    },
  };
}

/** Terms of the vocabulary a query's terms reach in a pass: as typed, as a prefix (the last one), within the typo distance. */
function reachedTerms(state: ShardedState, terms: readonly string[], withTypos: boolean): Map<string, number> {
  const plan = queryPlan(terms);
  const reached = new Map<string, number>();
  terms.forEach((term, i) => {
    const shard = state.vocabulary.get(term);
    if (typeof shard === "number") reached.set(term, shard);
    if (plan.prefix(term, i, terms)) {
      for (const [derived, n] of state.vocabulary.atPrefix(term)) reached.set(derived, n as number);
    }
    const distance = withTypos ? fuzziness(term) : false;
    if (distance) {
      for (const [derived, [n]] of state.vocabulary.fuzzyGet(term, distance)) reached.set(derived, n as number);
    }
  });
  return reached;
}

/** Adds the postings of `terms` to the query's term map, reading the shards they live in. */
async function addPostings(state: ShardedState, target: TermMap, terms: Map<string, number>): Promise<void> {
  const byShard = new Map<number, string[]>();
  for (const [term, n] of terms) {
    if (!byShard.has(n)) byShard.set(n, []);
    byShard.get(n)!.push(term);
  }
  const loaded = await Promise.all([...byShard.keys()].map(async (n) => [n, await state.shards.get(n)] as const));
  for (const [n, shard] of loaded) {
    for (const term of byShard.get(n)!) {
      const data = shard.get(term);
      if (data) target.set(term, data);
    }
  }
}

/**
 * Searches the split index: the same outcome as engine.ts's search over one index of the same
 * documents. Reads the shards and store chunks it needs; any query input is safe.
 */
export async function searchSharded(index: ShardedIndex, rawQuery: unknown, options: QueryOptions): Promise<SearchOutcome> {
  const { state } = index;
  const { terms } = queryTerms(normalizeQuery(rawQuery).query);
  // Only the terms the query can reach are in the map MiniSearch searches, so its scores come
  // from the same postings and statistics as the whole index's.
  const termMap = state.newTermMap();
  const run = (text: string, searchOptions: SearchOptions): Hit[] => {
    state.internals._index = termMap;
    return state.mini.search(text, searchOptions) as Hit[];
  };
  let exactPass: Hit[] | null = null;
  if (terms.length) {
    await addPostings(state, termMap, reachedTerms(state, terms, false));
    const plan = queryPlan(terms);
    exactPass = run(plan.text, plan.exact);
    if (exactPass.length < fuzzyBelow) await addPostings(state, termMap, reachedTerms(state, terms, true));
  }
  const ranked = rankHits(
    {
      run: (text, searchOptions) => (!searchOptions.fuzzy && exactPass ? exactPass : run(text, searchOptions)),
      info: (hit) => {
        const id = hit.id as number;
        const kind = searchKinds[Number(state.kinds[id])];
        return kind ? [kind, state.titles[id]!, "", "", state.dates[id]!, "", ""] : undefined;
      },
    },
    rawQuery,
    { ...options, limit: clampLimit(options.limit) },
  );
  const { selected, ...outcome } = ranked;
  const chunks = new Map<number, StoreRow[]>();
  await Promise.all(
    [...new Set(selected.map((hit) => Math.floor((hit.id as number) / state.storeChunk)))].map(async (n) => {
      chunks.set(n, await state.store.get(n));
    }),
  );
  const results = toResults(selected, (hit): Stored => {
    const id = hit.id as number;
    const [externalId, url, section, summary, text] = chunks.get(Math.floor(id / state.storeChunk))![id % state.storeChunk]!;
    const kind = searchKinds[Number(state.kinds[id])] as SearchKind;
    return [kind, state.titles[id]!, url || externalId, section, state.dates[id] || "", summary, text];
  });
  // The result ids are the documents' own, not their positions.
  for (const [i, hit] of selected.entries()) {
    const id = hit.id as number;
    results[i]!.id = chunks.get(Math.floor(id / state.storeChunk))![id % state.storeChunk]![0];
  }
  return { ...outcome, results };
}
