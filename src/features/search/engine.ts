// The site's search engine: MiniSearch (BM25 over a radix tree, prefix and edit-distance fuzzy
// matching) with the relevance rules of docs/decisions/006-search-engine.md. Pure: no clock, no
// I/O. The index the site stores is split into parts (shard-build.ts writes them, shards.ts
// searches them); this module holds what both share: terms, options, ranking and snippets.
import type { Options, SearchOptions, SearchResult as MiniSearchResult } from "minisearch";
import { isSearchKind, searchKinds, type SearchDocument, type SearchKind } from "./documents";

/** Bump when tokenising, fields or stored fields change: an index of another version is rebuilt. */
export const indexVersion = 1;
/** Longest query searched, in characters (code points); longer ones are cut and flagged. */
export const maxQueryLength = 200;
/** Query terms beyond this many (after de-duplication) are ignored: bounds the work per query. */
const maxQueryTerms = 12;
const defaultLimit = 10;
export const maxLimit = 50;
/** Characters of text a snippet shows (plus an ellipsis at a cut end). */
const snippetLength = 160;

// ---------------------------------------------------------------------------------------------
// Terms

// Words are runs of letters, marks and digits: `k8s`, `h100` stay whole, `on-demand` is `on` + `demand`.
const word = /[\p{L}\p{M}\p{N}]+/gu;
const separators = /[^\p{L}\p{M}\p{N}]+/u;
const combiningMarks = /\p{Mn}/gu;
const ascii = /^\p{ASCII}*$/u;
// Longer "words" are hashes, keys or base64, never typed into a search box.
const maxTermLength = 64;

/** Lower case, compatibility forms folded (full-width, ligatures), diacritics removed: `Luleå` → `lulea`. */
function normalizeTerm(term: string): string {
  // Most words are ASCII, where Unicode normalisation changes nothing and costs the most.
  if (ascii.test(term)) return term.toLowerCase();
  return term.normalize("NFKD").replace(combiningMarks, "").normalize("NFC").toLowerCase();
}

// Dropped from running text (description, body) to keep the index small: each one is in almost
// every document and ranks nothing. Titles, headings and breadcrumbs keep them, so a title made
// of them stays findable.
const stopWords = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between both " +
    "but by can could did do does doing down during each few for from further had has have he her here him his how i " +
    "if in into is it its just me more most my no nor not of off on once only or other our out over own same she " +
    "should so some such than that the their them then there these they this those through to too under until up " +
    "us very was we were what when where which while who whom why will with would you your"
  ).split(" "),
);
const textFields = new Set(["description", "body"]);

function tokenize(text: string): string[] {
  return text.split(separators);
}

function processTerm(term: string, field?: string): string | null {
  if (!term || term.length > maxTermLength) return null;
  const normalized = normalizeTerm(term);
  if (field && textFields.has(field) && stopWords.has(normalized)) return null;
  return normalized;
}

export interface QueryTerms {
  /** Terms searched, in query order, de-duplicated. */
  terms: string[];
  /** All terms of the query normalised, stop words included: compared with titles. */
  phrase: string;
}

/** The terms a (normalised) query searches for. Stop words count only in a query made of nothing else. */
export function queryTerms(query: string): QueryTerms {
  const all = tokenize(query)
    .map((term) => processTerm(term))
    .filter((term): term is string => Boolean(term));
  const unique = [...new Set(all)];
  const content = unique.filter((term) => !stopWords.has(term));
  return { terms: (content.length ? content : unique).slice(0, maxQueryTerms), phrase: all.join(" ") };
}

// ---------------------------------------------------------------------------------------------
// Query text

export interface NormalizedQuery {
  query: string;
  /** The input was longer than maxQueryLength and was cut (the API may answer 400, the page says so). */
  truncated: boolean;
}

// Control and format characters (bidi overrides, zero-width joiners) and lone surrogates.
const invisible = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}]+/gu;

/** Trims, turns control characters into spaces, collapses whitespace, caps at maxQueryLength. Never throws. */
export function normalizeQuery(raw: unknown): NormalizedQuery {
  if (typeof raw !== "string") return { query: "", truncated: false };
  // Bounded work for huge inputs: nothing past a generous prefix can survive the cap.
  const head = raw.length > maxQueryLength * 8 ? raw.slice(0, maxQueryLength * 8) : raw;
  const cleaned = head.replace(invisible, " ").replace(/\s+/g, " ").trim();
  const points = Array.from(cleaned);
  const cutBefore = head.length < raw.length && /\S/.test(raw.slice(head.length));
  if (points.length <= maxQueryLength) return { query: cleaned, truncated: cutBefore };
  return { query: points.slice(0, maxQueryLength).join("").trim(), truncated: true };
}

