import type { SiteChrome } from "../content/types/site";
import type { SiteConfig } from "../config/site";

/**
 * What the server hands to the browser in `#__STATE__`: which route rendered with which
 * params, the shell's data, and every query result of the render, which seed the browser's
 * query cache so hydration (re-running the same loader) makes no request.
 */
export interface PagePayload<Route extends string = string> {
  /** Route id (the route table's), or null for the error screens. */
  route: Route | null;
  params: Record<string, string>;
  status: number;
  site: SiteChrome;
  config: SiteConfig;
  queries: Record<string, unknown>;
}
