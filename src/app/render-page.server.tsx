import type { Context } from "hono";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { AppEnv } from "../env";
import { t } from "../i18n";
import type { RouteModule } from "../router/define";
import { loadRoute, type PageState } from "./table";
import { App } from "./App";
import { isNotFoundStatus } from "../shell/ErrorPage";
import { hashedPagePolicy } from "../middleware/security-headers";
import { clientEntryIntegrity } from "../render/asset-tags";
import { pageCacheControl } from "../render/cache-policy";
import { speculationRulesJson } from "../render/speculation-rules";
import { consentStateScript } from "../render/consent-state";
import { documentEnd, documentStart } from "../render/document.server";
import type { PageMeta } from "../router/meta";
import type { PagePayload } from "../render/payload";
import { siteChrome, siteConfig } from "../router/request-context.server";
import { features } from "./features.server";
import { ChromeHtmlContext } from "../shell/chrome-html";
import { chromeHtmlOf } from "./chrome-html.server";

/** The features' feeds every page announces, found once (a page render only names the site). */
const featureFeeds = features.flatMap((feature) => (feature.feeds ? [feature.feeds] : []));

/** The build's policy for public pages (hashes are computed once per isolate). */
let hashedPolicy: Promise<string | null> | undefined;
const publicHashedPolicy = () => (hashedPolicy ??= hashedPagePolicy(clientEntryIntegrity, [consentStateScript, speculationRulesJson]));

export interface PageRender {
  state: PageState;
  meta: PageMeta;
  status?: number;
  /** Route params, so the browser can run the same loader. */
  params?: Record<string, string>;
}

/**
 * A page view inside the app shell. Loaders have fetched everything before the view renders,
 * so the tree never suspends on the server and is rendered to one string: in workerd React's
 * web-stream renderer costs about twice the CPU, since every attribute and text piece goes
 * through its own TextEncoder call. The worker ships React's string renderer only, not its
 * stream renderer as well (docs/decisions/011).
 */
export async function renderPage(c: Context<AppEnv>, page: PageRender): Promise<Response> {
  const route = page.state.route === "error" ? null : await loadRoute(page.state.route);
  const element = (
    <ChromeHtmlContext.Provider value={chromeHtmlOf(page.state.site)}>
      <App state={page.state} />
    </ChromeHtmlContext.Provider>
  );
  return renderDocument(c, { ...page, element, browserQueries: browserQueriesOf(route) });
}

const operationNames = new WeakMap<RouteModule<any>, ReadonlySet<string>>();

/**
 * The browser's loader (hydration) runs only the route's declared operations: the shell's and
 * other server-only results stay out of the page. Derived once per route module.
 */
function browserQueriesOf(route: RouteModule<any> | null): ReadonlySet<string> {
  if (!route) return new Set();
  let names = operationNames.get(route);
  if (!names) {
    names = new Set(route.operations.map((operation) => operation.name));
    operationNames.set(route, names);
  }
  return names;
}

type DocumentRender = PageRender & {
  element: ReactElement;
  /** Operations whose results the page hands to the browser's query cache (default: all). */
  browserQueries?: ReadonlySet<string>;
};

/** `element` rendered to a string between the document's head and tail. Errors give the 500 screen. */
export async function renderDocument(c: Context<AppEnv>, page: DocumentRender): Promise<Response> {
  let body: string;
  try {
    body = renderToString(page.element);
  } catch (error) {
    return renderFailed(c, page, error);
  }
  const { head, tail, init } = documentParts(c, page, await publicHashedPolicy());
  return new Response(head + body + tail, init);
}

function renderFailed(c: Context<AppEnv>, { state, status = 200 }: PageRender, error: unknown): Promise<Response> {
  if (state.route === "error" && status >= 500) throw error; // the error page itself failed: onError answers plainly
  console.error(`page ${c.req.path} failed to render:`, error);
  return renderErrorPage(c, 500);
}

/** The document around the React root (head, payload, scripts) and the response's status and headers. */
function documentParts(
  c: Context<AppEnv>,
  { state, meta, status = 200, params = {}, browserQueries }: DocumentRender,
  publicPolicy: string | null,
) {
  // A public page that loads no outside script trusts the build's client entry by hash: no
  // nonce in it, so the page cache answers its bytes as they are. Editors' previews (the
  // visual editor adds styles) and pages with an outside script (Turnstile) keep the nonce.
  const hashedPolicy = c.get("preview") || meta.scripts?.length ? null : publicPolicy;
  const nonce = hashedPolicy ? "" : c.get("nonce");
  const config = siteConfig(c);
  const content = c.get("content");
  const head = documentStart({
    meta,
    nonce,
    siteUrl: config.url,
    siteName: config.name,
    indexable: config.environment === "prod",
    prefetch: !state.site.preview,
    feeds: featureFeeds.flatMap((feedsOf) => feedsOf(config.name)),
  });
  const payload: PagePayload = {
    route: state.route === "error" ? null : state.route,
    params,
    status,
    site: state.site,
    config,
    queries: pickQueries(content?.results ?? {}, browserQueries),
  };
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", Vary: "Accept-Encoding" });
  headers.set("Cache-Control", pageCacheControl(status));
  if (content) headers.set("Server-Timing", content.serverTiming());
  if (hashedPolicy) headers.set("Content-Security-Policy", hashedPolicy);
  return { head, tail: documentEnd(payload, nonce), init: { status, headers } };
}

/** The results of `operations` among a request's query results (keyed `name:variables`). */
function pickQueries(results: Record<string, unknown>, operations: ReadonlySet<string> | undefined): Record<string, unknown> {
  if (!operations) return results;
  return Object.fromEntries(Object.entries(results).filter(([key]) => operations.has(key.slice(0, key.indexOf(":")))));
}

/** The 404 or 500 screen (spec section 8) with the given status kept. */
export async function renderErrorPage(c: Context<AppEnv>, status: number): Promise<Response> {
  const notFound = isNotFoundStatus(status);
  const site = await siteChrome(c);
  const url = new URL(c.req.url);
  const path = url.pathname + url.search;
  return renderPage(c, {
    status,
    state: { route: "error", data: { status, path }, site, path },
    meta: {
      rawTitle: notFound ? t("errors.meta_title_404") : t("errors.meta_title_500"),
      description: notFound ? t("errors.title_404") : t("errors.title_500"),
      path: url.pathname,
      canonical: null,
      noindex: true,
    },
  });
}
