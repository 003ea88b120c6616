import type { Context, Hono, MiddlewareHandler } from "hono";
import type { Content, ContentOptions } from "../content/content.server";
import type { ContentType } from "../content/content-type.server";
import type { ContentExtensions } from "../content/extensions.server";
import type { AppEnv, Bindings, RenderPage } from "../env";

/**
 * The test seams of the features, by feature name (an upstream fetch, a fake Turnstile). Empty
 * here: each feature adds its own key with `declare module`, so the app's options are typed by
 * the features it is built from without the app naming any of them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: features extend it by declaration merging.
export interface FeatureOptions {}

/** What the app hands a feature while it is built. */
export interface FeatureContext {
  options: FeatureOptions & { content?: ContentOptions };
  /** The site's error page for a status, in the site's frame (a redirect map's 410). */
  renderErrorPage: (c: Context<AppEnv>, status: number) => Promise<Response>;
}

/** What a job gets from one run of the cron trigger. */
export interface ScheduledRun {
  /** When the platform scheduled this run (ms). */
  scheduledTime: number;
  cron: string;
  waitUntil(promise: Promise<unknown>): void;
  /** Upstream fetch (tests inject a mock Directus). */
  fetch?: typeof fetch;
  /** A request through the whole app (the worker's own), to publish pages; none in some tests. */
  renderPage?: RenderPage;
}

/** One task of the cron trigger (`[triggers] crons` in wrangler.toml: every minute). */
export interface ScheduledJob {
  name: string;
  run(env: Bindings, run: ScheduledRun): Promise<void>;
}

/** A queued message to be tried again after a delay of its handler's choosing. */
export interface RetryLater {
  retryAfterSeconds: number;
}

export const isRetryLater = (outcome: unknown): outcome is RetryLater =>
  typeof outcome === "object" && outcome !== null && typeof (outcome as RetryLater).retryAfterSeconds === "number";

/** One kind of message of the worker's queue (a message's `kind`, or "subscription" for a bare body). */
export interface QueueHandler {
  /** What it is, for the log ("form submission"). */
  what: string;
  /**
   * Does the message's work. Throwing retries it with the queue's backoff; a handler with its own
   * retry policy answers `RetryLater` instead. Any other answer acknowledges the message.
   */
  handle(body: any, env: Bindings, attempt: { attempts: number; last: boolean }, options: QueueOptions): Promise<unknown>;
}

export interface QueueOptions {
  fetch?: typeof fetch;
  now?: () => Date;
}

/** A CMS change as its webhook reports it, and what answering it may use. */
interface ContentChange {
  collection: string;
  /** The items it names; none: anything in the collection may have changed. */
  keys: readonly string[];
  /** Collections the save made the CMS's own flows rewrite without a change event: anything in them may have changed. */
  rewritten: readonly string[];
  env: Bindings;
  content: Content;
  renderPage: RenderPage;
  /** Work that may finish after the webhook has its answer. */
  afterResponse(work: Promise<unknown>): Promise<void>;
}

/**
 * A feature's server face: everything the app needs to build the worker with it. The app is the
 * list of these (src/app/features.server.ts), so a feature is its folder and one line there; its
 * pages are one line in the route table (src/app/table.ts), which the browser reads too.
 */
export interface ServerFeature {
  name: string;
  /** Addresses it answers besides its pages (APIs, files, feeds): registered before the pages. */
  routes?(app: Hono<AppEnv>, context: FeatureContext): void;
  /** Middleware before the page cache (an old address redirected, an experiment's variant chosen), in the features' order. */
  beforePages?(context: FeatureContext): MiddlewareHandler<AppEnv>;
  /** Its CMS content types (decision 024), in the sitemap's order. */
  contentTypes?: readonly ContentType[];
  /** Its additions to the content client: operations the worker answers, transforms, versioned reads. */
  content?: readonly Partial<ContentExtensions>[];
  /** Its kinds of queued message. */
  queue?: Readonly<Record<string, QueueHandler>>;
  /** Its tasks of the cron trigger. */
  jobs?: readonly ScheduledJob[];
  /** Its work when the CMS reports a change (after the collection's generation moved on). */
  onContentChange?(change: ContentChange): Promise<void>;
  /** Addresses that always answer published content, even to an editor's preview cookie. */
  publishedOnly?(path: string, accept: string | undefined): boolean;
  /** Pages the CMS webhook renders when published and keeps in KV: a page-cache miss looks there first. */
  publishedWhenEdited?(path: string): boolean;
  /** The feeds every page announces in its head (the site's name titles them). */
  feeds?(siteName: string): readonly { title: string; href: string }[];
}

export const defineFeature = (feature: ServerFeature): ServerFeature => feature;
