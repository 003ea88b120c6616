// Builds and updates the split search index (shards.ts, docs/decisions/019-search-at-scale.md)
// without a whole MiniSearch in memory: documents are tokenised one at a time exactly as
// MiniSearch does (engine.ts's fields, tokenizer and processTerm; its field-length statistics),
// postings are kept as delta-coded varints per term and field, store chunks are handed out as
// they fill. At the scale set this peaks at a fraction of an isolate's 128 MB where one
// MiniSearch over every document needed several times that.
//
// An incremental update rewrites only the parts a few changed documents touch: it compares each
// document's hash with the directory part `d`, patches the term shards that hold their terms
// (every shard is read, only the changed ones written), the store chunks of their positions
// and the base. Positions stay stable: a removed document leaves an empty position, an added
// one takes a new position at the end. Scores then equal a full build over the documents in
// the index's order; the next full build puts them in content order again.
import { isSearchKind, type SearchDocument, searchKinds } from "./documents";
import { indexVersion, miniSearchOptions, SearchIndexError, truncateText, versionTag } from "./engine";
import { type Base, lowerBound, type PartReader, type ShardedMeta, type ShardRow, shardedFormat, type StoreRow } from "./shards";

const defaultShardChars = 200_000;
const defaultStoreChunk = 128;
export const defaultSnippetSourceChars = 1_000;

export interface ShardOptions {
  builtAt: Date | string;
  snippetSourceChars?: number;
  /** About this many characters of postings per shard. */
  shardChars?: number;
  /** Documents per store chunk. */
  storeChunk?: number;
}

/** A built index: the base and the numbered parts, each one stored value. */
export interface ShardedBuild {
  meta: ShardedMeta;
  base: string;
  /** `t<n>`: term shard n; `s<n>`: store chunk n; `d`: the document directory (updates only). */
  parts: Map<string, string>;
}

const isoString = (at: Date | string) => (typeof at === "string" ? at : at.toISOString());

// ---------------------------------------------------------------------------------------------
// Tokenising, as MiniSearch's `add` does it

const analysisOptions = miniSearchOptions(defaultSnippetSourceChars);
const fieldNames = analysisOptions.fields;
const fieldIds: Record<string, number> = Object.fromEntries(fieldNames.map((name, i) => [name, i]));
const fieldCount = fieldNames.length;

/** A document's terms (frequency per field) and field lengths, as MiniSearch counts them. */
interface Analysis {
  /** term → frequency in each field (0: absent). */
  terms: Map<string, Int32Array>;
  /** Distinct raw tokens per field; 0 when the field is absent (a present field has at least one). */
  lengths: number[];
}

function analyse(doc: SearchDocument): Analysis {
  const { extractField, tokenize, processTerm } = analysisOptions;
  const terms = new Map<string, Int32Array>();
  const lengths = new Array<number>(fieldCount).fill(0);
  const source = { ...doc, body: typeof doc.body === "string" ? doc.body : "" };
  for (const [fieldId, field] of fieldNames.entries()) {
    const value = extractField!(source, field);
    if (value == null) continue;
    const tokens = tokenize!(String(value), field);
    lengths[fieldId] = new Set(tokens).size;
    for (const token of tokens) {
      const term = processTerm!(token, field);
      if (typeof term !== "string" || !term) continue;
      let frequencies = terms.get(term);
      if (!frequencies) {
        frequencies = new Int32Array(fieldCount);
        terms.set(term, frequencies);
      }
      frequencies[fieldId]! += 1;
    }
  }
  return { terms, lengths };
}

/** MiniSearch's running average of a field's length: over documents so far, a document without the field counted but adding nothing. */
function averageFieldLengths(fieldLength: readonly number[], live: (position: number) => boolean): number[] {
  // Holes (not 0) for a field no document has, as MiniSearch's JSON has them (null).
  const average = new Array<number>(fieldCount);
  let count = 0;
  for (let position = 0; position * fieldCount < fieldLength.length; position++) {
    if (!live(position)) continue;
    for (let f = 0; f < fieldCount; f++) {
      const length = fieldLength[position * fieldCount + f]!;
      if (length > 0) average[f] = ((average[f] || 0) * count + length) / (count + 1);
    }
    count++;
  }
  return average;
}

