import { describe, expect, it } from "vitest";
import { mockDirectus } from "../../test/worker/helpers";
import { ContentError, graphqlRequest } from "./client.server";

const request = { query: "query SiteChrome { stock_quote { ticker } }", operationName: "SiteChrome", variables: { a: 1 } };

describe("Directus GraphQL client", () => {
  it("POSTs {query, operationName, variables} as JSON to {API_BASE_URL}/graphql, without Authorization in public mode", async () => {
    const directus = mockDirectus({ SiteChrome: { stock_quote: { ticker: "MRDN" } } });
    const data = await graphqlRequest(request, { apiBaseUrl: "http://cms.test/", fetch: directus.fetch });
    expect(data).toEqual({ stock_quote: { ticker: "MRDN" } });
    expect(directus.calls).toHaveLength(1);
    expect(directus.calls[0]).toMatchObject({
      url: "http://cms.test/graphql",
      method: "POST",
      authorization: null,
      operationName: "SiteChrome",
      variables: { a: 1 },
      query: request.query,
    });
  });

  it("adds the bearer token in privileged mode", async () => {
    const directus = mockDirectus({ SiteChrome: {} });
    await graphqlRequest(request, { apiBaseUrl: "http://cms.test", token: "secret-token", fetch: directus.fetch });
    expect(directus.calls[0]!.authorization).toBe("Bearer secret-token");
  });

  it("retries once on a network error, then fails naming the operation", async () => {
    const directus = mockDirectus();
    directus.state.down = true;
    const error = await graphqlRequest<never>(request, { apiBaseUrl: "http://cms.test", fetch: directus.fetch }).catch(
      (e: unknown) => e as ContentError,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect(error.message).toMatch(/^SiteChrome: network error/);
    expect(directus.calls).toHaveLength(2);
  });

  it("retries once on 5xx but not on 4xx", async () => {
    const failing = mockDirectus();
    failing.state.status = 503;
    await expect(graphqlRequest(request, { apiBaseUrl: "http://cms.test", fetch: failing.fetch })).rejects.toThrow(
      /SiteChrome: Directus answered 503/,
    );
    expect(failing.calls).toHaveLength(2);
    const refused = mockDirectus();
    refused.state.status = 403;
    await expect(graphqlRequest(request, { apiBaseUrl: "http://cms.test", fetch: refused.fetch })).rejects.toThrow(/403/);
    expect(refused.calls).toHaveLength(1);
  });

  it("times out a hung upstream and names the operation", async () => {
    const hanging = (async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;
    const error = await graphqlRequest<never>(request, { apiBaseUrl: "http://cms.test", fetch: hanging, timeoutMs: 30 }).catch(
      (e: unknown) => e as ContentError,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect(error.message).toBe("SiteChrome: timed out after 30 ms");
  });

  it("turns GraphQL errors into an error naming the operation", async () => {
    const directus = mockDirectus({});
    await expect(
      graphqlRequest({ ...request, operationName: "Nope" }, { apiBaseUrl: "http://cms.test", fetch: directus.fetch }),
    ).rejects.toThrow("Nope: no mock for Nope");
  });
});