export function clampLimit(limit: unknown): number {
  if (typeof limit !== "number" || !Number.isFinite(limit)) return defaultLimit;
  return Math.min(maxLimit, Math.max(1, Math.floor(limit)));
}

// ---------------------------------------------------------------------------------------------
// Index

// Only what a result shows, as one tuple per document: `summary` (the description, capped) and
// `text` (the body's beginning) feed the snippet; absent values are "", and so is `url` when it
// is the id (as docSections makes it). One stored field keeps MiniSearch's per-hit result
// objects small and alike (it copies stored fields into each hit).
export type Stored = [
  kind: SearchKind,
  title: string,
  url: string,
  section: string,
  date: string,
  summary: string,
  text: string,
  version: string,
];
export type Hit = MiniSearchResult & { d: Stored };

export const fieldBoosts = { title: 6, headings: 3, description: 2, body: 1, section: 1 };
const fields = Object.keys(fieldBoosts);

/** Fewer items than this found by the words as typed: search again with typo tolerance. */
export const fuzzyBelow = 3;

/** Max edit distance for a query term: none for short terms and model names (`h100` ≠ `h200`). */
export function fuzziness(term: string): number | false {
  if (term.length < 4 || /\p{N}/u.test(term)) return false;
  return term.length < 8 ? 1 : 2;
}

export function miniSearchOptions(snippetSourceChars: number): Options<SearchDocument> {
  return {
    fields,
    storeFields: ["d"],
    extractField: (document, field) => {
      if (field === "d") {
        const stored: Stored = [
          document.kind,
          document.title,
          document.url === document.id ? "" : document.url,
          document.section || "",
          document.date || "",
          truncateText(document.description ?? "", 300),
          truncateText(document.body, snippetSourceChars),
          versionTag(document.version),
        ];
        return stored;
      }
      const value = (document as unknown as Record<string, unknown>)[field];
      return typeof value === "string" && value ? value : undefined;
    },
    tokenize: (text) => tokenize(text),
    processTerm: (term, field) => processTerm(term, field),
    searchOptions: {
      boost: fieldBoosts,
      // The query is tokenised and filtered by queryTerms already; MiniSearch gets it as plain terms.
      tokenize: (text) => text.split(" "),
      processTerm: (term) => term || null,
    },
  };
}

/** Text cut at a word boundary before `max` characters, with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  if (!text) return "";
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An index that cannot be used: of another version, or unreadable; the caller rebuilds it. */
export class SearchIndexError extends Error {
  constructor(
    message: string,
    readonly reason: "version" | "corrupt",
  ) {
    super(message);
    this.name = "SearchIndexError";
  }
}

// ---------------------------------------------------------------------------------------------
// Search

/** A piece of displayed text; `match` pieces are rendered as `<mark>` by the view (as React text: no HTML). */
export interface Segment {
  text: string;
  match: boolean;
}

export interface SearchResult {
  id: string;
  kind: SearchKind;
  title: Segment[];
  url: string;
  snippet: Segment[];
  section?: string;
  score: number;
  date?: string;
}

export interface SearchOutcome {
  results: SearchResult[];
  /** Matches per kind, whatever `kind` filter was asked (for the tabs). */
  counts: Record<SearchKind, number>;
  /** Matches of the asked kind (all kinds without a filter); `results` holds the first `limit`. */
  total: number;
  /** The query searched, after normalizeQuery. */
  query: string;
  truncated: boolean;
  /** False when no item had every word and items with any of them were returned instead. */
  matchedAllTerms: boolean;
}

export interface QueryOptions {
  kind?: SearchKind;
  /** The API version whose reference pages to find (`v1`); without it, the latest's. */
  version?: string;
  /** 1..50, default 10. */
  limit?: number;
  /** The time to measure post ages from (injected: the engine reads no clock). */
  now: Date | number;
}

const dayMs = 86_400_000;

/**
 * Posts: 1 + 0.25·e^(−age/365): a new post gets +25 %, a year-old one +9 %, undated items 1.
 * Applied to the final score, which equals MiniSearch's `boostDocument` (a per-document factor
 * multiplies every term's contribution) at a cost per hit instead of per posting.
 */