const validDocument = (doc: SearchDocument | null | undefined): doc is SearchDocument =>
  Boolean(doc && isSearchKind(doc.kind) && doc.id && doc.title && doc.url);

/** 53-bit hash of what the index holds of a document: an update finds changed documents by it. */
function documentHash(doc: SearchDocument): string {
  const text = [
    doc.kind,
    doc.title,
    doc.headings ?? "",
    doc.description ?? "",
    typeof doc.body === "string" ? doc.body : "",
    doc.url,
    doc.section ?? "",
    doc.date ?? "",
    versionTag(doc.version),
  ].join("\u0000");
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function storeRow(doc: SearchDocument, snippetSourceChars: number): string {
  const row: StoreRow = [
    doc.id,
    doc.url === doc.id ? "" : doc.url,
    doc.section || "",
    truncateText(doc.description ?? "", 300),
    truncateText(typeof doc.body === "string" ? doc.body : "", snippetSourceChars),
  ];
  return JSON.stringify(row);
}

/** An emptied position's store row and directory line. */
const emptyRow = "[]";

// ---------------------------------------------------------------------------------------------
// Postings: per term and field, (position gap, frequency) pairs as unsigned varints.

class PostingList {
  bytes = new Uint8Array(4);
  length = 0;
  last = 0;
  count = 0;

  push(position: number, frequency: number): void {
    this.varint(position - this.last);
    this.varint(frequency);
    this.last = position;
    this.count++;
  }

  private varint(value: number): void {
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    let v = value;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }

  /** The stored form: gaps and frequencies, comma-separated. */
  decoded(): string {
    const out = new Array<number>(this.count * 2);
    let at = 0;
    for (let i = 0; i < out.length; i++) {
      let value = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = this.bytes[at++]!;
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
      } while (byte & 0x80);
      out[i] = value;
    }
    return out.join(",");
  }
}

/** The shard size measure of the first builds (characters of postings, about): shards cut where they did. */
const rowSize = (term: string, listLengths: readonly number[]) => term.length + listLengths.reduce((sum, n) => sum + n * 3, 0);

// ---------------------------------------------------------------------------------------------
// Full build

/**
 * Builds the parts from documents given one at a time. Invalid documents and repeated ids are
 * skipped as by buildIndex; positions are the kept documents' order. `add` returns the store
 * chunks it completed (write them and let them go); `finish` yields the term shards one at a
 * time, then the rest.
 */
class ShardedIndexBuilder {
  private readonly postings = new Map<string, (PostingList | undefined)[]>();
  private readonly seen = new Set<string>();
  private readonly fieldLength: number[] = [];
  private readonly average = new Array<number>(fieldCount);
  private readonly kinds: string[] = [];
  private readonly titles: string[] = [];
  private readonly dates: string[] = [];
  private readonly versions: Record<number, string> = {};
  private readonly directory: string[] = [];
  private rows: string[] = [];
  private chunks = 0;
  readonly snippetSourceChars: number;
  readonly shardChars: number;
  readonly storeChunk: number;

  constructor(private readonly options: ShardOptions) {
    this.snippetSourceChars = options.snippetSourceChars ?? defaultSnippetSourceChars;
    this.shardChars = options.shardChars ?? defaultShardChars;
    this.storeChunk = options.storeChunk ?? defaultStoreChunk;
  }

  get documentCount(): number {
    return this.kinds.length;
  }

