// The pages the site's checkers visit: every page of the sitemap, the screens the sitemap cannot
// list (search, 404), and one page of each template, derived from the route table.
import { testSecrets } from "../../scripts/lib/test-stack.mjs";
import { matchRoute, type RouteId, routeIds } from "../../src/app/table";

/**
 * Screens that are pages but not in the sitemap: the search page empty and with results, and an
 * answer and a refusal of the Ask page (its empty form is in the sitemap).
 */
const searchScreens = [
  "/search",
  "/search?q=gpu",
  "/ask?q=how+long+does+it+take+to+provision+a+gpu+cluster",
  "/ask?q=can+i+pay+with+bitcoin",
];
/** The 404 screen (any unknown address). */
export const notFoundPath = "/no/such/page";

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replaceAll("&amp;", "&")));

/** Paths (with query) of every URL in the sitemap, through its index when it has become one. */
export async function sitemapPaths(baseUrl: string): Promise<string[]> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const files = xml.includes("<sitemapindex") ? locsOf(xml).map((url) => url.pathname) : null;
  const urls = files
    ? (await Promise.all(files.map(async (file) => locsOf(await (await fetch(baseUrl + file)).text())))).flat()
    : locsOf(xml);
  const paths = urls.map((url) => url.pathname + url.search);
  if (paths.length === 0) throw new Error("the sitemap lists no page");
  return paths;
}

/** Every page to check: the sitemap's, the search and ask screens and the 404 screen. */
export async function allPages(baseUrl: string): Promise<string[]> {
  return [...(await sitemapPaths(baseUrl)), ...searchScreens, notFoundPath];
}

/**
 * One page per template: the first page of each route among `paths` (the sitemap's), the search
 * screen with results, and the 404 screen as "error". Throws when a route has no page to check, so
 * a new route cannot slip past the checkers unseen.
 */
export function onePagePerTemplate(paths: string[]): Map<RouteId | "error", string> {
  const templates = new Map<RouteId | "error", string>();
  for (const path of [...paths, "/search?q=gpu"]) {
    const route = matchRoute(new URL(path, "http://x").pathname)?.id;
    if (route && !templates.has(route)) templates.set(route, path);
  }
  const missing = routeIds.filter((id) => !templates.has(id));
  if (missing.length) throw new Error(`no page to check for the route(s) ${missing.join(", ")}`);
  templates.set("error", notFoundPath);
  return templates;
}

/** A cookie header for an editor's preview session (what `/api/preview` sets before redirecting). */
export async function previewCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/preview?token=${testSecrets.DIRECTUS_PREVIEW_TOKEN}&path=/`, { redirect: "manual" });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`no preview cookie (status ${response.status})`);
  return cookie;
}

/** Routes whose pages editors build from blocks: each page is a layout of its own. */
const blockRoutes: readonly RouteId[] = ["home", "page"];

/** Every page among `paths` (the sitemap's) that is built from CMS blocks. */
export const pagesBuiltFromBlocks = (paths: string[]): string[] =>
  paths.filter((path) => blockRoutes.includes(matchRoute(new URL(path, "http://x").pathname)?.id as RouteId));
