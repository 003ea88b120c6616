import type { ComponentType } from "react";
import type { DataOf, Operation, VariablesOf } from "../content/operation";
import type { SiteConfig } from "../config/site";
import type { PageMeta } from "../render/meta";

/**
 * Loaders are isomorphic: the server runs them against the KV-cached Directus client, the
 * browser (client navigation, hydration) against its query cache and the site's /graphql.
 */
export interface ContentSource {
  query<O extends Operation<any, any>>(operation: O, variables?: VariablesOf<O>): Promise<DataOf<O>>;
}

export interface LoaderArgs {
  url: URL;
  params: Record<string, string>;
  content: ContentSource;
  config: SiteConfig;
}

/** What a loader returns: the view's data, the head, and the status. */
export interface LoadedPage<Data> {
  data: Data;
  meta: PageMeta;
  status?: number;
}

/**
 * A page route module: its loader, the operations that loader may run (the browser's
 * /graphql allowlist is derived from these), and its view. The path lives in the route table
 * (`table.ts`), so matching a URL never loads a module.
 */
export interface RouteModule<Data> {
  operations: readonly Operation<any, any>[];
  load: (args: LoaderArgs) => Promise<LoadedPage<Data>>;
  View: ComponentType<{ data: Data }>;
}

/** Ties a loader's data type to its view's props. */
export const defineRoute = <Data>(module: RouteModule<Data>): RouteModule<Data> => module;

/** Thrown by a loader when the thing asked for does not exist (or is not published). */
export class PageNotFound extends Error {
  readonly status = 404;
  constructor(what = "page") {
    super(`${what} not found`);
    this.name = "PageNotFound";
  }
}