  add(doc: SearchDocument): [name: string, value: string][] {
    if (!validDocument(doc) || this.seen.has(doc.id)) return [];
    this.seen.add(doc.id);
    const position = this.kinds.length;
    const { terms, lengths } = analyse(doc);
    for (const [f, length] of lengths.entries()) {
      this.fieldLength.push(length);
      // MiniSearch's addFieldLength, with the documents before this one as the count.
      if (length > 0) this.average[f] = ((this.average[f] || 0) * position + length) / (position + 1);
    }
    for (const [term, frequencies] of terms) {
      let lists = this.postings.get(term);
      if (!lists) {
        lists = new Array<PostingList | undefined>(fieldCount);
        this.postings.set(term, lists);
      }
      for (let f = 0; f < fieldCount; f++) {
        const frequency = frequencies[f]!;
        if (!frequency) continue;
        let list = lists[f];
        if (!list) {
          list = new PostingList();
          lists[f] = list;
        }
        list.push(position, frequency);
      }
    }
    this.kinds.push(String(searchKinds.indexOf(doc.kind)));
    this.titles.push(doc.title);
    this.dates.push(doc.date || "");
    if (doc.version) this.versions[position] = versionTag(doc.version);
    this.directory.push(directoryLine(documentHash(doc), doc));
    this.rows.push(storeRow(doc, this.snippetSourceChars));
    return this.rows.length >= this.storeChunk ? [this.flushChunk()] : [];
  }

  private flushChunk(): [string, string] {
    // One JSON row a line: a query parses only the rows it shows, not the whole chunk.
    const part: [string, string] = [`s${this.chunks++}`, this.rows.join("\n")];
    this.rows = [];
    return part;
  }

  /** The remaining parts (term shards first, one at a time: each is dropped once yielded), then the base. */
  *finish(): Generator<[name: string, value: string], ShardedBuild["meta"] & { base: string }> {
    if (this.rows.length) yield this.flushChunk();
    yield ["d", this.directory.join("\n")];
    const terms = [...this.postings.keys()].sort();
    const shardStarts: number[] = [];
    let shard: string[] = [];
    let size = 0;
    let shardCount = 0;
    for (const [i, term] of terms.entries()) {
      const lists = this.postings.get(term)!;
      this.postings.delete(term);
      const encoded: string[] = [];
      const lengths: number[] = [];
      for (let f = 0; f < fieldCount; f++) {
        const list = lists[f];
        if (!list) continue;
        encoded.push(`[${f},${list.decoded()}]`);
        lengths.push(1 + 2 * list.count);
      }
      if (!shard.length) shardStarts.push(i);
      shard.push(`[${JSON.stringify(term)},[${encoded.join(",")}]]`);
      size += rowSize(term, lengths);
      if (size >= this.shardChars) {
        yield [`t${shardCount++}`, `[${shard.join(",")}]`];
        shard = [];
        size = 0;
      }
    }
    if (shard.length) yield [`t${shardCount++}`, `[${shard.join(",")}]`];
    const meta: ShardedMeta = {
      version: indexVersion,
      format: shardedFormat,
      builtAt: isoString(this.options.builtAt),
      documentCount: this.kinds.length,
      snippetSourceChars: this.snippetSourceChars,
      shardCount,
      storeChunks: this.chunks,
    };
    const base: Base = {
      ...meta,
      fieldIds,
      averageFieldLength: this.average,
      fieldLength: this.fieldLength,
      kinds: this.kinds.join(""),
      titles: this.titles,
      dates: this.dates,
      versions: this.versions,
      terms: terms.join("\n"),
      shardStarts,
      storeChunk: this.storeChunk,
      revision: 0,
      partNames: {},
    };
    return { ...meta, base: JSON.stringify(base) };
  }
}

/** Builds the parts of these documents in memory (tests, the benchmark, small indexes). */
export function buildShardedIndex(docs: Iterable<SearchDocument>, options: ShardOptions): ShardedBuild {
  const builder = new ShardedIndexBuilder(options);
  const parts = new Map<string, string>();
  for (const doc of docs) for (const [name, value] of builder.add(doc)) parts.set(name, value);
  const finishing = builder.finish();
  for (let step = finishing.next(); ; step = finishing.next()) {
    if (step.done) {
      const { base, ...meta } = step.value;
      return { meta, base, parts };
    }
    parts.set(step.value[0], step.value[1]);
  }
}

