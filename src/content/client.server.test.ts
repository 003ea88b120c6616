import { describe, expect, it } from "vitest";
import { mockDirectus } from "../../test/worker/helpers";
import { ContentError, graphqlRequest } from "./client.server";

// An operation of no query module: the shape check has no list fields for it.
const request = { query: "query StockQuote { stock_quote { ticker } }", operationName: "StockQuote", variables: { a: 1 } };

describe("Directus GraphQL client", () => {
  it("POSTs {query, operationName, variables} as JSON to {API_BASE_URL}/graphql, without Authorization in public mode", async () => {
    const directus = mockDirectus({ StockQuote: { stock_quote: { ticker: "MRDN" } } });
    const data = await graphqlRequest(request, { apiBaseUrl: "http://cms.test/", fetch: directus.fetch });
    expect(data).toEqual({ stock_quote: { ticker: "MRDN" } });
    expect(directus.calls).toHaveLength(1);
    expect(directus.calls[0]).toMatchObject({
      url: "http://cms.test/graphql",
      method: "POST",
      authorization: null,
      operationName: "StockQuote",
      variables: { a: 1 },
      query: request.query,
    });
  });

  it("adds the bearer token in privileged mode", async () => {
    const directus = mockDirectus({ StockQuote: {} });
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
    expect(error.message).toMatch(/^StockQuote: network error/);
    expect(directus.calls).toHaveLength(2);
  });

  it("retries once on 5xx but not on 4xx", async () => {
    const failing = mockDirectus();
    failing.state.status = 503;
    await expect(graphqlRequest(request, { apiBaseUrl: "http://cms.test", fetch: failing.fetch })).rejects.toThrow(
      /StockQuote: Directus answered 503/,
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
    expect(error.message).toBe("StockQuote: timed out after 30 ms");
  });

  it.each([
    ["a list field null", { jobs: null }, "CareersJobs: jobs is null, not a list"],
    ["a list field an object", { jobs: { id: "1" } }, "CareersJobs: jobs is object, not a list"],
    ["a list field missing", {}, "CareersJobs: jobs is undefined, not a list"],
    ["data null", null, "CareersJobs: the answer's data is not an object"],
  ])("refuses an answer of the wrong shape (%s) as an upstream error, without a retry", async (_name, data, message) => {
    const answer = Response.json({ data });
    const directus = mockDirectus({ CareersJobs: answer });
    const careers = { query: "query CareersJobs { jobs { id } }", operationName: "CareersJobs" };
    const error = await graphqlRequest<never>(careers, { apiBaseUrl: "http://cms.test", fetch: directus.fetch }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toBe(message);
    expect(directus.calls).toHaveLength(1);
  });

  it("takes an empty list as content", async () => {
    const careers = { query: "query CareersJobs { jobs { id } }", operationName: "CareersJobs" };
    const directus = mockDirectus({ CareersJobs: { jobs: [] } });
    await expect(graphqlRequest(careers, { apiBaseUrl: "http://cms.test", fetch: directus.fetch })).resolves.toEqual({ jobs: [] });
  });

  it("turns GraphQL errors into an error naming the operation", async () => {
    const directus = mockDirectus({});
    await expect(
      graphqlRequest({ ...request, operationName: "Nope" }, { apiBaseUrl: "http://cms.test", fetch: directus.fetch }),
    ).rejects.toThrow("Nope: no mock for Nope");
  });
});
