import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../env";
import { type MemoryVariant, privatePageCacheControl } from "../../middleware/page-cache";
import { type ConsentState, consentCookieName, parseConsent } from "../../lib/consent";
import { isCrawler } from "../../lib/crawler";
import { chooseVariant, controlOf } from "./assignment";
import { recordExperimentEvent } from "./events.server";
import {
  type LiveExperiment,
  type LiveExperiments,
  liveExperimentsOf,
  rememberLiveExperiments,
  rememberedLiveExperiments,
} from "./live.server";
import { liveExperimentsQuery } from "./queries";
import {
  type ExperimentCookie,
  experimentCookieMaxAgeSeconds,
  experimentCookieName,
  formatExperimentCookie,
  newVisitorId,
  parseExperimentCookie,
} from "./visitor-cookie";

/** Addresses that are never pages: experiments leave them alone. */
const notAPage = (path: string) =>
  path.startsWith("/api/") || path === "/graphql" || path.startsWith("/_next/") || path.startsWith("/cdn-cgi/");

/** The part of the page cache's key for these variants: the experiments where this visitor sees no control. */
function keyPart(assigned: Readonly<Record<string, string>>, onPage: readonly LiveExperiment[]): string {
  const parts = onPage
    .filter((experiment) => assigned[experiment.key] !== controlOf(experiment)?.key)
    .map((experiment) => `${experiment.key}=${assigned[experiment.key]}`);
  return parts.length ? `|${parts.join("|")}` : "";
}

/** The variants a visitor with this id sees of the experiments live at `now`. */
function assign(onPage: readonly LiveExperiment[], id: string, now: number): Record<string, string> {
  const assigned: Record<string, string> = {};
  for (const experiment of onPage) {
    const key = chooseVariant(experiment, { id, preview: false, now });
    if (key) assigned[experiment.key] = key;
  }
  return assigned;
}