/** Writes a part (KV in the worker): awaited in batches, so at most `concurrency` are pending. */
export type PartWriter = (name: string, value: string) => Promise<void>;

/**
 * Builds the parts of documents read one at a time (an async generator can fetch them in pages)
 * and writes each part as soon as it is complete, `concurrency` writes at a time; the base is
 * returned, not written (the caller stores it last).
 */
export async function writeShardedIndex(
  docs: AsyncIterable<SearchDocument> | Iterable<SearchDocument>,
  write: PartWriter,
  options: ShardOptions & { concurrency?: number },
): Promise<{ meta: ShardedMeta; base: string }> {
  const builder = new ShardedIndexBuilder(options);
  const concurrency = options.concurrency ?? 32;
  let pending: Promise<void>[] = [];
  const put = async (name: string, value: string) => {
    pending.push(write(name, value));
    if (pending.length >= concurrency) {
      const batch = pending;
      pending = [];
      await Promise.all(batch);
    }
  };
  for await (const doc of docs) for (const [name, value] of builder.add(doc)) await put(name, value);
  const finishing = builder.finish();
  for (let step = finishing.next(); ; step = finishing.next()) {
    if (step.done) {
      await Promise.all(pending);
      const { base, ...meta } = step.value;
      return { meta, base };
    }
    await put(step.value[0], step.value[1]);
  }
}

// ---------------------------------------------------------------------------------------------
// Incremental update

export interface UpdateOptions {
  builtAt: Date | string;
  /** Reads the current index's parts by their stored names. */
  read: PartReader;
  /** Writes a new part (stored name). */
  write: PartWriter;
  /** More changed, added and removed documents than this: no update (null), build anew. */
  maxChanges?: number;
  /** Emptied positions beyond this share of all: no update, build anew (which compacts them). */
  maxEmptyShare?: number;
  /** Shards read at a time. */
  concurrency?: number;
  /**
   * The documents given are only those of these items (`<collection>:<id>`) and of the items
   * they name: the index's other documents stay as they are, these items' others are removed.
   * None: the documents given are all of them.
   */
  items?: ReadonlySet<string>;
}

export interface ShardedUpdate {
  meta: ShardedMeta;
  /** Names this revision's parts (`t3.<tag>`): the caller stores the base under it too. */
  tag: string;
  /** The new base; null when no document changed (nothing was written). */
  base: string | null;
  changed: number;
  added: number;
  removed: number;
  /** Stored names of the parts written (the base not included). */
  written: string[];
}

interface Incoming {
  position: number;
  analysis: Analysis;
}

/** Decodes a stored posting list ([field, gap, frequency, …]) into positions and frequencies. */
function decodeList(list: readonly number[]): { positions: number[]; frequencies: number[] } {
  const positions: number[] = [];
  const frequencies: number[] = [];
  let position = 0;
  for (let i = 1; i + 1 < list.length; i += 2) {
    position += list[i]!;
    positions.push(position);
    frequencies.push(list[i + 1]!);
  }
  return { positions, frequencies };
}

function encodeList(field: number, pairs: readonly (readonly [number, number])[]): number[] {
  const list = [field];
  let previous = 0;
  for (const [position, frequency] of pairs) {
    list.push(position - previous, frequency);
    previous = position;
  }
  return list;
}

/** The stored base, or null when it is of another version or format (build anew). */
function parseBase(baseText: string): Base | null {
  let base: Base;
  try {
    base = JSON.parse(baseText) as Base;
  } catch {
    throw new SearchIndexError("search index: unreadable base", "corrupt");
  }
  return base?.version !== indexVersion || base.format !== shardedFormat ? null : base;
}

