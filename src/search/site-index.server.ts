import { apiSearchDocuments } from "../api-reference/search";
import { usableNavigation } from "../api-reference/types";
import { apiNavigationQuery } from "../content/queries/api-reference";
import { blocksSearchText } from "../blocks/parse";
import { docsSourcesQuery, docsTreeQuery } from "../content/queries/docs";
import { searchSourcesQuery } from "../content/queries/search";
import { slugify } from "../docs/slug";
import type { ContentSource } from "../routes/define";
import { generationOf } from "../content/generations.server";
import { operationCollections } from "../content/generated/operations";
import { buildDocsTree } from "../routes/docs/tree";
import { changelogEntryHref } from "../lib/paths/changelog";
import { docSections, htmlHeadings, htmlToText, markdownText, type SearchDocument } from "./documents";
import { SearchIndexError } from "./engine";
import { buildShardedIndex, openShardedIndex, type ShardedIndex, type ShardedMeta } from "./shards";

/**
 * The site search index: built from all published content after a CMS change (the webhook)
 * and by the cron backstop, stored in KV split into parts (shards.ts: a base, term shards,
 * store chunks), each under `<index key>:<part>`. A small pointer names the current index, so
 * an isolate checks a few bytes to learn whether its copy is still current and never reads a
 * half-written index (the pointer moves after every part is written). An isolate loads the
 * base once and the other parts as queries need them.
 */

/** Collections whose changes rebuild the index: whatever the queries it is built from read (blocks, sections, …). */
export const indexedCollections = new Set<string>(
  [docsTreeQuery, docsSourcesQuery, searchSourcesQuery, apiNavigationQuery].flatMap(
    (operation) => operationCollections[operation.name as keyof typeof operationCollections],
  ),
);

const pointerKey = "search:current";
const indexKeyPrefix = "search:index:";
/** How long an isolate trusts its copy before looking at the pointer again. */
const pointerTtlMs = 10_000;
/** Old indexes expire by themselves. */
const indexTtlSeconds = 7 * 86_400;

/** Every published item as search documents: doc pages split by heading, posts, roles, events. */
export async function collectSearchDocuments(content: ContentSource): Promise<SearchDocument[]> {
  const [tree, docs, sources, api] = await Promise.all([
    content.query(docsTreeQuery),
    content.query(docsSourcesQuery),
    content.query(searchSourcesQuery),
    content.query(apiNavigationQuery),
  ]);
  const bodies = new Map(docs.docs_pages.map((page) => [page.id, page.body ?? ""]));
  const documents: SearchDocument[] = [];
  for (const { page, section, ancestors } of buildDocsTree(tree.docs_sections, tree.docs_pages).ordered) {
    const markdown = bodies.get(page.id);
    if (markdown === undefined) continue;
    const breadcrumb = [section.title, ...ancestors.map((ancestor) => ancestor.title)].join(" › ");
    documents.push(
      ...docSections({ url: page.href, title: page.title, description: page.description, markdown, section: breadcrumb }, slugify),
    );
  }
  documents.push(...apiSearchDocuments(usableNavigation(api.api_reference?.navigation)));
  for (const post of sources.posts) {
    if (!post.title) continue;
    documents.push({
      id: `/blog/${encodeURIComponent(post.slug)}`,
      kind: "post",
      title: post.title,
      headings: htmlHeadings(post.body) || undefined,
      description:
        [post.description, ...(Array.isArray(post.tags) ? post.tags.filter((tag) => typeof tag === "string") : [])]
          .filter(Boolean)
          .join(" · ") || undefined,
      body: htmlToText(post.body),
      url: `/blog/${encodeURIComponent(post.slug)}`,
      section: "Blog",
      date: post.published_at ?? undefined,
    });
  }
  for (const job of sources.jobs) {
    if (!job.role) continue;
    documents.push({
      id: `/careers/${encodeURIComponent(job.slug)}`,
      kind: "job",
      title: job.role,
      description: [job.sub_team, job.department, job.category, job.location].filter(Boolean).join(" · ") || undefined,
      body: htmlToText(job.description),
      url: `/careers/${encodeURIComponent(job.slug)}`,
      section: [job.department, job.location].filter(Boolean).join(" · ") || undefined,
    });
  }
  for (const event of sources.events) {
    if (!event.title) continue;
    documents.push({
      id: `/events/${encodeURIComponent(event.slug)}`,
      kind: "event",
      title: event.title,
      description: [event.venue, event.location, event.online ? "Online" : null].filter(Boolean).join(" · ") || undefined,
      body: htmlToText(event.description),
      url: `/events/${encodeURIComponent(event.slug)}`,
      section: event.location ?? undefined,
      date: event.start_at ?? undefined,
    });
  }
  // Changelog entries are found with the docs (kind "doc", section "Changelog"): release notes
  // are read alongside the pages they change, and a kind of their own would be one more filter.
  for (const entry of sources.changelog_entries) {
    if (!entry.title) continue;
    const products = Array.isArray(entry.products) ? entry.products.filter((product) => typeof product === "string") : [];
    documents.push({
      id: changelogEntryHref(entry.slug),
      kind: "doc",
      title: entry.title,
      description: products.join(" · ") || undefined,
      body: markdownText(entry.body ?? ""),
      url: changelogEntryHref(entry.slug),
      section: "Changelog",
      date: entry.published_at ?? undefined,
    });
  }
  for (const page of sources.pages) {
    if (!page.title || !page.path) continue;
    documents.push({
      id: page.path,
      kind: "page",
      title: page.seo_title || page.title,
      description: page.seo_description ?? undefined,
      body: blocksSearchText(page.blocks).map(htmlToText).join(" "),
      url: page.path,
    });
  }
  return documents;
}

