import type { RouteDefinition } from "./types";

/**
 * Every page route: path pattern and loader. Shared by the worker's router and the browser.
 * Loaders are imported on demand, so each route is its own chunk in the hydration bundle.
 */
export const routes: RouteDefinition[] = [
  { id: "home", path: "/", load: (args) => import("./home").then((m) => m.loadHome(args)) },
  { id: "search", path: "/search", load: (args) => import("./search").then((m) => m.loadSearch(args)) },
  { id: "blog", path: "/blog", load: (args) => import("./blog").then((m) => m.loadBlog(args)) },
  { id: "post", path: "/blog/:slug", load: (args) => import("./blog").then((m) => m.loadPost(args)) },
  { id: "author", path: "/blog/authors/:id", load: (args) => import("./blog").then((m) => m.loadAuthor(args)) },
  { id: "careers", path: "/careers", load: (args) => import("./careers").then((m) => m.loadCareers(args)) },
  { id: "job", path: "/careers/:slug", load: (args) => import("./job").then((m) => m.loadJob(args)) },
  { id: "events", path: "/events", load: (args) => import("./events").then((m) => m.loadEvents(args)) },
  { id: "event", path: "/events/:slug", load: (args) => import("./event").then((m) => m.loadEvent(args)) },
  { id: "legal", path: "/legal/:page", load: (args) => import("./legal").then((m) => m.loadLegal(args)) },
];

export const routeById = (id: string) => routes.find((route) => route.id === id);

/** Matches a path against the route patterns (`:name` segments), as the server's router does. */
export function matchRoute(pathname: string): { route: RouteDefinition; params: Record<string, string> } | null {
  const segments = pathname.split("/").filter(Boolean);
  for (const route of routes) {
    const pattern = route.path.split("/").filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = pattern.every((part, index) => {
      const segment = segments[index]!;
      if (part.startsWith(":")) {
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          return false;
        }
        return true;
      }
      return part === segment;
    });
    if (matched) return { route, params };
  }
  return null;
}