const cookieHeader = (value: string, secure: boolean, maxAge = experimentCookieMaxAgeSeconds) =>
  `${experimentCookieName}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;

const noExperiments = liveExperimentsOf({ experiments: [], experiment_blocks: [] });

/**
 * The running experiments of this request's content generation (read once per generation and
 * isolate). When they cannot be read, none: everyone sees the control, and the page still shows.
 */
async function liveExperiments(c: Context<AppEnv>): Promise<LiveExperiments> {
  const content = c.get("content");
  try {
    const generation = await content.generation();
    const remembered = rememberedLiveExperiments(generation);
    if (remembered) return remembered;
    const live = liveExperimentsOf(await content.query(liveExperimentsQuery));
    rememberLiveExperiments(generation, live);
    return live;
  } catch (error) {
    console.warn("experiments not read, everyone sees the control:", error instanceof Error ? error.message : error);
    return noExperiments;
  }
}

/** Whether this answer is a page a visitor was shown (an exposure counts only then). */
const shownPage = (res: Response) => res.status === 200 && res.headers.get("content-type")?.startsWith("text/html") === true;

/**
 * Experiments at the edge (decision 028). A visitor who allowed analytics, and is no crawler,
 * gets a random id in a first-party cookie on the first page with a running experiment; the id
 * decides the variants, and the page cache keys the page by them (`experimentVariant`). The
 * first time a visitor is shown an experiment is its exposure; reaching its goal page, its
 * conversion; each counted once (the cookie remembers). Without that consent, for a crawler or
 * an editor's preview: no cookie, the control (a preview picks any variant with `?variant=`),
 * and a cookie left from an earlier consent is removed. A page an experiment stands on is not
 * the same for every visitor, and an answer that sets or clears the cookie is this visitor's:
 * both are private, whoever asks (a shared cache would hand a control's page to a visitor of the
 * variant, or one visitor's cookie to another).
 */
export function experiments(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const now = Date.now();
    const preview = c.get("preview") === true;
    c.set("visitor", { id: null, preview, now, ...(preview ? {} : { assigned: {} }) });
    if (notAPage(c.req.path) || c.req.method !== "GET") return next();
    const consent = parseConsent(getCookie(c, consentCookieName));
    const stored = getCookie(c, experimentCookieName);
    // Previews are never kept by any cache (preview.ts): no need to know the page's experiments.
    const live = preview ? noExperiments : await liveExperiments(c);
    const onPage = live.onPath(c.req.path);
    if (consent !== "all" || preview || isCrawler(c.req.header("user-agent"))) {
      await next();
      const clear = consent !== "all" && stored !== undefined;
      if (clear) c.res.headers.append("Set-Cookie", cookieHeader("", secureOf(c), 0));
      if (clear || onPage.length) keepPrivate(c.res);
      return;
    }

    const goals = live.goalAt(c.req.path);
    const cookie = parseExperimentCookie(stored);
    if (!onPage.length && !(cookie && goals.length)) return next();

    const state: ExperimentCookie = cookie ?? { id: newVisitorId(), exposed: new Set(), converted: new Set() };
    const assigned = assign(onPage, state.id, now);
    c.set("visitor", { id: state.id, preview, now, assigned });
    c.set("experimentVariant", keyPart(assigned, onPage));
    await next();
    if (onPage.length) keepPrivate(c.res);
    if (!shownPage(c.res)) return;

    let changed = !cookie;
    for (const experiment of onPage) {
      if (state.exposed.has(experiment.key) || !assigned[experiment.key]) continue;
      recordExperimentEvent(c, "exposure", experiment, assigned[experiment.key]!);
      state.exposed.add(experiment.key);
      changed = true;
    }
    for (const experiment of goals) if (convert(c, experiment, state, now)) changed = true;
    if (changed) {
      setExperimentCookie(c, state, live);
      keepPrivate(c.res);
    }
  };
}

/** No shared cache may keep this answer (one that no cache may keep, an error, stays so). */
function keepPrivate(res: Response): void {
  if (!res.headers.get("Cache-Control")?.includes("no-store")) res.headers.set("Cache-Control", privatePageCacheControl);
}

const secureOf = (c: Context<AppEnv>) => new URL(c.req.url).protocol === "https:";

/** The cookie written anew, without the experiments that no longer run. */
function setExperimentCookie(c: Context<AppEnv>, state: ExperimentCookie, live: LiveExperiments): void {
  const running = new Set(live.all.map((experiment) => experiment.key));
  const kept: ExperimentCookie = {
    id: state.id,
    exposed: new Set([...state.exposed].filter((key) => running.has(key))),
    converted: new Set([...state.converted].filter((key) => running.has(key))),
  };
  c.res.headers.append("Set-Cookie", cookieHeader(formatExperimentCookie(kept), secureOf(c)));
}

/** Records the visitor's conversion in a live experiment it was exposed to, once; true if it did. */
function convert(c: Context<AppEnv>, experiment: LiveExperiment, state: ExperimentCookie, now: number): boolean {
  if (!state.exposed.has(experiment.key) || state.converted.has(experiment.key)) return false;
  const variant = chooseVariant(experiment, { id: state.id, preview: false, now });
  if (!variant) return false;
  recordExperimentEvent(c, "conversion", experiment, variant);
  state.converted.add(experiment.key);
  return true;
}

/**
 * The conversions of the live experiments `isGoal` picks, for a consented visitor exposed to
 * them; the cookie that remembers them goes on the answer. A conversion lost never fails the
 * request it follows.
 */
async function recordConversions(c: Context<AppEnv>, isGoal: (experiment: LiveExperiment) => boolean): Promise<void> {
  try {
    if (parseConsent(getCookie(c, consentCookieName)) !== "all") return;
    const cookie = parseExperimentCookie(getCookie(c, experimentCookieName));
    if (!cookie) return;
    const live = await liveExperiments(c);
    const now = Date.now();
    let changed = false;
    for (const experiment of live.all) if (isGoal(experiment) && convert(c, experiment, cookie, now)) changed = true;
    if (changed) c.header("Set-Cookie", cookieHeader(formatExperimentCookie(cookie), secureOf(c)), { append: true });
  } catch (error) {
    console.warn("experiment conversion not recorded:", error);
  }
}

/**
 * A page the app's router showed (the analytics script's page view, sent with consent): the
 * first exposure to the experiments that stand on it, for a visitor with an id (the router
 * showed that id's variant; without one it showed the control and counts nothing), and the
 * conversion of those whose goal is reaching it. The server counts the same on a page it
 * serves, and the cookie keeps each once: a page view after a page load finds it counted.
 */
export async function recordPageView(c: Context<AppEnv>, path: string): Promise<void> {
  try {
    const cookie = parseExperimentCookie(getCookie(c, experimentCookieName));
    if (!cookie || parseConsent(getCookie(c, consentCookieName)) !== "all" || isCrawler(c.req.header("user-agent"))) return;
    const live = await liveExperiments(c);
    const now = Date.now();
    let changed = false;
    for (const experiment of live.onPath(path)) {
      if (cookie.exposed.has(experiment.key)) continue;
      const variant = chooseVariant(experiment, { id: cookie.id, preview: false, now });
      if (!variant) continue;
      recordExperimentEvent(c, "exposure", experiment, variant);
      cookie.exposed.add(experiment.key);
      changed = true;
    }
    for (const experiment of live.goalAt(path)) if (convert(c, experiment, cookie, now)) changed = true;
    if (changed) c.header("Set-Cookie", cookieHeader(formatExperimentCookie(cookie), secureOf(c)), { append: true });
  } catch (error) {
    console.warn("experiment page view not recorded:", error);
  }
}

/** A form submitted (the forms API calls this once it stored a submission): the experiments whose goal is this form. */
export const recordFormConversion = (c: Context<AppEnv>, formKey: string) =>
  recordConversions(c, (experiment) => experiment.goal === "form_submitted" && experiment.goalForm === formKey);

/**
 * A click on a link of an experiment's variant (the analytics script's beacon to the collector):
 * that experiment's conversion when its goal is a call to action clicked.
 */
export const recordCallToActionConversion = (c: Context<AppEnv>, experimentKey: string) =>
  recordConversions(c, (experiment) => experiment.goal === "cta_clicked" && experiment.key === experimentKey);

/**
 * The page cache's key part for the memory hit before the app (servePageFromMemory): the
 * variants this visitor sees, from the experiments remembered for this generation, and whether
 * the answer is everyone's (not on a page an experiment stands on). Null when only the app can
 * answer: the experiments are not read yet, a visitor gets a cookie or is counted on this page
 * (a first exposure, a goal reached), or a cookie must go (consent withdrawn).
 */
export function memoryPageVariant(
  request: Request,
  url: URL,
  generation: string,
  consent: ConsentState,
  now = Date.now(),
): MemoryVariant | null {
  const cookies = request.headers.get("cookie") ?? "";
  const stored = new RegExp(`(?:^|;\\s*)${experimentCookieName}=([^;]*)`).exec(cookies)?.[1];
  if (consent !== "all" && stored !== undefined) return null;
  const live = rememberedLiveExperiments(generation);
  if (!live) return null;
  const onPage = live.onPath(url.pathname);
  const everyone = { key: "", shared: onPage.length === 0 };
  if (consent !== "all" || isCrawler(request.headers.get("user-agent"))) return everyone;
  const goals = live.goalAt(url.pathname);
  const cookie = parseExperimentCookie(stored);
  if (!onPage.length && !(cookie && goals.length)) return everyone;
  if (!cookie) return null;
  if (onPage.some((experiment) => !cookie.exposed.has(experiment.key))) return null;
  if (goals.some((experiment) => cookie.exposed.has(experiment.key) && !cookie.converted.has(experiment.key))) return null;
  return { key: keyPart(assign(onPage, cookie.id, now), onPage), shared: onPage.length === 0 };
}