function recencyBoost(kind: unknown, date: string, now: number): number {
  if (kind !== "post" || !date || !Number.isFinite(now)) return 1;
  const time = Date.parse(date);
  return Number.isFinite(time) ? 1 + 0.25 * Math.exp(-Math.max(0, now - time) / dayMs / 365) : 1;
}

function emptyCounts(): Record<SearchKind, number> {
  return Object.fromEntries(searchKinds.map((kind) => [kind, 0])) as Record<SearchKind, number>;
}

/** What ranking reads of an index: its search, and each hit's kind, title and date. */
export interface HitSource {
  /** The hits in any order: ranking orders them by score, equal scores in the order given. */
  run(text: string, options: SearchOptions): Hit[];
  kind(hit: Hit): unknown;
  /** The hit's versionTag. */
  version(hit: Hit): string;
  title(hit: Hit): string;
  date(hit: Hit): string;
  /** Whether the hit's title has the term as itself (not a prefix or typo variant of it). */
  titleHas(hit: Hit, term: string): boolean;
}

/** The terms and MiniSearch options of the three passes a query may take (exact, typos, any word). */
export function queryPlan(terms: readonly string[]) {
  // As you type: the last term may be a word's beginning (from three characters on: shorter ones expand
  // to a large part of the vocabulary, cost the most and rank noise).
  const prefix = (term: string, i: number, all: readonly string[]) => i === all.length - 1 && term.length >= 3;
  const fuzzy = (term: string) => fuzziness(term);
  return {
    text: terms.join(" "),
    exact: { prefix, combineWith: "AND" } satisfies SearchOptions,
    typos: { prefix, fuzzy, combineWith: "AND" } satisfies SearchOptions,
    anyWord: { prefix, fuzzy, combineWith: "OR" } satisfies SearchOptions,
    prefix,
  };
}

export interface RankedHits extends Omit<SearchOutcome, "results"> {
  /** The hits shown, best first. */
  selected: Hit[];
}

/**
 * A document's API version as the index keeps it: "" for none, else its name, with a "*" before
 * the latest's (so the default view needs no list of versions).
 */
export function versionTag(version: SearchDocument["version"]): string {
  return version ? `${version.latest ? "*" : ""}${version.name}` : "";
}

/** Whether a hit with this versionTag is shown when `asked` is the version asked for (none: the latest). */
function versionShown(tag: string, asked: string | undefined): boolean {
  if (!tag) return true;
  const latest = tag.startsWith("*");
  return asked === undefined ? latest : (latest ? tag.slice(1) : tag) === asked;
}

/** The hits a query shows, the counts per kind and the flags: everything but the results' display. */
export function rankHits(source: HitSource, rawQuery: unknown, options: QueryOptions): RankedHits {
  const { query, truncated } = normalizeQuery(rawQuery);
  const limit = clampLimit(options.limit);
  const counts = emptyCounts();
  const { terms, phrase } = queryTerms(query);
  if (!terms.length) return { selected: [], counts, total: 0, query, truncated, matchedAllTerms: true };

  const now = options.now instanceof Date ? options.now.getTime() : options.now;
  const plan = queryPlan(terms);
  // Typo tolerance when the words as typed find little: fuzzy expansion is most of a query's
  // cost, and a word found as typed needs no look-alikes (`node` would also bring `code`, `mode`).
  let hits = source.run(plan.text, plan.exact);
  if (hits.length < fuzzyBelow) hits = source.run(plan.text, plan.typos);
  let matchedAllTerms = true;
  if (!hits.length && terms.length > 1) {
    hits = source.run(plan.text, plan.anyWord);
    matchedAllTerms = false;
  }

  // Counts per kind over every hit; items whose whole title is the query go first; the rest, by
  // score (ties in the order run gave them), are re-ranked with the recency boost only as far as needed.
  const exact: Hit[] = [];
  const rest: Hit[] = [];
  let shown = 0;
  for (const hit of hits) {
    const kind = source.kind(hit);
    if (!isSearchKind(kind) || !versionShown(source.version(hit), options.version)) continue;
    counts[kind] += 1;
    shown += 1;
    if (options.kind && kind !== options.kind) continue;
    (isTitleQuery(source, hit, terms, phrase) ? exact : rest).push(hit);
  }
  const total = options.kind ? (isSearchKind(options.kind) ? counts[options.kind] : 0) : shown;
  const boost = (hit: Hit) => recencyBoost(source.kind(hit), source.date(hit), now);
  for (const hit of exact) hit.score *= boost(hit);
  exact.sort(byScore);
  const selected = exact.slice(0, limit).concat(topWithRecency(rest, limit - Math.min(limit, exact.length), boost));
  return { selected, counts, total, query, truncated, matchedAllTerms };
}

