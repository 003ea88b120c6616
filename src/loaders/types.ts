import type { DataOf, Operation, VariablesOf } from "../content/operation";
import type { PageMeta } from "../render/meta";
import type { ViewData, ViewName } from "../views/registry";

/**
 * Loaders are isomorphic: the server runs them against the KV-cached Directus client, the
 * browser (client navigation, hydration) against its query cache and the site's /graphql.
 */
export interface ContentSource {
  query<O extends Operation<any, any>>(operation: O, variables?: VariablesOf<O>): Promise<DataOf<O>>;
}

/** Public configuration a loader may read (never secrets). */
export interface SiteConfig {
  name: string;
  url: string;
  environment: string;
  /** Directus origin, for file URLs (content queries from the browser go to the site). */
  apiBaseUrl: string;
  /**
   * Maps embed key (the `MAPS_KEY` secret), the fallback for events without their own
   * `map_key`. It reaches the browser in the page payload, as any embed key does in the map's
   * iframe URL: a public browser key, to be restricted to the site's origin at the provider.
   */
  mapsKey?: string;
}

export interface LoaderArgs {
  url: URL;
  params: Record<string, string>;
  content: ContentSource;
  config: SiteConfig;
}

/** What a loader returns: the view to render with its data, the head, and the status. */
export type LoadedPage = {
  [V in ViewName]: { view: V; data: ViewData<V>; meta: PageMeta; status?: number };
}[ViewName];

export interface RouteDefinition {
  /** Stable id, sent to the browser so it can run the same loader. */
  id: string;
  /** Hono-style path pattern (`/blog/:slug`). */
  path: string;
  load: (args: LoaderArgs) => Promise<LoadedPage>;
}

/** Thrown by a loader when the thing asked for does not exist (or is not published). */
export class PageNotFound extends Error {
  readonly status = 404;
  constructor(what = "page") {
    super(`${what} not found`);
    this.name = "PageNotFound";
  }
}
