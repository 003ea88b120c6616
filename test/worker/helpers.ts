import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { Hono } from "hono";
import { createApp, type AppOptions } from "../../src/app/create-app";
import { resetIsolateCache } from "../../src/content/cache.server";
import { bumpGeneration, clearGenerationMemo } from "../../src/content/generations.server";
import { clearTagMemo } from "../../src/content/tags.server";
import type { AppEnv, Bindings } from "../../src/env";
import { forgetKeptPages } from "../../src/middleware/page-cache";
import { clearRedirectMemo } from "../../src/features/redirects/store.server";
import { clearLiveExperimentsMemo } from "../../src/features/experiments/index.server";
import { apiNavigationData, apiReferenceData, apiVersionReferenceAnswer, apiVersionsData } from "./fixtures/api-reference";
import { changelogEntriesAnswer, changelogEntryAnswer, changelogLinksAnswer } from "./fixtures/changelog";
import { docsBodiesAnswer, docsPageAnswer, docsSourcesData, docsTreeData } from "./fixtures/docs";
import { blogAuthorAnswer, blogPostAnswer, blogPostsAnswer } from "./fixtures/blog";
import { careersJobAnswer, careersJobsAnswer } from "./fixtures/careers";
import { eventDetailAnswer, eventsListAnswer } from "./fixtures/events";
import { homeData } from "./fixtures/home";
import { navigationData, pageAnswer } from "./fixtures/pages";
import { blogPostPathAnswer, careersJobPathAnswer, eventPathAnswer, scheduledPublicationsData } from "./fixtures/editors";
import { searchPosts, searchProposalsData, searchSourcesData, sitemapData } from "./fixtures/search";
import { searchPostsChunk } from "../../src/features/blog/queries";

/** Secrets the worker tests run with (real ones live in .dev.vars / wrangler secrets). */
export const testSecrets = {
  DIRECTUS_PREVIEW_TOKEN: "test-preview-token",
  DIRECTUS_READ_TOKEN: "test-read-token",
  REVALIDATE_SECRET: "test-revalidate-secret",
  DIRECTUS_SUBMISSIONS_TOKEN: "test-subscribe-token",
  // Cloudflare's test secret that always passes (the fake siteverify answers like Cloudflare).
  TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
};

/** Sends a request through an app inside workerd, with the real bindings plus test secrets. */
export async function request(
  path: string,
  init: RequestInit & { app?: Hono<AppEnv>; options?: AppOptions; env?: Partial<Bindings> } = {},
): Promise<Response> {
  const {
    app = createApp({ pageCache: false, content: { fetch: mockDirectus().fetch }, ...init.options }),
    env: overrides,
    ...requestInit
  } = init;
  const ctx = createExecutionContext();
  const url = new URL(path, "http://localhost:3000");
  const response = await app.fetch(new Request(url, requestInit), { ...env, ...testSecrets, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * Storage (KV, Cache API) lives as long as the test file: start each test from an empty
 * content cache, no kept page and a content generation no earlier test used.
 */
export async function resetContentState(): Promise<void> {
  resetIsolateCache();
  forgetKeptPages();
  clearGenerationMemo();
  clearTagMemo();
  clearRedirectMemo();
  clearLiveExperimentsMemo();
  const { keys } = await env.CONTENT_CACHE.list();
  await Promise.all(keys.map((key) => env.CONTENT_CACHE.delete(key.name)));
  await bumpGeneration(env.CONTENT_CACHE, "posts");
}

/** Visible text of an HTML document: tags removed, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/ ([.,])/g, "$1");
}

export interface UpstreamCall {
  url: string;
  method: string;
  authorization: string | null;
  /** The release a preview reads inside (`X-Release`), or null. */
  release: string | null;
  operationName: string;
  variables: Record<string, unknown>;
  query: string;
}

type Answer = unknown | ((call: UpstreamCall) => unknown | Promise<unknown>);

/** SearchPosts as Directus answers it: `searchPostsChunk` posts from `$offset`. */
export function searchPostsAnswer(posts: () => readonly unknown[]): (call: UpstreamCall) => { posts: unknown[] } {
  return (call) => {
    const offset = Number(call.variables.offset ?? 0);
    return { posts: posts().slice(offset, offset + searchPostsChunk) };
  };
}

/**
 * A read by ids (`SearchPostsByIds`, …) as Directus answers it: each list of the data with only
 * the items whose id is in `$ids` (the data read when asked, so a test may change it).
 */
export function byIdsAnswer(data: () => Record<string, readonly unknown[]>): (call: UpstreamCall) => Record<string, unknown[]> {
  return (call) => {
    const ids = new Set(((call.variables.ids as unknown[] | undefined) ?? []).map(String));
    return Object.fromEntries(
      Object.entries(data()).map(([list, items]) => [list, items.filter((item) => ids.has(String((item as { id?: unknown }).id)))]),
    );
  };
}

/**
 * A mock Directus: answers POST /graphql per operation name with `{data}`, records every call.
 * An answer that is a Response is sent as it is (one operation failing upstream).
 * `down` makes it fail like a stopped server (network error).
 */
export function mockDirectus(answers: Record<string, Answer> = {}) {
  const calls: UpstreamCall[] = [];
  const state = { down: false, status: 200 };
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.method === "POST" ? ((await request.json()) as Record<string, any>) : {};
    const call: UpstreamCall = {
      url: request.url,
      method: request.method,
      authorization: request.headers.get("authorization"),
      release: request.headers.get("x-release"),
      operationName: body.operationName,
      variables: body.variables,
      query: body.query,
    };
    calls.push(call);
    if (state.down) throw new TypeError("fetch failed: connection refused");
    if (state.status !== 200) return new Response("upstream error", { status: state.status });
    const answer = answers[call.operationName] ?? defaultAnswers[call.operationName];
    if (answer === undefined) return Response.json({ errors: [{ message: `no mock for ${call.operationName}` }] });
    const data = typeof answer === "function" ? await (answer as (c: UpstreamCall) => unknown)(call) : answer;
    if (data instanceof Response) return data.clone();
    return Response.json({ data });
  }) as typeof fetch;
  return { fetch: fetchImpl, calls, state, count: (name: string) => calls.filter((c) => c.operationName === name).length };
}

