import type { Context } from "hono";
import type { ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { AppEnv } from "../env";
import { t } from "../i18n";
import { loadRoute, type PageState } from "../routes/table";
import { App } from "../views/App";
import { pageCacheControl } from "./cache-policy";
import { isCrawler } from "./crawlers";
import { documentEnd, documentStart } from "./document.server";
import type { PageMeta } from "./meta";
import type { PagePayload } from "./payload";
import { siteChrome, siteConfig } from "./request-context.server";

export interface PageRender {
  state: PageState;
  meta: PageMeta;
  status?: number;
  /** Route params, so the browser can run the same loader. */
  params?: Record<string, string>;
}

/** Streams a page view inside the app shell. */
export async function renderPage(c: Context<AppEnv>, page: PageRender): Promise<Response> {
  if (page.state.route !== "error") await loadRoute(page.state.route);
  return streamDocument(c, { ...page, element: <App state={page.state} /> });
}

/**
 * Renders `element` with React's streaming renderer between the document's head and tail.
 * Errors before the shell is ready (anywhere outside a Suspense boundary) become the 500
 * screen with status 500; crawlers get the stream only once everything is ready.
 */
export async function streamDocument(
  c: Context<AppEnv>,
  { element, state, meta, status = 200, params = {} }: PageRender & { element: ReactElement },
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
    if (state.route === "error" && status >= 500) throw error; // the error page itself failed: onError answers plainly
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
  const payload: PagePayload = {
    route: state.route === "error" ? null : state.route,
    params,
    status,
    site: state.site,
    config,
    queries: content?.results ?? {},
  };
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", Vary: "Accept-Encoding" });
  headers.set("Cache-Control", pageCacheControl(status));
  if (content) headers.set("Server-Timing", content.serverTiming());
  return new Response(wrapStream(head, body, documentEnd(payload, nonce)), { status, headers });
}

/** The 404 or 500 screen (spec section 8) with the given status kept. */
export async function renderErrorPage(c: Context<AppEnv>, status: number): Promise<Response> {
  const notFound = status === 404;
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