/** The displayed results of ranked hits, from each hit's stored tuple. */
export function toResults(selected: readonly Hit[], stored: (hit: Hit) => Readonly<Stored>): SearchResult[] {
  return selected.map((hit): SearchResult => {
    const [kind, title, url, section, date, summary, body] = stored(hit);
    const matched = hit.terms;
    const result: SearchResult = {
      id: String(hit.id),
      kind,
      title: highlight(title, matched),
      url: url || String(hit.id),
      snippet: snippet(body, summary, matched),
      score: hit.score,
    };
    if (section) result.section = section;
    if (date) result.date = date;
    return result;
  });
}

const byScore = (a: MiniSearchResult, b: MiniSearchResult) => b.score - a.score;
const maxRecencyBoost = 1.25;

/**
 * The `k` best hits once boosted. Hits are taken best unboosted score first (ties in the order
 * given) from a heap, not a sort of all: a hit further down can only overtake by the largest
 * boost, so taking stops when even that cannot reach the k-th, usually after a few dozen of
 * thousands.
 */
function topWithRecency(hits: Hit[], k: number, boost: (hit: Hit) => number): Hit[] {
  const top: Hit[] = [];
  if (k <= 0 || !hits.length) return top;
  const heap = new ScoreHeap(hits);
  for (let hit = heap.pop(); hit; hit = heap.pop()) {
    if (top.length === k && hit.score * maxRecencyBoost < top[k - 1]!.score) break;
    hit.score *= boost(hit);
    if (top.length === k && hit.score <= top[k - 1]!.score) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]!.score < hit.score) at--;
    top.splice(at, 0, hit);
    if (top.length > k) top.pop();
  }
  return top;
}

/** A binary max-heap of hits by score, ties by their position in the given list (what a stable sort gives). */
class ScoreHeap {
  private readonly order: Int32Array;
  private size: number;
  constructor(private readonly hits: readonly Hit[]) {
    this.size = hits.length;
    this.order = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) this.order[i] = i;
    for (let i = (this.size >>> 1) - 1; i >= 0; i--) this.down(i);
  }

  private before(a: number, b: number): boolean {
    const sa = this.hits[a]!.score;
    const sb = this.hits[b]!.score;
    return sa > sb || (sa === sb && a < b);
  }

  private down(from: number): void {
    const { order } = this;
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) return;
      const right = left + 1;
      const child = right < this.size && this.before(order[right]!, order[left]!) ? right : left;
      if (!this.before(order[child]!, order[i]!)) return;
      const swap = order[i]!;
      order[i] = order[child]!;
      order[child] = swap;
      i = child;
    }
  }

  pop(): Hit | undefined {
    if (!this.size) return undefined;
    const best = this.hits[this.order[0]!];
    this.size--;
    this.order[0] = this.order[this.size]!;
    this.down(0);
    return best;
  }
}

/**
 * Whether the title, normalised like the query, is the query. Cheap checks first: every searched
 * term matched the title as itself (not a fuzzy or prefix variant), and the lengths are close.
 */
function isTitleQuery(source: HitSource, hit: Hit, terms: readonly string[], phrase: string): boolean {
  const title = source.title(hit);
  if (!phrase || title.length < phrase.length / 2 || title.length > phrase.length * 3 + 10) return false;
  for (const term of terms) {
    if (!source.titleHas(hit, term)) return false;
  }
  return (
    tokenize(title)
      .map((term) => processTerm(term))
      .filter(Boolean)
      .join(" ") === phrase
  );
}

// ---------------------------------------------------------------------------------------------
// Highlights and snippets

interface WordSpan {
  start: number;
  end: number;
  term: string;
}

/**
 * Words of the text that show a matched index term: the same word, or one it begins when the
 * term has 3+ characters (`gpu` → `GPUs`).
 */