export const siteChromeData = {
  stock_quote: { ticker: "MRDN", value: 84.12, currency: "USD", change: 1.24, last_update: "2026-11-21T16:00:00.000Z" },
  site_settings: {
    site_name: "Meridian Cloud",
    booking_link: "https://meridian.example/book",
    privacy_policy_link: "/legal/privacy",
    default_social_image: null,
  },
  newsletter_topics: [
    { key: "product-updates", title: "Product updates", description: "New GPU types, regions and features." },
    { key: "engineering", title: "Engineering blog", description: "New articles from Meridian engineers." },
    { key: "events", title: "Events and webinars", description: "Invitations to conferences and online sessions." },
  ],
  navigation: navigationData,
};

/** No redirects (a test that needs some answers `Redirects` itself). */
const noRedirectsData = { redirects: [], site_settings: { redirect_hosts: [] } };

/** No running experiment (a test that needs one answers `LiveExperiments` itself). */
export const noExperimentsData = { experiments: [], experiment_blocks: [] };

const defaultAnswers: Record<string, unknown> = {
  SiteChrome: siteChromeData,
  LiveExperiments: noExperimentsData,
  Redirects: noRedirectsData,
  HomeContent: homeData,
  Page: pageAnswer,
  BlogPosts: blogPostsAnswer,
  BlogPost: blogPostAnswer,
  BlogAuthor: blogAuthorAnswer,
  // The search index's reads of roles, events, changelog entries and pages: each picks its own list.
  SearchJobs: searchSourcesData,
  SearchEvents: searchSourcesData,
  SearchChangelog: searchSourcesData,
  SearchPages: searchSourcesData,
  SearchPosts: searchPostsAnswer(() => searchPosts),
  SearchPostsByIds: byIdsAnswer(() => ({ posts: searchPosts })),
  SearchJobsByIds: byIdsAnswer(() => ({ jobs: searchSourcesData.jobs })),
  SearchEventsByIds: byIdsAnswer(() => ({ events: searchSourcesData.events })),
  SearchChangelogByIds: byIdsAnswer(() => ({ changelog_entries: searchSourcesData.changelog_entries })),
  SearchPagesByIds: byIdsAnswer(() => ({ pages: searchSourcesData.pages })),
  SearchProposals: searchProposalsData,
  SitemapEntries: sitemapData,
  CareersJobs: careersJobsAnswer,
  CareersJob: careersJobAnswer,
  EventsList: eventsListAnswer,
  EventDetail: eventDetailAnswer,
  DocsTree: docsTreeData,
  DocsPage: docsPageAnswer,
  DocsSources: docsSourcesData,
  DocsBodies: docsBodiesAnswer(),
  BlogPostPath: blogPostPathAnswer,
  CareersJobPath: careersJobPathAnswer,
  EventPath: eventPathAnswer,
  ScheduledPublications: scheduledPublicationsData,
  ApiNavigation: apiNavigationData,
  ApiReference: apiReferenceData,
  ApiVersions: apiVersionsData,
  ApiVersionReference: apiVersionReferenceAnswer,
  ChangelogEntries: changelogEntriesAnswer,
  ChangelogEntry: changelogEntryAnswer,
  ChangelogLinks: changelogLinksAnswer,
};

/** Counts KV reads and writes by key prefix, passing them through to the real namespace. */
export function spyKv(kv: KVNamespace) {
  const ops: { op: "get" | "put"; key: string }[] = [];
  const spy = new Proxy(kv, {
    get(target, property, receiver) {
      if (property === "get" || property === "put") {
        // A read of many keys at once (the tags' marks) counts as one read of each.
        return (key: string | string[], ...rest: unknown[]) => {
          for (const one of Array.isArray(key) ? key : [key]) ops.push({ op: property, key: one });
          return (target[property] as (...args: unknown[]) => unknown).call(target, key, ...rest);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { kv: spy, ops };
}

/** A promise settled from outside: a test decides when a slow operation finishes, not a timer. */
export function deferred<T = void>() {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
