import { sha256Hex } from "../lib/digest";
import { cachedRead, type CachePolicy, type CacheSource } from "./cache.server";
import { ContentError, graphqlRequest, type ContentClientOptions, type GraphqlRequest } from "./client.server";
import { anyCollection, generationOf } from "./generations.server";
import { mergeShown, shownByRead, type Shown } from "./tags.server";
import { operationCollections, operationReads } from "./generated/operations";
import { resolverOf, transformOf, versionedReadOf, type PreviewVersion } from "./extensions.server";
import { queryKey, stableStringify, type DataOf, type Operation, type VariablesOf } from "./operation";

/** What the content layer reads of the worker's bindings (src/env.ts documents each). */
export type ContentBindings = Pick<Env, "CONTENT_CACHE" | "SITE_URL" | "API_BASE_URL"> & {
  DIRECTUS_READ_TOKEN?: string;
  DIRECTUS_PREVIEW_TOKEN?: string;
  CONTENT_TIMEOUT_MS?: string;
};

export interface ContentOptions {
  /** Upstream fetch (tests inject a mock Directus). */
  fetch?: typeof fetch;
  policy?: CachePolicy;
  timeoutMs?: number;
  /** Preview only: the content version of one item the editor asked to see. */
  version?: PreviewVersion;
  /** Preview only: the release (its id) the editor sees the whole site in, as once published. */
  release?: string;
  /** false: cached reads are not read again for their age alone (cache.server.ts' `refreshByAge`). */
  refreshByAge?: boolean;
}

/**
 * One request's access to content. Public mode reads through the KV cache with the site's read
 * token; preview mode queries Directus with the preview token and never reads or writes any cache.
 * Every result is kept so the page can hand it to the browser's query cache.
 */
export class Content {
  /** queryKey -> data, serialised into the page for the client cache. */
  readonly results: Record<string, unknown> = {};
  readonly sources: Record<CacheSource | "preview", number> = {
    memory: 0,
    kv: 0,
    upstream: 0,
    stale: 0,
    "stale-if-error": 0,
    preview: 0,
  };
  /** Every collection this request's content was read from (what a published page depends on). */
  readonly collectionsRead = new Set<string>();
  /** What each public read of this request shows (tags.server.ts), by operation and variables: what its page shows. */
  private readonly shownParts = new Map<string, Shown>();
  /** When this request's first content read began: a page built from it is older than any change after. */
  readonly startedAt = Date.now();

  /**
   * The first timeout of this request: Directus hangs, so every later upstream read of the
   * same request fails at once instead of waiting out its own timeout (the error screen's
   * shell data, sequential queries). Cached values are still served.
   */
  private upstreamTimeout: ContentError | null = null;

  constructor(
    private readonly env: ContentBindings,
    private readonly waitUntil: (promise: Promise<unknown>) => void,
    readonly preview: boolean,
    private readonly options: ContentOptions = {},
  ) {}