function matchSpans(text: string, terms: readonly string[]): WordSpan[] {
  const spans: WordSpan[] = [];
  if (!terms.length) return spans;
  const exact = new Set(terms);
  const prefixes = terms.filter((term) => term.length >= 3);
  // Most words share no first letter with any term: skip them before normalising.
  const initials = new Set(terms.map((term) => term[0]));
  for (const m of text.matchAll(word)) {
    const first = m[0][0]!;
    if (ascii.test(first) && !initials.has(first.toLowerCase())) continue;
    const normalized = normalizeTerm(m[0]);
    const term = exact.has(normalized) ? normalized : prefixes.find((prefix) => normalized.startsWith(prefix));
    if (term) spans.push({ start: m.index, end: m.index + m[0].length, term });
  }
  return spans;
}

function segmentsOf(text: string, spans: readonly WordSpan[], from = 0, to = text.length): Segment[] {
  const segments: Segment[] = [];
  const push = (piece: string, match: boolean) => {
    if (!piece) return;
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += piece;
    else segments.push({ text: piece, match });
  };
  let at = from;
  for (const span of spans) {
    if (span.end <= from || span.start >= to) continue;
    const start = Math.max(span.start, from);
    const end = Math.min(span.end, to);
    push(text.slice(at, start), false);
    push(text.slice(start, end), true);
    at = end;
  }
  push(text.slice(at, to), false);
  return segments;
}

/**
 * The text as segments, words that show one of the matched index terms (MiniSearch's `terms`:
 * after fuzzy and prefix expansion) marked. Segments, not HTML: the views render them as text
 * inside `<mark>`, so untrusted titles and bodies never go through innerHTML.
 */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  return segmentsOf(text, matchSpans(text, terms));
}

/** Joins segments back to text (aria labels, plain-text uses). */
export function segmentsText(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join("");
}

/**
 * About snippetLength characters of the text around the window with the most distinct matched
 * terms (then the most matches), cut at word boundaries with `…`. Without a match in the body
 * the description (or the body's beginning) is shown.
 */
export function snippet(text: string, description: string | undefined, terms: readonly string[]): Segment[] {
  let spans = matchSpans(text, terms);
  let source = text;
  if (!spans.length && description) {
    source = description;
    spans = matchSpans(description, terms);
  }
  if (!source) return [];
  if (source.length <= snippetLength) return segmentsOf(source, spans);

  let bestStart = 0;
  let bestEnd = 0;
  if (spans.length) {
    // Few spans (the stored text is short): a plain scan of every window is cheap enough.
    let best = { distinct: -1, count: -1 };
    for (let i = 0; i < spans.length; i++) {
      const distinct = new Set<string>();
      let last = i;
      for (let j = i; j < spans.length && (j === i || spans[j]!.end - spans[i]!.start <= snippetLength); j++) {
        distinct.add(spans[j]!.term);
        last = j;
      }
      const count = last - i + 1;
      if (distinct.size > best.distinct || (distinct.size === best.distinct && count > best.count)) {
        best = { distinct: distinct.size, count };
        bestStart = spans[i]!.start;
        bestEnd = spans[last]!.end;
      }
    }
  }

  // Centre the cluster in the window (at most 60 characters of lead-in), then keep the window inside the text.
  const slack = Math.max(0, snippetLength - (bestEnd - bestStart));
  let start = Math.max(0, bestStart - Math.min(Math.floor(slack / 2), 60));
  let end = Math.min(source.length, start + snippetLength);
  start = Math.max(0, end - snippetLength);
  // Cut at word boundaries, never inside a matched word.
  if (start > 0 && !/\s/.test(source[start - 1]!)) {
    const space = source.indexOf(" ", start);
    if (space >= 0 && space < bestStart) start = space + 1;
  }
  if (end < source.length && !/\s/.test(source[end]!)) {
    const space = source.lastIndexOf(" ", end);
    if (space > start && space >= bestEnd) end = space;
  }
  const segments = segmentsOf(source, spans, start, end);
  if (start > 0) segments.unshift({ text: "…", match: false });
  if (end < source.length) segments.push({ text: "…", match: false });
  return mergeSegments(segments);
}

function mergeSegments(segments: Segment[]): Segment[] {
  const merged: Segment[] = [];
  for (const segment of segments) {
    const last = merged[merged.length - 1];
    if (last && last.match === segment.match) last.text += segment.text;
    else merged.push({ ...segment });
  }
  if (merged[0] && !merged[0].match) merged[0].text = merged[0].text.trimStart();
  const tail = merged[merged.length - 1];
  if (tail && !tail.match) tail.text = tail.text.trimEnd().replace(/[\s,;:]+…$/, "…");
  return merged.filter((segment) => segment.text);
}