/**
 * The index's parts by their names (`t3`), read under their stored names; written under this
 * revision's names, which the base's `partNames` then maps to.
 */
class RevisionParts {
  readonly partNames: Record<string, string>;
  readonly written: string[] = [];
  tag = "";

  constructor(
    base: Base,
    private readonly options: Pick<UpdateOptions, "read" | "write">,
  ) {
    this.partNames = { ...(base.partNames ?? {}) };
  }

  async read(name: string): Promise<string> {
    const text = await this.options.read(this.partNames[name] ?? name);
    if (text == null) throw new SearchIndexError(`search index: part ${name} missing`, "corrupt");
    return text;
  }

  async write(name: string, value: string): Promise<void> {
    const stored = `${name}.${this.tag}`;
    await this.options.write(stored, value);
    this.partNames[name] = stored;
    this.written.push(stored);
  }
}

/**
 * The directory part: one line per position, `<hash>\t<id>\t<item>` (the item empty when the
 * document has none; the line empty for an emptied position). Returns each id's position and,
 * per item, its documents' positions; `itemsKnown` is false for a directory written before
 * lines named their item (no update of some items' documents then).
 */
function readDirectory(lines: string[]): { positionOf: Map<string, number>; itemsKnown: boolean } {
  const positionOf = new Map<string, number>();
  let itemsKnown = true;
  for (const [position, line] of lines.entries()) {
    const tab = line.indexOf("\t");
    if (tab <= 0) continue;
    const second = line.indexOf("\t", tab + 1);
    if (second < 0) itemsKnown = false;
    positionOf.set(line.slice(tab + 1, second < 0 ? undefined : second), position);
  }
  return { positionOf, itemsKnown };
}

/** The item a directory line names ("" for none or an emptied position). */
function itemOfLine(line: string): string {
  const tab = line.indexOf("\t");
  const second = tab < 0 ? -1 : line.indexOf("\t", tab + 1);
  return second < 0 ? "" : line.slice(second + 1);
}

/** A document's directory line: an update compares it whole, so a document now of another item is rewritten too. */
const directoryLine = (hash: string, doc: SearchDocument): string => `${hash}\t${doc.id}\t${doc.item ?? ""}`;

interface DocumentChanges {
  changed: [position: number, doc: SearchDocument, hash: string][];
  added: [doc: SearchDocument, hash: string][];
  removed: number[];
}

/**
 * The documents now against the directory, by id and directory line; null as soon as more than
 * `maxChanges` changed or were added (a full build is cheaper then). With `items`, the documents
 * are those of these items (and of the items they name) alone: only those items' other documents
 * in the index are removed.
 */
async function diffDocuments(
  docs: AsyncIterable<SearchDocument> | Iterable<SearchDocument>,
  directory: readonly string[],
  positionOf: ReadonlyMap<string, number>,
  maxChanges: number,
  items?: ReadonlySet<string>,
): Promise<DocumentChanges | null> {
  const seen = new Set<string>();
  const covered = new Set(items);
  const changed: DocumentChanges["changed"] = [];
  const added: DocumentChanges["added"] = [];
  for await (const doc of docs) {
    if (!validDocument(doc) || seen.has(doc.id)) continue;
    seen.add(doc.id);
    if (doc.item) covered.add(doc.item);
    const hash = documentHash(doc);
    const position = positionOf.get(doc.id);
    if (position === undefined) added.push([doc, hash]);
    else if (directory[position] !== directoryLine(hash, doc)) changed.push([position, doc, hash]);
    if (changed.length + added.length > maxChanges) return null;
  }
  const gone = ([id, position]: [string, number]) => !seen.has(id) && (!items || covered.has(itemOfLine(directory[position]!)));
  const removed = [...positionOf].filter(gone).map(([, position]) => position);
  return { changed, added, removed };
}

