import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../../env";
import { consentCookieName, parseConsent } from "../../../lib/consent";
import { isCrawler } from "../../../lib/crawler";
import { rateLimit } from "../../../middleware/rate-limit";
import { errorFields, logLine } from "../../../lib/log";
import { recordCallToActionConversion, recordPageView } from "../../experiments/index.server";
import { recordAskPageView } from "../../ask/index.server";
import { isAskVoteBeacon, isSearchBeacon, recordAskVote, recordSearchBeacon, recordSearchPageView } from "../../search/index.server";

/**
 * What one page view writes to Workers Analytics Engine (binding PAGE_VIEWS). Queried with
 * `npm run analytics` (SQL: blob1 = path, blob2 = referrer host, blob3 = country, blob4 = device).
 * No IP address, cookie, visitor id or query string: nothing that identifies a person.
 */
export interface PageView {
  path: string;
  referrerHost: string;
  country: string;
  device: "mobile" | "tablet" | "desktop" | "bot" | "unknown";
}

const maxPathLength = 256;
/** Analytics Engine allows one index of at most 96 bytes. */
const maxIndexBytes = 96;

/** The path alone: query string and fragment dropped (they may carry tokens or search terms). */
export function pagePath(raw: string): string | null {
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  const path = raw.split(/[?#]/, 1)[0]!;
  return path.slice(0, maxPathLength);
}

/** The referrer's host name only (no path, query or credentials); "" for none or a non-web URL. */
export function referrerHost(raw: unknown): string {
  if (typeof raw !== "string" || !raw) return "";
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.hostname.slice(0, 100) : "";
  } catch {
    return "";
  }
}

/** A coarse device class from the User-Agent; the string itself is never stored. */
export function deviceClass(userAgent: string | undefined): PageView["device"] {
  if (!userAgent) return "unknown";
  if (isCrawler(userAgent)) return "bot";
  if (/ipad|tablet|playbook|silk|kindle|android(?!.*mobi)/i.test(userAgent)) return "tablet";
  if (/mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The first `maxBytes` bytes of `value` in UTF-8, never cutting a character in two. */
function byteSlice(value: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(value).length <= maxBytes) return value;
  let out = "";
  let bytes = 0;
  for (const char of value) {
    bytes += encoder.encode(char).length;
    if (bytes > maxBytes) break;
    out += char;
  }
  return out;
}

/** Writes one page view; a missing or failing binding loses the view, never the request. */
function record(c: Context<AppEnv>, view: PageView): void {
  const dataset = c.env.PAGE_VIEWS as AnalyticsEngineDataset | undefined;
  if (!dataset) return;
  try {
    // writeDataPoint is synchronous and sends in the background: nothing to await.
    dataset.writeDataPoint({
      indexes: [byteSlice(view.path, maxIndexBytes)],
      blobs: [view.path, view.referrerHost, view.country, view.device],
      doubles: [1],
    });
  } catch (error) {
    logLine("warn", "page_view_not_written", errorFields(error));
  }
}

/**
 * POST /api/collect — page views from /analytics.js and the search's beacons (a search, a click
 * on a result: `{type: "search" | "search_click", ...}`) and the experiments' (a click on a
 * variant's link: `{type: "experiment_click", experiment}`), all sent only with analytics consent. A
 * point is recorded only when the consent cookie says so (the script may be cached or copied);
 * without consent it is acknowledged and dropped. It sets no cookie but the experiments' (a
 * conversion remembered) and never echoes input.
 * The search page's view carries its query string (`search`): the search made there; the /ask
 * page's, the question asked there. A vote on an answer: `{type: "ask_vote", q, helpful}`.
 */
export const collectRoutes = new Hono<AppEnv>()
  .use(
    rateLimit({
      route: "collect",
      binding: "COLLECT_LIMITER",
      limit: 60,
      windowMs: 10_000,
      message: "Too many page views from this address; try again in a few seconds.",
    }),
  )
  .post("/", async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      id?: unknown;
      path?: unknown;
      referrer?: unknown;
      search?: unknown;
      type?: unknown;
    } | null;
    if (body && typeof body === "object" && body.type === "experiment_click") {
      const experiment = (body as { experiment?: unknown }).experiment;
      if (typeof experiment !== "string" || experiment.length > 40)
        return c.text('Expected JSON like {"type": "experiment_click", "experiment": "pricing-hero"}.', 400);
      await recordCallToActionConversion(c, experiment);
      return c.body(null, 204);
    }
    if (body && typeof body === "object" && body.type === "ask_vote") {
      if (!isAskVoteBeacon(body))
        return c.text('Expected JSON like {"type": "ask_vote", "source": "dialog", "q": "...", "helpful": true}.', 400);
      if (parseConsent(getCookie(c, consentCookieName)) === "all" && !c.get("preview")) recordAskVote(c.env, body);
      return c.body(null, 204);
    }
    if (body && typeof body === "object" && body.type !== undefined) {
      if (!isSearchBeacon(body)) return c.text('Expected JSON like {"type": "search", "source": "dialog", "q": "..."}.', 400);
      if (parseConsent(getCookie(c, consentCookieName)) === "all") await recordSearchBeacon(c, body);
      return c.body(null, 204);
    }
    const path = body && typeof body.path === "string" ? pagePath(body.path) : null;
    if (!body || typeof body.id !== "string" || !path) {
      return c.text('Expected JSON like {"id": "...", "path": "/blog"}.', 400);
    }
    if (parseConsent(getCookie(c, consentCookieName)) === "all") {
      const country = (c.req.raw.cf as { country?: unknown } | undefined)?.country;
      record(c, {
        path,
        referrerHost: referrerHost(body.referrer),
        country: typeof country === "string" ? country : "",
        device: deviceClass(c.req.header("user-agent")),
      });
      if (path === "/search" && typeof body.search === "string") await recordSearchPageView(c, body.search);
      if (path === "/ask" && typeof body.search === "string") await recordAskPageView(c, body.search);
      await recordPageView(c, path); // a page the app's router showed: its experiments (decision 028)
    }
    return c.body(null, 204);
  });