  async query<O extends Operation<any, any>>(operation: O, variables?: VariablesOf<O>): Promise<DataOf<O>> {
    const vars = (variables ?? {}) as Record<string, unknown>;
    const resolve = resolverOf(operation.name);
    if (resolve) {
      const data = (await resolve(vars, {
        kv: this.env.CONTENT_CACHE,
        content: this,
        preview: this.preview,
        now: Date.now(),
        siteUrl: this.env.SITE_URL,
        apiBaseUrl: this.env.API_BASE_URL,
        waitUntil: this.waitUntil,
      })) as DataOf<O>;
      this.results[queryKey(operation.name, vars)] = data;
      return data;
    }
    // Inside a release the site reads what the public will see once it is published: published
    // items only, the release's changes applied by Directus (no drafts beside them).
    const release = this.preview ? this.options.release : undefined;
    const requestFor = (): GraphqlRequest => ({
      query: operation.document,
      operationName: operation.name,
      variables: serverVariables(operation, vars, this.preview && !release),
    });
    const client = {
      apiBaseUrl: this.env.API_BASE_URL,
      // Published reads: the Public policy reads no blocks, sections, form fields or files.
      token: this.env.DIRECTUS_READ_TOKEN || undefined,
      fetch: this.options.fetch,
      timeoutMs: this.options.timeoutMs ?? (Number(this.env.CONTENT_TIMEOUT_MS) || undefined),
    };
    const started = Date.now();
    this.firstStart ??= started;
    const resultKey = queryKey(operation.name, vars);
    let data: DataOf<O>;
    if (this.preview) {
      const privileged = { ...client, token: this.env.DIRECTUS_PREVIEW_TOKEN, ...(release ? { release } : {}) };
      data = await this.upstream<DataOf<O>>(requestFor(), privileged, (raw) => this.withVersion(operation.name, vars, raw, privileged));
      this.sources.preview += 1;
    } else {
      for (const collection of collectionsOf(operation.name)) this.collectionsRead.add(collection);
      // Server-set variables are not part of the key: `$now` moves every minute, and a key that
      // moved with it would leave nothing to serve stale-if-error when Directus is down.
      const key = await cacheKeyOf(operation, withoutServerVariables(vars));
      const generation = await generationOf(this.env.CONTENT_CACHE, collectionsOf(operation.name));
      // `$now` is taken after the generation: nothing cached under a generation the scheduled
      // handler bumped was filtered with a time from before that bump (docs/decisions/009).
      const request = requestFor();
      const collections = collectionsOf(operation.name);
      let shown: Shown = { tags: [...collections], fields: {} };
      // Tagged from Directus' answer, before a transform reshapes it.
      const fetcher = () =>
        this.upstream<DataOf<O>>(request, client, async (raw) => {
          shown = shownByRead(operation.name, collections, raw);
          return raw;
        });
      const result = await cachedRead(key, generation, fetcher, {
        kv: this.env.CONTENT_CACHE,
        waitUntil: this.waitUntil,
        policy: this.options.policy,
        memory: !operation.bulk,
        shownBy: () => shown,
        refreshByAge: this.options.refreshByAge,
      });
      data = result.value;
      // A value cached before it was tagged shows, for all anyone knows, its whole collections.
      this.shownParts.set(resultKey, result.shown ?? { tags: [...collections], fields: {} });
      this.sources[result.source] += 1;
    }
    this.lastEnd = Math.max(this.lastEnd, Date.now());
    if (!operation.bulk) this.results[resultKey] = data;
    return data;
  }

  private firstStart: number | undefined;
  private lastEnd = 0;

  /** `adjust` sees Directus' answer before the operation's transform (a content version swapped in). */
  private async upstream<T>(
    request: GraphqlRequest,
    client: ContentClientOptions,
    adjust?: (data: unknown) => Promise<unknown>,
  ): Promise<T> {
    if (this.upstreamTimeout) {
      const { operationName } = request;
      throw new ContentError(`${operationName}: not sent (${this.upstreamTimeout.message})`, operationName, 0, false);
    }
    let data: T;
    try {
      data = await graphqlRequest<T>(request, client);
      if (adjust) data = (await adjust(data)) as T;
    } catch (error) {
      if (error instanceof ContentError && error.status === 0 && !error.retryable) this.upstreamTimeout ??= error;
      throw error;
    }
    const transform = transformOf(request.operationName);
    if (!transform) return data;
    const context = {
      kv: this.env.CONTENT_CACHE,
      siteUrl: this.env.SITE_URL,
      apiBaseUrl: this.env.API_BASE_URL,
      waitUntil: this.waitUntil,
    };
    return (await transform(data, context)) as T;
  }

  /**
   * A detail page's item as the named content version has it, when the editor previews that
   * version of that very item; otherwise (another item, no such version) the main read as it is.
   */
  private async withVersion(name: string, vars: Record<string, unknown>, data: unknown, client: ContentClientOptions): Promise<unknown> {
    const version = this.options.version;
    const read = version && versionedReadOf(name, version.collection);
    if (!version || !read?.shows(vars, data, version.id)) return data;
    const request = {
      query: read.operation.document,
      operationName: read.operation.name,
      variables: serverVariables(read.operation, { id: version.id, version: version.key }, true),
    };
    return read.merge(data, await graphqlRequest(request, client), version.id) ?? data;
  }

  /** This request's content as an editor preview (for the preview route, which is not one itself). */
  asPreview(): Content {
    return new Content(this.env, this.waitUntil, true, this.options);
  }

  /** The generation of all content together. */
  generation(): Promise<string> {
    return generationOf(this.env.CONTENT_CACHE, [anyCollection]);
  }

