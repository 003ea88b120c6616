/** Public configuration of the site, from the worker's vars (never secrets). */
export interface SiteConfig {
  name: string;
  url: string;
  environment: string;
  /** Directus origin, for file URLs (content queries from the browser go to the site). */
  apiBaseUrl: string;
  /**
   * Maps embed key (the `MAPS_KEY` secret), the fallback for events without their own
   * `map_key`. It reaches the browser in the page payload, as any embed key does in the map's
   * iframe URL: a public browser key, to be restricted to the site's origin at the provider.
   */
  mapsKey?: string;
  /** Cloudflare Turnstile on forms (public values); null when no site key is configured. */
  turnstile: TurnstileSettings | null;
}

/** The Turnstile widget: its site key and the script that draws it. */
export interface TurnstileSettings {
  siteKey: string;
  scriptUrl: string;
}

/** Cloudflare's widget script; `TURNSTILE_SCRIPT_URL` replaces it (browser tests serve a fake). */
export const defaultTurnstileScriptUrl = "https://challenges.cloudflare.com/turnstile/v0/api.js";
