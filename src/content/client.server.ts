import { logLine } from "../lib/log";
import { operationListFields } from "./generated/operations";

/**
 * The Directus GraphQL client. Every query is `POST {apiBaseUrl}/graphql` with a JSON body
 * `{query, operationName, variables}`, never GET, with the bearer token it is given: the site's
 * read token for public reads (Directus' Public policy reads no blocks, sections, form fields or
 * files, so those come only through a live page read with this token), the preview token in
 * preview mode.
 */
export interface GraphqlRequest {
  query: string;
  operationName: string;
  variables?: Record<string, unknown>;
}

export interface ContentClientOptions {
  apiBaseUrl: string;
  /** Directus static token: the read token in public mode, the preview token in preview mode. */
  token?: string;
  timeoutMs?: number;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** A release an editor previews: Directus answers as if it were published (cms/extensions/releases). */
  release?: string;
}

export class ContentError extends Error {
  constructor(
    message: string,
    readonly operationName: string,
    /** Upstream HTTP status, or 0 for network errors and timeouts. */
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "ContentError";
  }
}

const defaultTimeoutMs = 4000;

export async function graphqlRequest<T>(request: GraphqlRequest, options: ContentClientOptions): Promise<T> {
  try {
    return await attempt<T>(request, options);
  } catch (error) {
    logUpstreamFailure(error, 1);
    // One retry, only for quick failures that another try can fix (network error, 5xx). A
    // timeout is not retried: a second wait would double the time a visitor waits for the
    // error screen when Directus hangs.
    if (error instanceof ContentError && error.retryable) {
      try {
        return await attempt<T>(request, options);
      } catch (retryError) {
        logUpstreamFailure(retryError, 2);
        throw retryError;
      }
    }
    throw error;
  }
}

/** One structured line per failed Directus request (operation, status, reason; never the token). */
function logUpstreamFailure(error: unknown, attemptNumber: number): void {
  if (!(error instanceof ContentError)) return;
  logLine("error", "upstream_failure", {
    upstream: "directus",
    operation: error.operationName,
    status: error.status,
    retryable: error.retryable,
    attempt: attemptNumber,
    message: error.message.slice(0, 300),
  });
}

async function attempt<T>(
  { query, operationName, variables = {} }: GraphqlRequest,
  { apiBaseUrl, token, timeoutMs = defaultTimeoutMs, fetch: fetchImpl = fetch, release }: ContentClientOptions,
): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (release) headers["X-Release"] = release;
  let response: Response;
  try {
    response = await fetchImpl(`${apiBaseUrl.replace(/\/$/, "")}/graphql`, {
      method: "POST",
      headers,
      body: JSON.stringify({ query, operationName, variables }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const reason = timedOut ? `timed out after ${timeoutMs} ms` : `network error: ${String(error)}`;
    throw new ContentError(`${operationName}: ${reason}`, operationName, 0, !timedOut);
  }
  if (!response.ok) {
    const detail = await response.text().catch(() => "");
    throw new ContentError(
      `${operationName}: Directus answered ${response.status} ${detail.slice(0, 200)}`,
      operationName,
      response.status,
      response.status >= 500,
    );
  }
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: GraphqlError[] } | null;
  const missingItems = body?.data && body.errors?.length && body.errors.every((error) => isMissingItem(error, body.data));
  if (!missingItems && (!body || body.errors?.length || body.data === undefined)) {
    const messages = body?.errors?.map((e) => e.message).join("; ") ?? "response is not GraphQL JSON";
    throw new ContentError(`${operationName}: ${messages}`, operationName, response.status, false);
  }
  const problem = shapeProblem(operationName, body!.data);
  if (problem) throw new ContentError(`${operationName}: ${problem}`, operationName, response.status, false);
  return body!.data as T;
}

const listFields = new Map<string, readonly string[]>(Object.entries(operationListFields));

/**
 * What is wrong with the shape of an answer, or null: `data` must be an object, and every
 * top-level field the schema types as a list must be an array (scripts/codegen.mjs lists them per
 * operation). Directus answering null there is an upstream fault: the page answers as for any
 * other (stale, or 502), where the loader would crash on it (500).
 */
function shapeProblem(operationName: string, data: unknown): string | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return "the answer's data is not an object";
  for (const field of listFields.get(operationName) ?? []) {
    const value = (data as Record<string, unknown>)[field];
    if (!Array.isArray(value)) return `${field} is ${value === null ? "null" : typeof value}, not a list`;
  }
  return null;
}

interface GraphqlError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string };
}

/**
 * Directus answers FORBIDDEN for an item that does not exist as well as for one that is not
 * public (`authors_by_id(id: 999)`), with that field null in `data`. For a `*_by_id` field that
 * is "no such item": the loaders read the null as not found (404), not as an outage (502).
 */
function isMissingItem(error: GraphqlError, data: unknown): boolean {
  const field = error.path?.length === 1 ? error.path[0] : undefined;
  return (
    error.extensions?.code === "FORBIDDEN" &&
    typeof field === "string" &&
    field.endsWith("_by_id") &&
    (data as Record<string, unknown>)[field] === null
  );
}
