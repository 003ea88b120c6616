import { generationOf } from "../content/generations.server";
import { unchangedSince, type Shown } from "../content/tags.server";

/**
 * Pages rendered when their content is published, kept in KV so that a visitor's first request
 * in any fresh isolate, anywhere, replays them instead of rendering (the Cache API is per data
 * centre and the isolate's memory per isolate). Only a publishing render writes here (the CMS
 * webhook renders the pages it names through the app), never a visitor's request: one KV write
 * per published page, not one per cache miss.
 *
 * An entry records the generation of every collection its render read, and is served only while
 * those are unchanged: a new role or event leaves the docs' published pages valid, a menu edit does not.
 * Its key names the build, so a deploy never serves HTML that names another build's files.
 */

/** What a published page holds besides its bytes. */
export interface PublishedPage {
  body: Uint8Array;
  /** The nonce the page was rendered with (replaced by each request's). */
  nonce: string;
  headers: [string, string][];
  /** What the page shows and when its render began (tags.server.ts). */
  shown?: Shown | null;
  builtAt?: number;
  /** Something it shows changed since it was rendered: it may be answered once while it is rendered again. */
  stale?: boolean;
}

interface Header {
  nonce: string;
  headers: [string, string][];
  /** Collections the render read, each with the generation it read. */
  read: Record<string, string>;
  shown?: Shown | null;
  builtAt?: number;
}

/** Requests the app renders to publish a page: made here, so a visitor can never send one. */
const publishing = new WeakSet<Request>();

/** A request that renders `url` for publishing (the page cache then writes it to KV). */
export function publishingRequest(url: string | URL): Request {
  const request = new Request(url, { headers: { Accept: "text/html" } });
  publishing.add(request);
  return request;
}

export const isPublishingRequest = (request: Request) => publishing.has(request);

/** Published pages outlive no build by long; the TTL only clears what a deploy left behind. */
const publishedTtlSeconds = 30 * 86_400;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const newline = 10;

export const publishedKey = (buildId: string, variant: string, identity: string) =>
  `page:${buildId}:${encodeURIComponent(variant)}:${identity}`;

/** Stores a rendered page: one JSON line (nonce, headers, what it read), then the HTML's bytes. */
export async function storePublishedPage(
  kv: KVNamespace,
  key: string,
  page: PublishedPage,
  collectionsRead: readonly string[],
): Promise<void> {
  const collections = [...new Set(collectionsRead)].sort();
  const generations = (await generationOf(kv, collections)).split(".");
  const header: Header = {
    nonce: page.nonce,
    headers: page.headers,
    read: Object.fromEntries(collections.map((collection, index) => [collection, generations[index] ?? ""])),
    shown: page.shown ?? null,
    builtAt: page.builtAt,
  };
  const head = encoder.encode(`${JSON.stringify(header)}\n`);
  const value = new Uint8Array(head.length + page.body.length);
  value.set(head);
  value.set(page.body, head.length);
  await kv.put(key, value, { expirationTtl: publishedTtlSeconds });
}

/**
 * The published page under `key`, or null when there is none; `stale` when something it shows
 * has changed since (a collection it read changed, and an item or list it shows with it).
 */
export async function readPublishedPage(kv: KVNamespace, key: string): Promise<PublishedPage | null> {
  const value = await kv.get(key, "arrayBuffer");
  if (!value) return null;
  const bytes = new Uint8Array(value);
  const end = bytes.indexOf(newline);
  if (end === -1) return null;
  let header: Header;
  try {
    header = JSON.parse(decoder.decode(bytes.subarray(0, end))) as Header;
  } catch {
    return null;
  }
  const collections = Object.keys(header.read);
  const current = collections.length ? await generationOf(kv, collections) : "";
  const stale =
    current !== collections.map((collection) => header.read[collection]).join(".") &&
    (!header.shown || header.builtAt === undefined || !(await unchangedSince(kv, header.shown, header.builtAt)));
  return {
    body: bytes.subarray(end + 1),
    nonce: header.nonce,
    headers: header.headers,
    shown: header.shown,
    builtAt: header.builtAt,
    stale,
  };
}
