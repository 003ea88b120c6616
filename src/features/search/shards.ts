// The search index split for a large site (docs/decisions/019-search-at-scale.md): the same
// ranking as engine.ts, with the postings cut into term shards and the displayed text into
// store chunks, each its own stored part, read only when a query needs it. A fresh isolate
// loads the base (sorted vocabulary, per-document field lengths, kinds, titles, dates) and then,
// per query, the shards holding the terms the query can reach (as typed, as a prefix, within
// its typo distance), found in the vocabulary first. The parts are built by shard-build.ts
// (documents tokenised as MiniSearch does, without a whole index in memory), and queries score
// with MiniSearch's formula on typed arrays (its own search allocates an object per matching
// document and field, most of a query's cost at tens of thousands of documents), so scores
// equal one MiniSearch index's over the same documents.
import type { SearchOptions } from "minisearch";
import { searchKinds, type SearchKind } from "./documents";
import {
  clampLimit,
  fieldBoosts,
  fuzziness,
  fuzzyBelow,
  type Hit,
  indexVersion,
  normalizeQuery,
  queryPlan,
  queryTerms,
  rankHits,
  type SearchOutcome,
  SearchIndexError,
  type Stored,
  toResults,
  type QueryOptions,
} from "./engine";

/** Bump with any change of the parts' layout (indexVersion covers tokenising and ranking). */
export const shardedFormat = 3;

export interface ShardedMeta {
  version: number;
  format: number;
  builtAt: string;
  documentCount: number;
  snippetSourceChars: number;
  shardCount: number;
  storeChunks: number;
}

export interface Base extends ShardedMeta {
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  /** Field lengths, `fieldCount` per document in short-id order. */
  fieldLength: number[];
  /**
   * One character per document position: the index of its kind in searchKinds, or "-" for a
   * position an incremental update emptied (documentCount counts the others).
   */
  kinds: string;
  titles: string[];
  /** Dates ("" for none): shown, and the recency of posts. */
  dates: string[];
  /** The versionTag of each position that has one (API reference pages), by position. */
  versions: Record<number, string>;
  /** Every term, sorted, "\n"-joined. */
  terms: string;
  /** Index in `terms` of each shard's first term. */
  shardStarts: number[];
  storeChunk: number;
  /** Incremental updates: how many since the full build. */
  revision: number;
  /** Parts an incremental update rewrote, by their stored names (`t3` → `t3.2`); the others keep theirs. */
  partNames: Record<string, string>;
}

/** Store chunk rows: what a result shows beyond kind, title and date. */
export type StoreRow = [id: string, url: string, section: string, summary: string, text: string];
/** A shard: [term, [fieldId, docId deltas and frequencies …] …] */
export type ShardRow = [term: string, postings: number[][]];

/** Reads a part by name (`t3`, `s12`): KV in the worker, a Map in tests. */
export type PartReader = (name: string) => Promise<string | null>;

/** A term's postings in one field: document positions (ascending) and term frequencies. */
interface FieldPostings {
  field: number;
  ids: Int32Array;
  tfs: Int32Array;
}

export interface ShardedIndex {
  readonly meta: ShardedMeta;
  /** @internal */
  readonly state: ShardedState;
}

interface ShardedState {
  documentCount: number;
  /** Document positions, emptied ones included: the length of per-document arrays. */
  slots: number;
  fieldCount: number;
  /** [field name, field id, boost] in MiniSearch's field order. */
  fields: [string, number, number][];
  averageFieldLength: number[];
  fieldLength: number[];
  /** The vocabulary, sorted. */
  terms: string[];
  shardStarts: number[];
  kinds: (SearchKind | undefined)[];
  titles: string[];
  dates: string[];
  versions: Record<number, string>;
  storeChunk: number;
  shards: PartCache<Map<string, FieldPostings[]>>;
  store: PartCache<StoreChunk>;
}

