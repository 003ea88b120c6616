/**
 * A named GraphQL operation the site runs against Directus. The registry of these is the only
 * thing the site's own /graphql endpoint accepts. Result and variables types are generated from
 * the documents (src/content/generated/operations.ts, by scripts/codegen.mjs), and so is the
 * list of collections a cached result depends on, which only the server reads.
 */
export interface Operation<TData = unknown, TVariables extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  document: string;
  /**
   * Read in bulk by the server (the search index build): kept neither in the request's results
   * (which seed the browser's cache) nor in the isolate's memory cache, so a build holds one
   * chunk at a time. KV caches it as any read.
   */
  bulk?: true;
  /** Phantom fields that carry the types; never set at runtime. */
  readonly __data?: TData;
  readonly __variables?: TVariables;
}

export type DataOf<O> = O extends Operation<infer D, Record<string, unknown>> ? D : never;
export type VariablesOf<O> = O extends Operation<unknown, infer V> ? V : never;

/**
 * `defineOperation<BlogPostQuery, BlogPostQueryVariables>(document)` with the generated types.
 * `$status` is left out of the variables: the server alone sets it (content.server.ts).
 */
export function defineOperation<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  document: string,
  { bulk = false }: { bulk?: boolean } = {},
): Operation<TData, Omit<TVariables, "status">> {
  const name = /\b(?:query|mutation)\s+(\w+)/.exec(document)?.[1];
  if (!name) throw new Error(`operation without a name: ${document.slice(0, 60)}`);
  return { name, document: document.trim(), ...(bulk ? { bulk: true as const } : {}) };
}

/** Cache key of one operation call: the same on the server and in the browser. */
export function queryKey(operationName: string, variables: Record<string, unknown> = {}): string {
  return `${operationName}:${stableStringify(variables)}`;
}

export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Loaders are isomorphic: the server runs them against the KV-cached Directus client, the
 * browser (client navigation, hydration) against its query cache and the site's /graphql.
 */
export interface ContentSource {
  query<O extends Operation<any, any>>(operation: O, variables?: VariablesOf<O>): Promise<DataOf<O>>;
  /**
   * The page shows only `part` of what `operation` answered (a loader that picks a page of a
   * list, or a few related items), and of every item only `everyItem`'s fields (counts, filters):
   * a change to an item it read but does not show leaves the page cached. The server's content
   * only (the browser keeps no pages).
   */
  showOnly?<O extends Operation<any, any>>(operation: O, part: DataOf<O>, everyItem?: readonly string[]): void;
}
