import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { deferred, spyKv } from "../../test/worker/helpers";
import { cachedRead, resetIsolateCache, type CacheContext } from "./cache.server";

let clock = 1_000_000;
const policy = { freshMs: 60_000, staleIfErrorMs: 86_400_000 };

function context(kv: KVNamespace = env.CONTENT_CACHE) {
  const ctx = createExecutionContext();
  const cacheContext: CacheContext = { kv, waitUntil: (p) => ctx.waitUntil(p), policy, now: () => clock };
  return { ctx, cacheContext };
}

function upstream(values: unknown[]) {
  let calls = 0;
  const fetcher = async () => {
    const value = values[Math.min(calls, values.length - 1)];
    calls += 1;
    if (value instanceof Error) throw value;
    return value;
  };
  return { fetcher, calls: () => calls };
}

describe("content cache", () => {
  beforeEach(() => {
    resetIsolateCache();
    clock += 10 * 86_400_000;
  });

  it("serves a fresh value from memory, then from KV in another isolate", async () => {
    const source = upstream(["v1"]);
    const { cacheContext } = context();
    expect(await cachedRead("k-fresh", "g1", source.fetcher, cacheContext)).toEqual({ value: "v1", source: "upstream" });
    expect(await cachedRead("k-fresh", "g1", source.fetcher, cacheContext)).toEqual({ value: "v1", source: "memory" });
    resetIsolateCache(); // as if another isolate served the next request
    expect(await cachedRead("k-fresh", "g1", source.fetcher, cacheContext)).toEqual({ value: "v1", source: "kv" });
    expect(source.calls()).toBe(1);
  });

  it("keeps a bulk read out of the isolate's memory: the next read comes from KV", async () => {
    const source = upstream(["big"]);
    const bulk = { ...context().cacheContext, memory: false };
    expect(await cachedRead("k-bulk", "g1", source.fetcher, bulk)).toEqual({ value: "big", source: "upstream" });
    expect(await cachedRead("k-bulk", "g1", source.fetcher, bulk)).toEqual({ value: "big", source: "kv" });
    // An ordinary read of the same key is kept from then on.
    expect(await cachedRead("k-bulk", "g1", source.fetcher, context().cacheContext)).toEqual({ value: "big", source: "kv" });
    expect(await cachedRead("k-bulk", "g1", source.fetcher, context().cacheContext)).toEqual({ value: "big", source: "memory" });
    expect(source.calls()).toBe(1);
  });

  it("serves a stale value at once and refreshes it in the background (stale-while-revalidate)", async () => {
    const source = upstream(["v1", "v2"]);
    await cachedRead("k-swr", "g1", source.fetcher, context().cacheContext);
    clock += policy.freshMs + 1;
    const { ctx, cacheContext } = context();
    expect(await cachedRead("k-swr", "g1", source.fetcher, cacheContext)).toEqual({ value: "v1", source: "stale" });
    await waitOnExecutionContext(ctx);
    expect(source.calls()).toBe(2);
    expect(await cachedRead("k-swr", "g1", source.fetcher, context().cacheContext)).toEqual({ value: "v2", source: "memory" });
  });

  it("serves an old value as it is, with no refresh, to a reader that says age is no reason (a page rendered again after a change)", async () => {
    const source = upstream(["v1", "v2"]);
    await cachedRead("k-age", "g1", source.fetcher, context().cacheContext);
    clock += policy.freshMs * 10;
    const { ctx, cacheContext } = context();
    expect(await cachedRead("k-age", "g1", source.fetcher, { ...cacheContext, refreshByAge: false })).toEqual({
      value: "v1",
      source: "memory",
    });
    await waitOnExecutionContext(ctx);
    expect(source.calls()).toBe(1);
    // A changed generation is still read again at once, and a visitor's read still refreshes by age.
    expect(await cachedRead("k-age", "g2", source.fetcher, { ...context().cacheContext, refreshByAge: false })).toEqual({
      value: "v2",
      source: "upstream",
    });
    clock += policy.freshMs + 1;
    expect(await cachedRead("k-age", "g2", source.fetcher, context().cacheContext)).toEqual({ value: "v2", source: "stale" });
  });

  it("refetches at once when the generation changed", async () => {
    const source = upstream(["v1", "v2"]);
    await cachedRead("k-gen", "g1", source.fetcher, context().cacheContext);
    expect(await cachedRead("k-gen", "g2", source.fetcher, context().cacheContext)).toEqual({ value: "v2", source: "upstream" });
  });

  it("serves the last value when the upstream fails (stale-if-error), up to the limit", async () => {
    const source = upstream(["v1", new Error("Directus down")]);
    await cachedRead("k-sie", "g1", source.fetcher, context().cacheContext);
    clock += policy.freshMs + 1;
    expect(await cachedRead("k-sie", "g2", source.fetcher, context().cacheContext)).toEqual({ value: "v1", source: "stale-if-error" });
    clock += policy.staleIfErrorMs;
    await expect(cachedRead("k-sie", "g3", source.fetcher, context().cacheContext)).rejects.toThrow("Directus down");
  });

  it("lets concurrent misses of one key share one upstream request", async () => {
    // The upstream answers only once all five reads are past their KV lookup: a read still
    // looking up could otherwise find the stored value instead of joining the request in flight.
    let lookups = 0;
    const allLookedUp = deferred();
    const kv = {
      get: (key: string, type: "json") =>
        env.CONTENT_CACHE.get(key, type).then((value) => {
          if (key === "k-dedupe" && ++lookups === 5) allLookedUp.resolve();
          return value;
        }),
      put: (...args: Parameters<KVNamespace["put"]>) => env.CONTENT_CACHE.put(...args),
    } as unknown as KVNamespace;
    let calls = 0;
    const answer = deferred<string>();
    const slow = () => {
      calls += 1;
      return answer.promise;
    };
    const { cacheContext } = context(kv);
    const reads = Promise.all(Array.from({ length: 5 }, () => cachedRead("k-dedupe", "g1", slow, cacheContext)));
    await allLookedUp.promise;
    answer.resolve("v1");
    const results = await reads;
    expect(calls).toBe(1);
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ value: "v1", source: "upstream" })));
  });

  it("writes a key to KV at most once per second", async () => {
    const spy = spyKv(env.CONTENT_CACHE);
    const source = upstream(["v1", "v2", "v3"]);
    await cachedRead("k-rate", "g1", source.fetcher, context(spy.kv).cacheContext);
    await cachedRead("k-rate", "g2", source.fetcher, context(spy.kv).cacheContext); // same second
    clock += 1001;
    await cachedRead("k-rate", "g3", source.fetcher, context(spy.kv).cacheContext);
    expect(source.calls()).toBe(3);
    expect(spy.ops.filter((op) => op.op === "put" && op.key === "k-rate")).toHaveLength(2);
  });
});
