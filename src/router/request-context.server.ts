import type { Context } from "hono";
import { defaultTurnstileScriptUrl, type SiteConfig } from "../config/site";
import type { SiteChrome } from "../content/types/site";
import type { AppEnv } from "../env";
import type { LoaderArgs } from "./define";
import { cmsOrigin } from "../lib/cms-origin";
import { loadSiteChrome } from "../content/site-chrome";

/** What a request hands to loaders and the shell: public config, content access, the shell's data. */

/** Public site configuration from the worker's vars. */
export function siteConfig(c: Context<AppEnv>): SiteConfig {
  return {
    name: c.env.SITE_NAME,
    url: c.env.SITE_URL,
    environment: c.env.ENVIRONMENT,
    apiBaseUrl: c.env.API_BASE_URL,
    ...(c.env.MAPS_KEY?.trim() ? { mapsKey: c.env.MAPS_KEY.trim() } : {}),
    turnstile: c.env.TURNSTILE_SITE_KEY?.trim()
      ? { siteKey: c.env.TURNSTILE_SITE_KEY.trim(), scriptUrl: c.env.TURNSTILE_SCRIPT_URL?.trim() || defaultTurnstileScriptUrl }
      : null,
  };
}

export function loaderArgs(c: Context<AppEnv>, params: Record<string, string> = {}): LoaderArgs {
  const visitor = c.get("visitor") ?? { id: null, preview: c.get("preview") === true, now: Date.now() };
  return { url: new URL(c.req.url), params, content: c.get("content"), config: siteConfig(c), visitor };
}

/**
 * The shell's data for this request, marked when it is an editor preview. Not the visitor's
 * cookie choice: a page is the same for every visitor (src/render/consent-state.ts), and the
 * browser reads the choice from the cookie itself.
 */
export async function siteChrome(c: Context<AppEnv>): Promise<SiteChrome> {
  const site = await loadSiteChrome(loaderArgs(c));
  if (!c.get("preview")) return site;
  const url = new URL(c.req.url);
  const version = c.get("previewVersion");
  const release = c.get("previewRelease");
  const exitHref = `/api/preview/exit?path=${encodeURIComponent(url.pathname + url.search)}`;
  return { ...site, preview: { exitHref, cmsUrl: cmsOrigin(c.env), ...(version ? { version } : {}), ...(release ? { release } : {}) } };
}
