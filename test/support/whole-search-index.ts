// The search index in one piece: MiniSearch's whole JSON behind a header line. The site stores
// its index in parts (src/features/search/shard-build.ts, shards.ts); this is the reference the
// parts are checked against (same results for the same documents) and what the engine's
// relevance tests and the search bench load. Not part of the worker.
import MiniSearch from "minisearch";
import { isSearchKind, type SearchDocument } from "../../src/features/search/documents";
import {
  type Hit,
  indexVersion,
  miniSearchOptions,
  type QueryOptions,
  rankHits,
  SearchIndexError,
  type SearchOutcome,
  toResults,
} from "../../src/features/search/engine";
import { defaultSnippetSourceChars } from "../../src/features/search/shard-build";

export interface IndexMeta {
  version: number;
  builtAt: string;
  documentCount: number;
  /** Body characters kept per document for snippets. */
  snippetSourceChars: number;
}

export interface SerializedIndex extends IndexMeta {
  /** MiniSearch's JSON. */
  data: string;
}

export interface BuildOptions {
  /** When the index was built (injected: the engine reads no clock). */
  builtAt: Date | string;
  snippetSourceChars?: number;
}

/**
 * Indexes the documents. Invalid ones (unknown kind, no id, title or url) and repeated ids are
 * skipped; `documentCount` tells how many were indexed.
 */
export function buildIndex(docs: readonly SearchDocument[], options: BuildOptions): SerializedIndex {
  const snippetSourceChars = options.snippetSourceChars ?? defaultSnippetSourceChars;
  const mini = new MiniSearch<SearchDocument>(miniSearchOptions(snippetSourceChars));
  const seen = new Set<string>();
  for (const doc of docs) {
    if (!doc || !isSearchKind(doc.kind) || !doc.id || !doc.title || !doc.url || seen.has(doc.id)) continue;
    seen.add(doc.id);
    mini.add({ ...doc, body: typeof doc.body === "string" ? doc.body : "" });
  }
  return {
    version: indexVersion,
    builtAt: typeof options.builtAt === "string" ? options.builtAt : options.builtAt.toISOString(),
    documentCount: mini.documentCount,
    snippetSourceChars,
    data: JSON.stringify(mini),
  };
}

/**
 * One string for storage (KV): a JSON header line (the IndexMeta) then MiniSearch's JSON, so
 * the version can be checked before the large part is parsed.
 */
export function encodeIndex(index: SerializedIndex): string {
  const { data, ...meta } = index;
  return `${JSON.stringify(meta)}\n${data}`;
}

/** The header of an encoded index, without parsing the rest; throws SearchIndexError. */
export function readIndexMeta(encoded: string): IndexMeta {
  const newline = encoded.indexOf("\n");
  let meta: unknown;
  try {
    meta = JSON.parse(newline < 0 ? encoded : encoded.slice(0, newline));
  } catch {
    throw new SearchIndexError("search index: unreadable header", "corrupt");
  }
  const m = meta as Partial<IndexMeta> | null;
  if (!m || typeof m.version !== "number" || typeof m.builtAt !== "string" || typeof m.documentCount !== "number") {
    throw new SearchIndexError("search index: unreadable header", "corrupt");
  }
  return {
    version: m.version,
    builtAt: m.builtAt,
    documentCount: m.documentCount,
    snippetSourceChars: m.snippetSourceChars ?? defaultSnippetSourceChars,
  };
}

export interface SearchIndex {
  readonly meta: IndexMeta;
  /** @internal */
  readonly mini: MiniSearch<SearchDocument>;
}

/**
 * A searchable index from buildIndex's result or its encodeIndex string. Throws SearchIndexError:
 * `reason: "version"` for an index of another indexVersion, `"corrupt"` when it cannot be read;
 * the caller then rebuilds.
 */
export function loadIndex(serialized: SerializedIndex | string): SearchIndex {
  let meta: IndexMeta;
  let data: string;
  if (typeof serialized === "string") {
    meta = readIndexMeta(serialized);
    if (meta.version !== indexVersion)
      throw new SearchIndexError(`search index: version ${meta.version}, expected ${indexVersion}`, "version");
    data = serialized.slice(serialized.indexOf("\n") + 1);
  } else {
    if (!serialized || serialized.version !== indexVersion) {
      throw new SearchIndexError(`search index: version ${serialized?.version}, expected ${indexVersion}`, "version");
    }
    const { data: d, ...rest } = serialized;
    meta = rest;
    data = d;
  }
  try {
    return { meta, mini: MiniSearch.loadJSON<SearchDocument>(data, miniSearchOptions(meta.snippetSourceChars)) };
  } catch (error) {
    throw new SearchIndexError(`search index: ${error instanceof Error ? error.message : "unreadable"}`, "corrupt");
  }
}

/** Searches the index. Any input is safe: a bad query gives no results, never an exception. */
export function search(index: SearchIndex, rawQuery: unknown, options: QueryOptions): SearchOutcome {
  const ranked = rankHits(
    {
      run: (text, searchOptions) => index.mini.search(text, searchOptions) as Hit[],
      kind: (hit) => hit.d?.[0],
      version: (hit) => hit.d[7] ?? "",
      title: (hit) => hit.d[1],
      date: (hit) => hit.d[4],
      titleHas: (hit, term) => Object.hasOwn(hit.match, term) && hit.match[term]!.includes("title"),
    },
    rawQuery,
    options,
  );
  const { selected, ...outcome } = ranked;
  return { ...outcome, results: toResults(selected, (hit) => hit.d) };
}