  /** What this request's public reads show together: the tags of the page built from them. */
  shown(): Shown {
    return mergeShown([...this.shownParts.values()]);
  }

  showOnly<O extends Operation<any, any>>(operation: O, part: DataOf<O>, everyItem: readonly string[] = []): void {
    if (this.preview) return;
    const collections = collectionsOf(operation.name);
    const shown = shownByRead(operation.name, collections, part);
    // The fields every item shows (a count of tags over the whole list) and which items the list holds.
    const roots = operationReads[operation.name]?.lists.filter((path) => !path.includes(".")) ?? [];
    for (const root of roots) {
      for (const collection of operationReads[operation.name]?.paths[root] ?? []) {
        shown.tags.push(`l:${collection}`);
        for (const field of everyItem) shown.tags.push(`f:${collection}.${field}`);
      }
    }
    // Keys are queryKey's `<operation>:<variables>`: every read of this operation.
    for (const key of [...this.shownParts.keys()]) if (key.startsWith(`${operation.name}:`)) this.shownParts.set(key, shown);
  }

  /** `Server-Timing` description of where this request's content came from. */
  serverTiming(): string {
    const parts = Object.entries(this.sources)
      .filter(([, count]) => count > 0)
      .map(([source, count]) => `${source}=${count}`);
    // Wall time from the first content read to the last (the reads run in parallel).
    const waited = this.firstStart === undefined ? 0 : this.lastEnd - this.firstStart;
    return `content;desc="${parts.join(" ") || "none"}", content-wait;dur=${waited}`;
  }
}

/**
 * Operations that declare `$status: [String]` filter `status: { _in: $status }`. The server
 * alone sets it: published only in public mode (on top of the CMS permission), drafts too in
 * preview. Whatever a browser sends for it is overwritten.
 */
const publicStatuses = ["published"];
const previewStatuses = ["published", "draft"];

/**
 * Operations that declare `$now: String` hide scheduled items: `publish_at` (posts:
 * `published_at`) empty or not after `$now`. The server alone sets it, like `$status`: in public
 * mode this minute, rounded down (one query text a minute, and nothing shows early); in a
 * preview the end of time, so scheduled items are visible there.
 */
export function publicNow(now = Date.now()): string {
  return new Date(Math.floor(now / 60_000) * 60_000).toISOString();
}
export const previewNow = "9999-12-31T23:59:59.999Z";

/** Variables only the server sets; whatever a browser sends for them is dropped. */
export const serverVariableNames: readonly string[] = ["status", "now"];

function serverVariables(operation: Operation<any, any>, variables: Record<string, unknown>, preview: boolean, now = Date.now()) {
  const result = { ...variables };
  if (/\$status\s*:/.test(operation.document)) result.status = preview ? previewStatuses : publicStatuses;
  if (/\$now\s*:/.test(operation.document)) result.now = preview ? previewNow : publicNow(now);
  return result;
}

function withoutServerVariables(variables: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(variables).filter(([name]) => !serverVariableNames.includes(name)));
}

const collectionsByOperation = new Map<string, readonly string[]>(Object.entries(operationCollections));

/**
 * The collections an operation's cached result depends on, derived from its document by
 * scripts/codegen.mjs (read here, on the server only, so the table never reaches the browser).
 * An operation the table lacks is tagged with every collection's generation instead: any
 * webhook invalidates it, so it can be refetched too often but is never served stale.
 */
function collectionsOf(operationName: string): readonly string[] {
  return collectionsByOperation.get(operationName) ?? [anyCollection];
}

/** KV key of an operation's result: its name and a hash of its document and variables. */
const cacheKeys = new Map<string, string>();
async function cacheKeyOf(operation: Operation<any, any>, variables: Record<string, unknown>): Promise<string> {
  // Within an isolate an operation's document never changes: name + variables identify it, and
  // remembering the hash spares a SHA-256 per query per page view.
  const id = `${operation.name}\n${stableStringify(variables)}`;
  let key = cacheKeys.get(id);
  if (key === undefined) {
    key = `q:${operation.name}:${await sha256Hex(operation.document + stableStringify(variables))}`;
    if (cacheKeys.size >= 2_000) cacheKeys.clear();
    cacheKeys.set(id, key);
  }
  return key;
}
