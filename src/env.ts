import type { Content } from "./content/content.server";
import type { PreviewVersion } from "./content/extensions.server";
import type { Visitor } from "./content/visitor";
import type { PreviewRelease } from "./content/types/site";

/** Renders one page of this site the way a visitor would get it (the docs publish pages with it). */
export type RenderPage = (request: Request) => Promise<Response>;

/** Hono's environment for this worker: bindings from wrangler.toml plus per-request variables. */
interface Secrets {
  /** Directus token of the read-only Preview role (drafts). */
  DIRECTUS_PREVIEW_TOKEN?: string;
  /**
   * Directus token of the read-only Site reader role: published content, with the blocks,
   * sections, form fields and files the Public policy does not read. Every public read sends it.
   */
  DIRECTUS_READ_TOKEN?: string;
  /** Shared secret of the Directus Flow that calls /api/revalidate. */
  REVALIDATE_SECRET?: string;
  /** Maps service key, fallback for events without their own. */
  MAPS_KEY?: string;
  /** "off" turns the whole-page cache off (benchmarks of pure SSR); on by default. */
  PAGE_CACHE?: string;
  /**
   * Seconds a rendered page is fresh before its age alone has it rendered again (60 to 86400;
   * 300 when unset or out of range). A change to what it shows makes it stale sooner.
   */
  PAGE_FRESH_SECONDS?: string;
  /** Directus token of the Site role: creates newsletter subscriptions, form submissions and page feedback. */
  DIRECTUS_SUBMISSIONS_TOKEN?: string;
  /** The same token under its name before this release, read while DIRECTUS_SUBMISSIONS_TOKEN is unset. */
  DIRECTUS_SUBSCRIBE_TOKEN?: string;
  /**
   * The hosts form webhooks may send submissions to (`host` or `host:port`, separated by commas):
   * set by operators, the same list as Directus' FORM_WEBHOOK_HOSTS. Empty: no webhook is sent.
   */
  FORM_WEBHOOK_HOSTS?: string;
  /** Cloudflare Turnstile's secret key (forms). Without it every form submission fails closed. */
  TURNSTILE_SECRET_KEY?: string;
  /** Signs the links to files sent with forms (HMAC-SHA256); without it a form with a file field takes no files. */
  FORM_UPLOADS_SIGNING_KEY?: string;
  /** Turnstile's siteverify URL; Cloudflare's by default (tests point it at a local fake). */
  TURNSTILE_SITEVERIFY_URL?: string;
  /** The Turnstile widget script; Cloudflare's by default (browser tests serve a local fake). */
  TURNSTILE_SCRIPT_URL?: string;
  /** "off" drops the one-line-per-request log (failures are still logged); on by default. */
  REQUEST_LOG?: string;
  /**
   * How long a Directus read may take before the page gives up (ms); 4,000 by default. The
   * test stacks that share two cores with a browser raise it: they check content, not speed.
   */
  CONTENT_TIMEOUT_MS?: string;
  /**
   * Directus as editors reach it (admin, Live Preview), when that is not `API_BASE_URL` (the
   * worker's own way in): the origin allowed to frame previews and behind 'Edit in CMS'.
   */
  CMS_PUBLIC_URL?: string;
  /** The Cloudflare account of the Analytics Engine datasets: the search-gaps cron reads them back. */
  CLOUDFLARE_ACCOUNT_ID?: string;
  /** An API token with Account Analytics → Read, for that cron. Without it the cron leaves the CMS alone. */
  ANALYTICS_API_TOKEN?: string;
  /** The Cloudflare API's base URL; Cloudflare's by default (tests point it at a fake SQL API). */
  ANALYTICS_API_BASE_URL?: string;
}

export type Bindings = Env & Secrets;

interface Variables {
  /** Per-request CSP nonce for inline and module scripts. */
  nonce: string;
  /** True when the request carries a valid editor preview token or cookie. */
  preview: boolean;
  /** In a preview: the one item whose named content version the editor asked to see. */
  previewVersion?: PreviewVersion;
  /** In a preview: the release (its id) the whole site is shown in, as once it is published. */
  previewReleaseId?: string;
  /** In a release's preview: what the shell's bar says of it (the releases feature reads it). */
  previewRelease?: PreviewRelease;
  /** The visitor as the page's experiments see it (decision 028), set by the experiments middleware. */
  visitor?: Visitor;
  /** The variants this visitor sees of the page's experiments, as a part of the page cache's key ("" for none). */
  experimentVariant?: string;
  /** This request's content access (cache in public mode, drafts in preview). */
  content: Content;
  /** Renders another request through this app (the webhook publishes pages with it). */
  renderPage: RenderPage;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
