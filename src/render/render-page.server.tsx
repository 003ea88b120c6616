import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { consentCookieName, parseConsent } from "../lib/consent";
import type { ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { AppEnv } from "../env";
import { t } from "../i18n";
import type { PagePayload } from "../loaders/payload";
import { loadSiteChrome } from "../loaders/site-chrome";
import type { LoaderArgs, SiteConfig } from "../loaders/types";
import { App } from "../views/App";
import { loadView, type PageState } from "../views/registry";
import type { SiteChrome } from "../views/site";
import { isCrawler } from "./crawlers";
import { documentEnd, documentStart } from "./document.server";
import type { PageMeta } from "./meta";

/** Shared-cache policy of public HTML: edges keep it briefly and refresh in the background. */
export const publicHtmlCacheControl = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

export interface PageRender {
  state: PageState;
  meta: PageMeta;
  status?: number;
  /** Route id and params, so the browser can run the same loader (null: error screen). */
  route: string | null;
  params?: Record<string, string>;
}

/** Public site configuration from the worker's vars. */
export function siteConfig(c: Context<AppEnv>): SiteConfig {
  return {
    name: c.env.SITE_NAME,
    url: c.env.SITE_URL,
    environment: c.env.ENVIRONMENT,
    apiBaseUrl: c.env.API_BASE_URL,
    ...(c.env.MAPS_KEY?.trim() ? { mapsKey: c.env.MAPS_KEY.trim() } : {}),
  };
}

export function loaderArgs(c: Context<AppEnv>, params: Record<string, string> = {}): LoaderArgs {
  return { url: new URL(c.req.url), params, content: c.get("content"), config: siteConfig(c) };
}

/** Streams a page view inside the app shell. */
export async function renderPage(c: Context<AppEnv>, page: PageRender): Promise<Response> {
  await loadView(page.state.view);
  return streamDocument(c, { ...page, element: <App state={page.state} /> });
}

/**
 * Renders `element` with React's streaming renderer between the document's head and tail.
 * Errors before the shell is ready (anywhere outside a Suspense boundary) become the 500
 * screen with status 500; crawlers get the stream only once everything is ready.
 */
export async function streamDocument(
  c: Context<AppEnv>,
  { element, state, meta, status = 200, route, params = {} }: PageRender & { element: ReactElement },
): Promise<Response> {
  const nonce = c.get("nonce");
  let body: ReadableStream<Uint8Array> & { allReady: Promise<void> };
  try {
    body = await renderToReadableStream(element, {
      nonce,
      // Boundaries that are complete when the shell flushes stay in place. React would move
      // large ones out of line (revealed by an inline script), which hides them from visitors
      // without JavaScript: the newsletter form and the cookie notice must work for them.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        console.error(`render error in ${c.req.path}:`, error);
      },
    });
  } catch (error) {
    if (state.view === "error" && status >= 500) throw error; // the error page itself failed: onError answers plainly
    console.error(`page ${c.req.path} failed to render:`, error);
    return renderErrorPage(c, 500);
  }
  if (isCrawler(c.req.header("user-agent"))) await body.allReady;

  const config = siteConfig(c);
  const content = c.get("content");
  const head = documentStart({
    meta,
    nonce,
    siteUrl: config.url,
    siteName: config.name,
    indexable: config.environment === "prod",
  });
  const payload: PagePayload = { route, params, status, site: state.site, config, queries: content?.results ?? {} };
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", Vary: "Accept-Encoding" });
  headers.set(
    "Cache-Control",
    status === 200 ? publicHtmlCacheControl : status === 404 ? "public, max-age=0, s-maxage=60" : "no-store",
  );
  if (content) headers.set("Server-Timing", content.serverTiming());
  return new Response(wrapStream(head, body, documentEnd(payload, nonce)), { status, headers });
}

/** The shell's data for this request, marked when it is an editor preview. */
export async function siteChrome(c: Context<AppEnv>): Promise<SiteChrome> {
  const site = { ...(await loadSiteChrome(loaderArgs(c))), consent: parseConsent(getCookie(c, consentCookieName)) };
  if (!c.get("preview")) return site;
  const url = new URL(c.req.url);
  return { ...site, preview: { exitHref: `/api/preview/exit?path=${encodeURIComponent(url.pathname + url.search)}` } };
}

/** The 404 or 500 screen (spec section 8) with the given status kept. */
export async function renderErrorPage(c: Context<AppEnv>, status: number): Promise<Response> {
  const notFound = status === 404;
  const site = await siteChrome(c);
  const url = new URL(c.req.url);
  return renderPage(c, {
    status,
    route: null,
    state: { view: "error", data: { status, path: url.pathname + url.search }, site, path: url.pathname + url.search },
    meta: {
      rawTitle: notFound ? t("errors.meta_title_404") : t("errors.meta_title_500"),
      description: notFound ? t("errors.title_404") : t("errors.title_500"),
      path: url.pathname,
      noindex: true,
    },
  });
}

const encoder = new TextEncoder();

/** prefix + React's stream + suffix, pulled chunk by chunk so nothing is buffered. */
function wrapStream(prefix: string, stream: ReadableStream<Uint8Array>, suffix: string): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(prefix));
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.enqueue(encoder.encode(suffix));
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