/** The base's per-position arrays after the changes, the store rows to write and the documents to index. */
interface PlacedDocuments {
  kinds: string[];
  titles: string[];
  dates: string[];
  versions: Record<number, string>;
  fieldLength: number[];
  rows: Map<number, string>;
  incoming: Incoming[];
  newSlots: number;
}

/** Changed documents in place, removed ones emptied, added ones appended (the directory too). */
function placeDocuments(base: Base, directory: string[], changes: DocumentChanges): PlacedDocuments {
  const slots = base.kinds.length;
  const kinds = base.kinds.split("");
  const { titles, dates, fieldLength } = base;
  const versions = { ...base.versions };
  const incoming: Incoming[] = [];
  const rows = new Map<number, string>();
  const place = (position: number, doc: SearchDocument | null, hash: string) => {
    const analysis = doc ? analyse(doc) : null;
    kinds[position] = doc ? String(searchKinds.indexOf(doc.kind)) : "-";
    titles[position] = doc?.title ?? "";
    dates[position] = doc ? doc.date || "" : "";
    if (doc?.version) versions[position] = versionTag(doc.version);
    else delete versions[position];
    directory[position] = doc ? directoryLine(hash, doc) : "";
    rows.set(position, doc ? storeRow(doc, base.snippetSourceChars) : emptyRow);
    for (let f = 0; f < fieldCount; f++) fieldLength[position * fieldCount + f] = analysis?.lengths[f] ?? 0;
    if (analysis) incoming.push({ position, analysis });
  };
  for (const [position, doc, hash] of changes.changed) place(position, doc, hash);
  for (const position of changes.removed) place(position, null, "");
  for (const [i, [doc, hash]] of changes.added.entries()) place(slots + i, doc, hash);
  return { kinds, titles, dates, versions, fieldLength, rows, incoming, newSlots: slots + changes.added.length };
}

type IncomingPostings = Map<string, [field: number, position: number, frequency: number][]>;

/** The incoming documents' postings by term. */
function postingsOf(incoming: readonly Incoming[]): IncomingPostings {
  const additions: IncomingPostings = new Map();
  for (const { position, analysis } of incoming) {
    for (const [term, frequencies] of analysis.terms) {
      let list = additions.get(term);
      if (!list) {
        list = [];
        additions.set(term, list);
      }
      for (let f = 0; f < fieldCount; f++) if (frequencies[f]) list.push([f, position, frequencies[f]!]);
    }
  }
  return additions;
}

/**
 * For each shard, the end (exclusive) of its range of the sorted added terms: a term goes to
 * the last shard whose first term is not after it (shard 0 for one before all), so shard n takes
 * the added terms before the first term of the next shard that has one.
 */
function addedTermRanges(base: Base, addedTerms: readonly string[]): number[] {
  const oldTerms = base.terms ? base.terms.split("\n") : [];
  const firstTerm = (n: number) => (base.shardStarts[n]! < oldTerms.length ? oldTerms[base.shardStarts[n]!]! : null);
  const rangeEnds = new Array<number>(base.shardCount);
  let bound: string | null = null;
  for (let n = base.shardCount - 1; n >= 0; n--) {
    rangeEnds[n] = bound === null ? addedTerms.length : lowerBound(addedTerms, bound);
    bound = firstTerm(n) ?? bound;
  }
  return rangeEnds;
}

/**
 * One term shard's rows with the dropped positions' postings taken out and the newcomers' (its
 * range of the added terms) merged in; `touched` when any row changed.
 */
