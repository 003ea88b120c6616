import type { SiteChrome } from "../content/types/site";
import type { ErrorData } from "../shell/ErrorPage";
import type { EditableItem, RouteModule } from "../router/define";
import { createMatcher } from "../router/match";
import { askRoutes } from "../features/ask/pages";
import { blogRoutes } from "../features/blog/pages";
import { careersRoutes } from "../features/careers/pages";
import { changelogRoutes } from "../features/changelog/pages";
import { docsRoutes } from "../features/docs/pages";
import { eventsRoutes } from "../features/events/pages";
import { legalRoutes } from "../features/legal/pages";
import { builtPageRoute, homeRoute } from "../features/pages/pages";
import { searchRoutes } from "../features/search/pages";

/**
 * Every page of the site: its URL pattern and its route module (loader, operations, view), one
 * line per feature (each feature's `pages.ts`). The worker's page handler and the browser's
 * router both read this table through one matcher. Modules load on demand, so in the browser
 * each route is its own chunk. Pages editors build from blocks need no line: `/` and `page`
 * (every other path, last) read the CMS.
 */
export const routeTable = {
  ...homeRoute,
  ...searchRoutes,
  ...askRoutes,
  ...blogRoutes,
  ...careersRoutes,
  ...eventsRoutes,
  ...legalRoutes,
  ...changelogRoutes,
  ...docsRoutes,
  ...builtPageRoute,
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