/** A store chunk's text and where each of its lines starts. */
interface StoreChunk {
  text: string;
  starts: number[];
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
  const partNames = base.partNames ?? {};
  const required = async (name: string) => {
    const text = await read(partNames[name] ?? name);
    if (text == null) throw new SearchIndexError(`search index: part ${name} missing`, "corrupt");
    return text;
  };
  const shards = new PartCache<Map<string, FieldPostings[]>>(options.shardCacheChars ?? 6_000_000, async (n) => {
    const text = await required(`t${n}`);
    const map = new Map<string, FieldPostings[]>();
    for (const [term, postings] of JSON.parse(text) as ShardRow[]) {
      map.set(
        term,
        postings.map((list) => {
          const count = (list.length - 1) / 2;
          const ids = new Int32Array(count);
          const tfs = new Int32Array(count);
          let id = 0;
          for (let i = 0; i < count; i++) {
            id += list[1 + 2 * i]!;
            ids[i] = id;
            tfs[i] = list[2 + 2 * i]!;
          }
          return { field: list[0]!, ids, tfs };
        }),
      );
    }
    return { value: map, chars: text.length };
  });
  const store = new PartCache<StoreChunk>(options.storeCacheChars ?? 4_000_000, async (n) => {
    const text = await required(`s${n}`);
    const starts = [0];
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
    return { value: { text, starts }, chars: text.length };
  });
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
      documentCount: base.documentCount,
      slots: base.kinds.length,
      fieldCount: Object.keys(base.fieldIds).length,
      fields: Object.entries(fieldBoosts).map(([name, boost]) => [name, base.fieldIds[name]!, boost]),
      averageFieldLength: base.averageFieldLength,
      fieldLength: base.fieldLength,
      terms: base.terms ? base.terms.split("\n") : [],
      shardStarts: base.shardStarts,
      kinds: Array.from(base.kinds, (code) => searchKinds[Number(code)]),
      titles: base.titles,
      dates: base.dates,
      versions: base.versions ?? {},
      storeChunk: base.storeChunk,
      shards,
      store,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The vocabulary: sorted terms, looked up by binary search; typos by a bounded edit distance.

/** The first position in sorted `terms` whose term is not below `term`. */
export function lowerBound(terms: readonly string[], term: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function shardOf(state: ShardedState, termIndex: number): number {
  let lo = 0;
  let hi = state.shardStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (state.shardStarts[mid]! <= termIndex) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Levenshtein distance of a and b when at most `max`, else max + 1 (rows stop early). */
function editDistance(a: string, b: string, max: number, row: Int32Array): number {
  const n = b.length;
  for (let j = 0; j <= n; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const above = row[j]!;
      const value = Math.min(above + 1, row[j - 1]! + 1, diagonal + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      diagonal = above;
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
  }
  return row[n]!;
}

/** A query term's derived terms and weights in one pass, as MiniSearch weighs them (prefix 0.375, fuzzy 0.45, by distance). */
interface Derived {
  term: string;
  index: number;
  weight: number;
}

function derive(state: ShardedState, term: string, prefix: boolean, distance: number | false): Derived[] {
  const { terms } = state;
  const out: Derived[] = [];
  const at = lowerBound(terms, term);
  if (terms[at] === term) out.push({ term, index: at, weight: 1 });
  const prefixed = new Set<string>();
  if (prefix) {
    for (let i = at; i < terms.length && terms[i]!.startsWith(term); i++) {
      const derived = terms[i]!;
      if (derived === term) continue;
      prefixed.add(derived);
      const gap = derived.length - term.length;
      out.push({ term: derived, index: i, weight: (0.375 * derived.length) / (derived.length + 0.3 * gap) });
    }
  }
  if (distance) {
    const row = new Int32Array(term.length + distance + 2);
    for (let i = 0; i < terms.length; i++) {
      const candidate = terms[i]!;
      if (Math.abs(candidate.length - term.length) > distance || candidate === term || prefixed.has(candidate)) continue;
      const d = editDistance(candidate, term, distance, row);
      if (d <= distance) out.push({ term: candidate, index: i, weight: (0.45 * candidate.length) / (candidate.length + d) });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Scoring: MiniSearch's BM25+ (k 1.2, b 0.7, d 0.5) and its AND/OR combination, on typed arrays.

const bm25 = { k: 1.2, b: 0.7, d: 0.5 };

interface QueryState {
  postings: Map<string, FieldPostings[]>;
}

/** A hit whose matched terms (for highlights and the whole-title check) are found only when read. */
class LazyHit {
  private found: Record<string, string[]> | null = null;
  constructor(
    readonly id: number,
    public score: number,
    private readonly derived: readonly Derived[][],
    private readonly query: QueryState,
    private readonly state: ShardedState,
  ) {}

  get match(): Record<string, string[]> {
    if (this.found) return this.found;
    const match: Record<string, string[]> = {};
    for (const list of this.derived) {
      for (const { term } of list) {
        const postings = this.query.postings.get(term);
        if (!postings) continue;
        for (const [name, fieldId] of this.state.fields) {
          const field = postings.find((p) => p.field === fieldId);
          if (!field || !contains(field.ids, this.id)) continue;
          const fields = match[term];
          if (fields) fields.push(name);
          else match[term] = [name];
        }
      }
    }
    this.found = match;
    return match;
  }

  get terms(): string[] {
    return Object.keys(this.match);
  }
}

function contains(ids: Int32Array, id: number): boolean {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = ids[mid]!;
    if (value === id) return true;
    if (value < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function runPass(state: ShardedState, query: QueryState, terms: readonly string[], derived: Derived[][], combineWith: "AND" | "OR"): Hit[] {
  const n = state.slots;
  const documents = state.documentCount;
  const total = new Float64Array(n);
  const matchedTerms = new Uint8Array(n);
  const perTerm = new Float64Array(n);
  const touched = new Int32Array(n);
  derived.forEach((list, q) => {
    perTerm.fill(0);
    let touchedCount = 0;
    for (const { term, weight } of list) {
      const postings = query.postings.get(term);
      if (!postings) continue;
      for (const [, fieldId, boost] of state.fields) {
        const field = postings.find((p) => p.field === fieldId);
        if (!field) continue;
        const matching = field.ids.length;
        const idf = Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
        const average = state.averageFieldLength[fieldId]!;
        for (let i = 0; i < matching; i++) {
          const id = field.ids[i]!;
          const tf = field.tfs[i]!;
          const length = state.fieldLength[id * state.fieldCount + fieldId]!;
          const score = weight * boost * idf * (bm25.d + (tf * (bm25.k + 1)) / (tf + bm25.k * (1 - bm25.b + (bm25.b * length) / average)));
          if (perTerm[id] === 0) touched[touchedCount++] = id;
          perTerm[id] = perTerm[id]! + score;
        }
      }
    }
    for (let i = 0; i < touchedCount; i++) {
      const id = touched[i]!;
      // AND keeps the documents every earlier term matched too.
      if (combineWith === "AND" && matchedTerms[id] !== q) continue;
      total[id] = total[id]! + perTerm[id]!;
      matchedTerms[id] = matchedTerms[id]! + 1;
    }
  });
  const hits: Hit[] = [];
  const need = combineWith === "AND" ? terms.length : 1;
  for (let id = 0; id < n; id++) {
    const count = matchedTerms[id]!;
    if (count < need) continue;
    // MiniSearch multiplies by the number of query terms a document matched.
    hits.push(new LazyHit(id, total[id]! * count, derived, query, state) as unknown as Hit);
  }
  // In position order, not sorted: rankHits takes the best from a heap (equal scores by
  // position, as MiniSearch's order has them), far fewer than all.
  return hits;
}

/** Adds the postings of the derived terms to the query's map, reading the shards they live in. */
async function addPostings(state: ShardedState, query: QueryState, derived: readonly Derived[][]): Promise<void> {
  const byShard = new Map<number, string[]>();
  for (const list of derived) {
    for (const { term, index } of list) {
      if (query.postings.has(term)) continue;
      const n = shardOf(state, index);
      if (!byShard.has(n)) byShard.set(n, []);
      byShard.get(n)!.push(term);
    }
  }
  const loaded = await Promise.all([...byShard.keys()].map(async (n) => [n, await state.shards.get(n)] as const));
  for (const [n, shard] of loaded) {
    for (const term of byShard.get(n)!) {
      const postings = shard.get(term);
      if (postings) query.postings.set(term, postings);
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
  const plan = queryPlan(terms);
  const query: QueryState = { postings: new Map() };
  const titleField = state.fields.find(([name]) => name === "title")![1];
  const derivedFor = (withTypos: boolean) =>
    terms.map((term, i) => derive(state, term, plan.prefix(term, i, terms), withTypos ? fuzziness(term) : false));
  const exactTerms = derivedFor(false);
  let typoTerms: Derived[][] | null = null;
  let exactPass: Hit[] | null = null;
  if (terms.length) {
    await addPostings(state, query, exactTerms);
    exactPass = runPass(state, query, terms, exactTerms, "AND");
    if (exactPass.length < fuzzyBelow) {
      typoTerms = derivedFor(true);
      await addPostings(state, query, typoTerms);
    }
  }
  const titleMarks = new Map<string, Uint8Array | null>();
  const ranked = rankHits(
    {
      run: (_text, searchOptions: SearchOptions) => {
        if (!searchOptions.fuzzy && exactPass) return exactPass;
        return runPass(state, query, terms, typoTerms ?? exactTerms, searchOptions.combineWith === "OR" ? "OR" : "AND");
      },
      kind: (hit) => state.kinds[hit.id as number],
      version: (hit) => state.versions[hit.id as number] ?? "",
      title: (hit) => state.titles[hit.id as number]!,
      date: (hit) => state.dates[hit.id as number]!,
      titleHas: (hit, term) => {
        // Asked for most hits of a common word: a mark per position, made once per term.
        let marks = titleMarks.get(term);
        if (marks === undefined) {
          const title = query.postings.get(term)?.find((postings) => postings.field === titleField);
          marks = title ? new Uint8Array(state.slots) : null;
          if (title && marks) for (const id of title.ids) marks[id] = 1;
          titleMarks.set(term, marks);
        }
        return marks !== null && marks[hit.id as number] === 1;
      },
    },
    rawQuery,
    { ...options, limit: clampLimit(options.limit) },
  );
  const { selected, ...outcome } = ranked;
  const chunks = new Map<number, StoreChunk>();
  await Promise.all(
    [...new Set(selected.map((hit) => Math.floor((hit.id as number) / state.storeChunk)))].map(async (n) => {
      chunks.set(n, await state.store.get(n));
    }),
  );
  const row = (hit: Hit): StoreRow => {
    const { text, starts } = chunks.get(Math.floor((hit.id as number) / state.storeChunk))!;
    const line = (hit.id as number) % state.storeChunk;
    const end = line + 1 < starts.length ? starts[line + 1]! - 1 : text.length;
    try {
      return JSON.parse(text.slice(starts[line], end)) as StoreRow;
    } catch {
      throw new SearchIndexError(`search index: store row ${String(hit.id)} unreadable`, "corrupt");
    }
  };
  const rows = new Map(selected.map((hit) => [hit, row(hit)]));
  const results = toResults(selected, (hit): Stored => {
    const id = hit.id as number;
    const [externalId, url, section, summary, text] = rows.get(hit)!;
    return [
      state.kinds[id]!,
      state.titles[id]!,
      url || externalId,
      section,
      state.dates[id] || "",
      summary,
      text,
      state.versions[id] ?? "",
    ];
  });
  // The result ids are the documents' own, not their positions.
  for (const [i, hit] of selected.entries()) results[i]!.id = rows.get(hit)![0];
  return { ...outcome, results };
}
