import { sha256Hex } from "../lib/digest";

export interface CreateOnce {
  /** The Directus collection the item goes into (`POST /items/<collection>`). */
  collection: string;
  /** The site's id of the item: a redelivered queue message is not stored twice. */
  id: string;
  /** The prefix of the KV key that remembers a stored id ("form-sub"). */
  rememberAs: string;
  /** What the item is, for the error message ("a form submission"). */
  what: string;
  /** The item's fields; they carry `id` in a unique field, so Directus refuses a second copy. */
  fields: Record<string, unknown>;
  /** When the visitor sent it: kept beside the id as proof it was stored. */
  sentAt: string;
}

/** The secrets that name the token storing what visitors send (src/env.ts documents them). */
export interface SubmissionsTokens {
  DIRECTUS_SUBMISSIONS_TOKEN?: string;
  DIRECTUS_SUBSCRIBE_TOKEN?: string;
}

/**
 * The token that stores what visitors send. A site deployed before the secret's rename still
 * has it as DIRECTUS_SUBSCRIBE_TOKEN: read for one release (docs/guides/operators.md).
 */
export const submissionsToken = (env: SubmissionsTokens): string | undefined =>
  env.DIRECTUS_SUBMISSIONS_TOKEN || env.DIRECTUS_SUBSCRIBE_TOKEN;

const rememberedFor = 30 * 86_400;

/**
 * Stores one item a visitor sent (a form submission, a page comment) in Directus with the site's
 * create-only token. Throws on failure (the caller queues it, the queue retries). An item stored
 * already (a queue redelivery whose first answer was lost) is skipped: the site remembers the ids
 * it stored, and Directus' unique field refuses a copy it does not remember.
 */
export async function createOnce(
  item: CreateOnce,
  env: Pick<Env, "CONTENT_CACHE" | "API_BASE_URL"> & SubmissionsTokens,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<"stored" | "duplicate"> {
  const key = `${item.rememberAs}:${await sha256Hex(item.id)}`;
  if (await env.CONTENT_CACHE.get(key)) return "duplicate";
  const url = new URL(`/items/${item.collection}`, env.API_BASE_URL);
  url.searchParams.set("fields", "id");
  const response = await (options.fetch ?? fetch)(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${submissionsToken(env) ?? ""}` },
    body: JSON.stringify(item.fields),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    // A unique-id conflict: an earlier delivery got through before its answer was lost.
    if (response.status === 400 && /RECORD_NOT_UNIQUE|unique/i.test(text)) {
      await env.CONTENT_CACHE.put(key, item.sentAt, { expirationTtl: rememberedFor });
      return "duplicate";
    }
    throw new Error(`Directus answered ${response.status} to ${item.what}: ${text.slice(0, 300)}`);
  }
  await env.CONTENT_CACHE.put(key, item.sentAt, { expirationTtl: rememberedFor });
  return "stored";
}