function patchShardRows(
  rowsIn: readonly ShardRow[],
  newcomers: readonly string[],
  additions: IncomingPostings,
  dropped: ReadonlySet<number>,
): { rows: ShardRow[]; touched: boolean } {
  const rows: ShardRow[] = [];
  let touched = false;
  let i = 0;
  let j = 0;
  while (i < rowsIn.length || j < newcomers.length) {
    const existing = rowsIn[i];
    const term = j < newcomers.length && (!existing || newcomers[j]! < existing[0]) ? newcomers[j++]! : existing![0];
    let postings: number[][] = [];
    if (existing && existing[0] === term) {
      postings = existing[1];
      i++;
      if (newcomers[j] === term) j++;
    }
    const incomingPostings = additions.get(term);
    // Most terms hold none of the changed positions: kept as read.
    if (!incomingPostings && !holdsAny(postings, dropped)) {
      rows.push([term, postings]);
      continue;
    }
    const merged = mergePostings(postings, incomingPostings, dropped);
    if (merged.length) rows.push([term, merged]);
    touched = true;
  }
  return { rows, touched };
}

/**
 * Term shards: every one is read (a document's old terms are not kept anywhere else), the
 * postings of the changed positions dropped, the new ones merged in, and a shard written only
 * when it differs. Returns each shard's terms, in order.
 */
async function rewriteTermShards(
  base: Base,
  parts: RevisionParts,
  additions: IncomingPostings,
  dropped: ReadonlySet<number>,
  concurrency: number,
): Promise<string[][]> {
  const addedTerms = [...additions.keys()].sort();
  const rangeEnds = addedTermRanges(base, addedTerms);
  const termsOf: string[][] = new Array(base.shardCount);
  for (let from = 0; from < base.shardCount; from += concurrency) {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, base.shardCount - from) }, async (_, k) => {
        const n = from + k;
        const text = await parts.read(`t${n}`);
        const newcomers = addedTerms.slice(n === 0 ? 0 : rangeEnds[n - 1]!, rangeEnds[n]!);
        const { rows, touched } = patchShardRows(JSON.parse(text) as ShardRow[], newcomers, additions, dropped);
        termsOf[n] = rows.map(([term]) => term);
        if (!touched) return;
        const value = JSON.stringify(rows);
        if (value !== text) await parts.write(`t${n}`, value);
      }),
    );
  }
  return termsOf;
}

/** Store chunks of the positions that changed; returns how many chunks the index has now. */
async function rewriteStoreChunks(base: Base, parts: RevisionParts, rows: ReadonlyMap<number, string>, newSlots: number): Promise<number> {
  const touchedChunks = [...new Set([...rows.keys()].map((position) => Math.floor(position / base.storeChunk)))].sort((a, b) => a - b);
  for (const c of touchedChunks) {
    const lines = c < base.storeChunks ? (await parts.read(`s${c}`)).split("\n") : [];
    for (let position = c * base.storeChunk; position < Math.min(newSlots, (c + 1) * base.storeChunk); position++) {
      const row = rows.get(position);
      if (row !== undefined) lines[position - c * base.storeChunk] = row;
    }
    await parts.write(`s${c}`, lines.join("\n"));
  }
  return Math.ceil(newSlots / base.storeChunk);
}

/**
 * Applies the difference between the documents now and the index's directory: returns null
 * when the difference is too large for an update (build anew), else writes the changed parts
 * under new stored names (`t3.<revision tag>`) and returns the new base, which the caller stores
 * and points to last. Documents are compared by a hash of what the index holds of them.
 */
