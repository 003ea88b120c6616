import { loadHome } from "./home";
import { loadSearch } from "./search";
import type { RouteDefinition } from "./types";

/** Every page route: path pattern and loader. Shared by the worker's router and the browser. */
export const routes: RouteDefinition[] = [
  { id: "home", path: "/", load: loadHome },
  { id: "search", path: "/search", load: loadSearch },
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
