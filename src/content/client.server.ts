/**
 * The Directus GraphQL client. Every query is `POST {apiBaseUrl}/graphql` with a JSON body
 * `{query, operationName, variables}`, never GET. Privileged (preview) mode adds the bearer
 * token; public mode never sends an Authorization header.
 */
export interface GraphqlRequest {
  query: string;
  operationName: string;
  variables?: Record<string, unknown>;
}

export interface ContentClientOptions {
  apiBaseUrl: string;
  /** Directus static token; present only in privileged (preview) mode. */
  token?: string;
  timeoutMs?: number;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
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

export const defaultTimeoutMs = 4000;

export async function graphqlRequest<T>(request: GraphqlRequest, options: ContentClientOptions): Promise<T> {
  try {
    return await attempt<T>(request, options);
  } catch (error) {
    // One retry, only for failures that another try can fix (network, timeout, 5xx).
    if (error instanceof ContentError && error.retryable) return attempt<T>(request, options);
    throw error;
  }
}

async function attempt<T>(
  { query, operationName, variables = {} }: GraphqlRequest,
  { apiBaseUrl, token, timeoutMs = defaultTimeoutMs, fetch: fetchImpl = fetch }: ContentClientOptions,
): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
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
    throw new ContentError(`${operationName}: ${reason}`, operationName, 0, true);
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
  const body = (await response.json().catch(() => null)) as { data?: T; errors?: { message: string }[] } | null;
  if (!body || body.errors?.length || body.data === undefined) {
    const messages = body?.errors?.map((e) => e.message).join("; ") ?? "response is not GraphQL JSON";
    throw new ContentError(`${operationName}: ${messages}`, operationName, response.status, false);
  }
  return body.data;
}
