import type { Bindings } from "../env";
import { cachedRead, type CachePolicy, type CacheSource } from "./cache.server";
import { ContentError, graphqlRequest, type ContentClientOptions, type GraphqlRequest } from "./client.server";
import { anyCollection, generationOf } from "./generations.server";
import { operationCollections } from "./generated/operations";
import { localResolvers } from "./resolvers.server";
import { resultTransforms } from "./transforms.server";
import { queryKey, stableStringify, type DataOf, type Operation, type VariablesOf } from "./operation";

export interface ContentOptions {
  /** Upstream fetch (tests inject a mock Directus). */
  fetch?: typeof fetch;
  policy?: CachePolicy;
  timeoutMs?: number;
}

/**
 * One request's access to content. Public mode reads through the KV cache; preview mode
 * queries Directus with the preview token and never reads or writes any cache.
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

  /**
   * The first timeout of this request: Directus hangs, so every later upstream read of the
   * same request fails at once instead of waiting out its own timeout (the error screen's
   * shell data, sequential queries). Cached values are still served.
   */
  private upstreamTimeout: ContentError | null = null;

  constructor(
    private readonly env: Bindings,
    private readonly waitUntil: (promise: Promise<unknown>) => void,
    readonly preview: boolean,
    private readonly options: ContentOptions = {},
  ) {}

  async query<O extends Operation<any, any>>(operation: O, variables?: VariablesOf<O>): Promise<DataOf<O>> {
    const vars = (variables ?? {}) as Record<string, unknown>;
    const resolve = localResolvers[operation.name];
    if (resolve) {
      const data = (await resolve(vars, { kv: this.env.CONTENT_CACHE, content: this, preview: this.preview, now: Date.now() })) as DataOf<O>;
      this.results[queryKey(operation.name, vars)] = data;
      return data;
    }
    const request = { query: operation.document, operationName: operation.name, variables: withStatus(operation, vars, this.preview) };
    const client = {
      apiBaseUrl: this.env.API_BASE_URL,
      fetch: this.options.fetch,
      timeoutMs: this.options.timeoutMs,
    };
    const started = Date.now();
    this.firstStart ??= started;
    let data: DataOf<O>;
    if (this.preview) {
      data = await this.upstream<DataOf<O>>(request, { ...client, token: this.env.DIRECTUS_PREVIEW_TOKEN });
      this.sources.preview += 1;
    } else {
      const key = `q:${operation.name}:${await sha256(operation.document + stableStringify(vars))}`;
      const generation = await generationOf(this.env.CONTENT_CACHE, collectionsOf(operation.name));
      const result = await cachedRead(key, generation, () => this.upstream<DataOf<O>>(request, client), {
        kv: this.env.CONTENT_CACHE,
        waitUntil: this.waitUntil,
        policy: this.options.policy,
      });
      data = result.value;
      this.sources[result.source] += 1;
    }
    this.lastEnd = Math.max(this.lastEnd, Date.now());
    this.results[queryKey(operation.name, vars)] = data;
    return data;
  }

  private firstStart: number | undefined;
  private lastEnd = 0;

  private async upstream<T>(request: GraphqlRequest, client: ContentClientOptions): Promise<T> {
    if (this.upstreamTimeout) {
      const { operationName } = request;
      throw new ContentError(`${operationName}: not sent (${this.upstreamTimeout.message})`, operationName, 0, false);
    }
    let data: T;
    try {
      data = await graphqlRequest<T>(request, client);
    } catch (error) {
      if (error instanceof ContentError && error.status === 0 && !error.retryable) this.upstreamTimeout ??= error;
      throw error;
    }
    const transform = resultTransforms[request.operationName];
    if (!transform) return data;
    const context = { kv: this.env.CONTENT_CACHE, siteUrl: this.env.SITE_URL, apiBaseUrl: this.env.API_BASE_URL, waitUntil: this.waitUntil };
    return (await transform(data, context)) as T;
  }

  /** The generation of all content together: part of the page-cache key. */
  generation(): Promise<string> {
    return generationOf(this.env.CONTENT_CACHE, [anyCollection]);
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
export const publicStatuses = ["published"];
export const previewStatuses = ["published", "draft"];

function withStatus(operation: Operation<any, any>, variables: Record<string, unknown>, preview: boolean) {
  if (!/\$status\s*:/.test(operation.document)) return variables;
  return { ...variables, status: preview ? previewStatuses : publicStatuses };
}

const collectionsByOperation = new Map<string, readonly string[]>(Object.entries(operationCollections));

/**
 * The collections an operation's cached result depends on, derived from its document by
 * scripts/codegen.mjs (read here, on the server only, so the table never reaches the browser).
 * An operation the table lacks is tagged with every collection's generation instead: any
 * webhook invalidates it, so it can be refetched too often but is never served stale.
 */
export function collectionsOf(operationName: string): readonly string[] {
  return collectionsByOperation.get(operationName) ?? [anyCollection];
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
