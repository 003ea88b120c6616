import type { SiteChrome } from "../content/types/site";
import type { ErrorData } from "../shell/ErrorPage";
import type { EditableItem, RouteModule } from "../router/define";
import { createMatcher } from "../router/match";

/**
 * Every page of the site: its URL pattern and its route module (loader, operations, view).
 * The worker's page handler and the browser's router both read this table through one matcher.
 * Modules load on demand, so in the browser each route is its own chunk.
 *
 * Adding a page: write a route module (`defineRoute`) with its view, and add a line here. Pages
 * editors build from blocks need no line: `/` and `page` (every other path) read the CMS.
 */
export const routeTable = {
  home: { path: "/", module: () => import("../features/pages/routes/cms-page") },
  search: { path: "/search", module: () => import("../features/search/routes/search") },
  ask: { path: "/ask", module: () => import("../features/ask/routes/ask") },
  blog: { path: "/blog", module: () => import("../features/blog/routes/list") },
  post: { path: "/blog/:slug", module: () => import("../features/blog/routes/post") },
  author: { path: "/blog/authors/:id", module: () => import("../features/blog/routes/author") },
  careers: { path: "/careers", module: () => import("../features/careers/routes/list") },
  job: { path: "/careers/:slug", module: () => import("../features/careers/routes/job") },
  events: { path: "/events", module: () => import("../features/events/routes/list") },
  event: { path: "/events/:slug", module: () => import("../features/events/routes/event") },
  legal: { path: "/legal/:page", module: () => import("../features/legal/routes/legal") },
  changelog: { path: "/changelog", module: () => import("../features/changelog/routes/changelog") },
  changelogEntry: { path: "/changelog/:slug", module: () => import("../features/changelog/routes/entry") },
  docs: { path: "/docs", module: () => import("../features/docs/routes") },
  apiReference: { path: "/docs/api", module: () => import("../features/docs/api-reference/routes/api") },
  apiTag: { path: "/docs/api/:tag", module: () => import("../features/docs/api-reference/routes/api") },
  apiOperation: { path: "/docs/api/:tag/:operation", module: () => import("../features/docs/api-reference/routes/api") },
  // An earlier API version's operation; its overview and tags match the two routes above (v1 is no tag slug).
  apiVersionOperation: { path: "/docs/api/:version/:tag/:operation", module: () => import("../features/docs/api-reference/routes/api") },
  doc: { path: "/docs/*path", module: () => import("../features/docs/routes/page") },
  // Last and least specific: any other path may be a page built in the CMS.
  page: { path: "/*path", module: () => import("../features/pages/routes/cms-page") },
} satisfies Record<string, { path: string; module: () => Promise<{ default: RouteModule<any> }> }>;

export type RouteId = keyof typeof routeTable;
type ModuleOf<Id extends RouteId> = Awaited<ReturnType<(typeof routeTable)[Id]["module"]>>["default"];
type RouteData<Id extends RouteId> = ModuleOf<Id> extends RouteModule<infer Data> ? Data : never;

export const routeIds = Object.keys(routeTable) as RouteId[];

/** The route of a path and its decoded parameters, or null. */
export const matchRoute = createMatcher(Object.fromEntries(routeIds.map((id) => [id, routeTable[id].path])) as Record<RouteId, string>);

/**
 * What renders a page: the route (or the error screen), its data, the shell's data and the path
 * with query; in an editor preview also the CMS item it shows.
 */
export type PageState =
  | { [Id in RouteId]: { route: Id; data: RouteData<Id>; site: SiteChrome; path: string; editable?: EditableItem } }[RouteId]
  | { route: "error"; data: ErrorData; site: SiteChrome; path: string };

const loaded = new Map<RouteId, RouteModule<any>>();

/** Loads a route's module (once); call before rendering a state of that route. */
export async function loadRoute(id: RouteId): Promise<RouteModule<any>> {
  let module = loaded.get(id);
  if (!module) {
    module = (await routeTable[id].module()).default as RouteModule<any>;
    loaded.set(id, module);
  }
  return module;
}

/** A route module `loadRoute` has loaded (rendering is synchronous). */
export function loadedRoute(id: RouteId): RouteModule<any> {
  const module = loaded.get(id);
  if (!module) throw new Error(`route "${id}" rendered before loadRoute()`);
  return module;
}