/** The content generations the current index was built from (the cron compares them). */
const builtFromKey = "search:built-from";

/** KV writes at a time while storing an index's parts. */
const writeConcurrency = 32;

/** Reads parts of the index stored under `key`. */
const partReader = (kv: KVNamespace, key: string) => (name: string) => kv.get(`${key}:${name}`);

/** Builds the index from the content and makes it the current one (this isolate uses it at once). */
async function rebuildSearchIndex(kv: KVNamespace, content: ContentSource, now = new Date()): Promise<ShardedMeta> {
  // Read first: a change during the build leaves an older value, so the next cron run builds again.
  const builtFrom = await generationOf(kv, [...indexedCollections]);
  const built = buildShardedIndex(await collectSearchDocuments(content), { builtAt: now });
  const key = `${indexKeyPrefix}${built.meta.builtAt}`;
  const parts = [...built.parts];
  for (let i = 0; i < parts.length; i += writeConcurrency) {
    await Promise.all(
      parts.slice(i, i + writeConcurrency).map(([name, value]) => kv.put(`${key}:${name}`, value, { expirationTtl: indexTtlSeconds })),
    );
  }
  // The base last: an index whose base can be read has all its parts.
  await kv.put(`${key}:base`, built.base, { expirationTtl: indexTtlSeconds });
  await kv.put(pointerKey, key);
  await kv.put(builtFromKey, builtFrom);
  const index = openShardedIndex(built.base, partReader(kv, key));
  loaded = { key, index };
  pointerCheckedAt = now.getTime();
  return index.meta;
}

let rebuilding: Promise<void> | null = null;
let rebuildAgain: Promise<void> | null = null;

/**
 * A rebuild after a webhook, coalesced: one save in the CMS sends a webhook per collection it
 * touched (a page with its blocks sends one per block type), and each rebuild reads all content.
 * While one runs, every further request shares one more build that starts when it ends, so the
 * index still ends up built from the latest content.
 */
export function requestSearchIndexRebuild(kv: KVNamespace, content: ContentSource): Promise<void> {
  const start = (): Promise<void> => {
    rebuilding = rebuildSearchIndex(kv, content).then(
      () => {},
      (error) => console.error("search index rebuild failed:", error instanceof Error ? error.message : error),
    );
    return rebuilding.finally(() => {
      rebuilding = null;
    });
  };
  if (!rebuilding) return start();
  rebuildAgain ??= rebuilding.then(() => {
    rebuildAgain = null;
    return start();
  });
  return rebuildAgain;
}

/**
 * The cron backstop: rebuilds when an indexed collection changed since the last build (a missed
 * webhook, an item whose publish time came) or when there is no index yet.
 */
export async function rebuildSearchIndexIfStale(kv: KVNamespace, content: ContentSource, now = new Date()): Promise<boolean> {
  const [current, builtFrom, pointer] = await Promise.all([
    generationOf(kv, [...indexedCollections]),
    kv.get(builtFromKey),
    kv.get(pointerKey),
  ]);
  if (pointer && current === builtFrom) return false;
  await rebuildSearchIndex(kv, content, now);
  return true;
}

let loaded: { key: string; index: ShardedIndex } | null = null;
let pointerCheckedAt = 0;
let building: Promise<unknown> | null = null;

/** Tests: forget this isolate's copy. */
export function resetSearchIndexMemo(): void {
  loaded = null;
  pointerCheckedAt = 0;
  building = null;
}

/**
 * The current index, loaded once per isolate (re-checked against the pointer every few
 * seconds). When KV has none yet (a new deployment or namespace), the first request builds it
 * once for everyone; after that only the webhook and the cron do.
 */
export async function currentSearchIndex(
  kv: KVNamespace,
  content: ContentSource,
  { now = Date.now() }: { now?: number } = {},
): Promise<ShardedIndex> {
  if (loaded && now - pointerCheckedAt < pointerTtlMs) return loaded.index;
  const key = await kv.get(pointerKey);
  pointerCheckedAt = now;
  if (key && loaded?.key === key) return loaded.index;
  if (key) {
    // An index stored whole by an earlier version has no base: it is rebuilt below.
    const base = await kv.get(`${key}:base`);
    if (base) {
      try {
        loaded = { key, index: openShardedIndex(base, partReader(kv, key)) };
        return loaded.index;
      } catch (error) {
        // An index of an older engine version or a damaged one: build a new one below.
        if (!(error instanceof SearchIndexError)) throw error;
        console.warn(`search index ${key} unusable (${error.reason}): rebuilding`);
      }
    }
  }
  building ??= rebuildSearchIndex(kv, content, new Date(now)).finally(() => {
    building = null;
  });
  await building;
  return loaded!.index;
}

/**
 * A part of the current index could not be read (expired with its index, or lost): builds a
 * new index, once for all the requests that noticed.
 */
export async function replaceUnreadableSearchIndex(
  kv: KVNamespace,
  content: ContentSource,
  { now = Date.now() } = {},
): Promise<ShardedIndex> {
  building ??= rebuildSearchIndex(kv, content, new Date(now)).finally(() => {
    building = null;
  });
  await building;
  return loaded!.index;
}