export async function updateShardedIndex(
  baseText: string,
  docs: AsyncIterable<SearchDocument> | Iterable<SearchDocument>,
  options: UpdateOptions,
): Promise<ShardedUpdate | null> {
  const base = parseBase(baseText);
  if (!base) return null;
  const parts = new RevisionParts(base, options);
  const directory = (await parts.read("d")).split("\n");
  const { positionOf, itemsKnown } = readDirectory(directory);
  // A directory that does not say which item each document is of cannot tell an item's old documents.
  if (options.items && !itemsKnown) return null;
  const slots = base.kinds.length;
  const maxChanges = options.maxChanges ?? Math.max(8, Math.min(200, Math.floor(base.documentCount / 50)));

  const changes = await diffDocuments(docs, directory, positionOf, maxChanges, options.items);
  if (!changes) return null;
  const total = changes.changed.length + changes.added.length + changes.removed.length;
  const meta = (documentCount: number, storeChunks: number): ShardedMeta => ({
    version: indexVersion,
    format: shardedFormat,
    builtAt: isoString(options.builtAt),
    documentCount,
    snippetSourceChars: base.snippetSourceChars,
    shardCount: base.shardCount,
    storeChunks,
  });
  if (total === 0)
    return { meta: meta(base.documentCount, base.storeChunks), tag: "", base: null, changed: 0, added: 0, removed: 0, written: [] };
  if (total > maxChanges) return null;
  const emptied = slots - base.documentCount + changes.removed.length;
  if (emptied > (options.maxEmptyShare ?? 0.1) * (slots + changes.added.length)) return null;

  const revision = (base.revision ?? 0) + 1;
  // The revision and its time: two updates of the same index at once never write the same names.
  parts.tag = `${revision}-${Date.parse(isoString(options.builtAt)).toString(36)}`;

  const placed = placeDocuments(base, directory, changes);
  const dropped = new Set([...changes.changed.map(([position]) => position), ...changes.removed]);
  const termsOf = await rewriteTermShards(base, parts, postingsOf(placed.incoming), dropped, options.concurrency ?? 8);
  const shardStarts: number[] = [];
  let count = 0;
  for (const terms of termsOf) {
    shardStarts.push(count);
    count += terms.length;
  }
  const storeChunks = await rewriteStoreChunks(base, parts, placed.rows, placed.newSlots);
  await parts.write("d", directory.join("\n"));

  const documentCount = placed.kinds.filter((kind) => kind !== "-").length;
  const updatedMeta = { ...meta(documentCount, storeChunks) };
  const next: Base = {
    ...updatedMeta,
    fieldIds: base.fieldIds,
    averageFieldLength: averageFieldLengths(placed.fieldLength, (position) => placed.kinds[position] !== "-"),
    fieldLength: placed.fieldLength,
    kinds: placed.kinds.join(""),
    titles: placed.titles,
    dates: placed.dates,
    versions: placed.versions,
    terms: termsOf.flat().join("\n"),
    shardStarts,
    storeChunk: base.storeChunk,
    revision,
    partNames: parts.partNames,
  };
  return {
    meta: updatedMeta,
    tag: parts.tag,
    base: JSON.stringify(next),
    changed: changes.changed.length,
    added: changes.added.length,
    removed: changes.removed.length,
    written: parts.written,
  };
}

function holdsAny(postings: readonly number[][], positions: ReadonlySet<number>): boolean {
  if (!positions.size) return false;
  for (const list of postings) {
    let position = 0;
    for (let i = 1; i < list.length; i += 2) {
      position += list[i]!;
      if (positions.has(position)) return true;
    }
  }
  return false;
}

/** A term's stored postings with the dropped positions taken out and the incoming ones merged in, by field and position. */
function mergePostings(
  postings: readonly number[][],
  incoming: readonly [field: number, position: number, frequency: number][] | undefined,
  dropped: ReadonlySet<number>,
): number[][] {
  const byField = new Map<number, [number, number][]>();
  for (const list of postings) {
    const { positions, frequencies } = decodeList(list);
    const kept: [number, number][] = [];
    for (const [i, position] of positions.entries()) if (!dropped.has(position)) kept.push([position, frequencies[i]!]);
    byField.set(list[0]!, kept);
  }
  for (const [field, position, frequency] of incoming ?? []) {
    let list = byField.get(field);
    if (!list) {
      list = [];
      byField.set(field, list);
    }
    list.push([position, frequency]);
  }
  return [...byField]
    .filter(([, pairs]) => pairs.length)
    .sort((a, b) => a[0] - b[0])
    .map(([field, pairs]) =>
      encodeList(
        field,
        pairs.sort((a, b) => a[0] - b[0]),
      ),
    );
}
