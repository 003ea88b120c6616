import { queryKey, type DataOf, type Operation, type VariablesOf } from "../content/operation";
import type { ContentSource } from "../content/operation";

/**
 * The browser's content source: the query cache, seeded from the server render, in front of
 * the site's own POST /graphql (same origin, so the API base URL is the site).
 */
const cache = new Map<string, unknown>();
const inflight = new Map<string, Promise<unknown>>();

export function seedQueryCache(results: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(results)) cache.set(key, value);
}

export class ClientContent implements ContentSource {
  async query<O extends Operation<any, any>>(operation: O, variables?: VariablesOf<O>): Promise<DataOf<O>> {
    const vars = (variables ?? {}) as Record<string, unknown>;
    const key = queryKey(operation.name, vars);
    if (cache.has(key)) return cache.get(key) as DataOf<O>;
    let pending = inflight.get(key);
    if (!pending) {
      pending = fetchQuery(operation, vars).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    const data = await pending;
    cache.set(key, data);
    return data as DataOf<O>;
  }
}

async function fetchQuery(operation: Operation<any, any>, variables: Record<string, unknown>): Promise<unknown> {
  const response = await fetch("/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ query: operation.document, operationName: operation.name, variables }),
  });
  const body = (await response.json().catch(() => null)) as { data?: unknown; errors?: { message: string }[] } | null;
  if (!response.ok || !body || body.data === undefined) {
    throw new Error(`${operation.name}: ${body?.errors?.[0]?.message ?? `HTTP ${response.status}`}`);
  }
  return body.data;
}
