import { describe, expect, it } from "vitest";
import { webhookRetryDelaySeconds } from "./backoff";
import { hmacSha256Hex, webhookSignature } from "./signature";

describe("webhook signature", () => {
  it("is HMAC-SHA256 in hex (RFC 4231, test case 2)", async () => {
    expect(await hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });

  it("signs the timestamp and the body together, as t=<unix>,v1=<hex>", async () => {
    const body = '{"type":"form.submission"}';
    const header = await webhookSignature("s3cret-s3cret-s3cret-s3cret-s3cret", body, 1_790_000_000);
    expect(header).toBe(`t=1790000000,v1=${await hmacSha256Hex("s3cret-s3cret-s3cret-s3cret-s3cret", `1790000000.${body}`)}`);
    // Another time, body or secret gives another signature.
    expect(await webhookSignature("s3cret-s3cret-s3cret-s3cret-s3cret", body, 1_790_000_001)).not.toContain(header.slice(-64));
    expect(await webhookSignature("s3cret-s3cret-s3cret-s3cret-s3cret", `${body} `, 1_790_000_000)).not.toBe(header);
    expect(await webhookSignature("another-secret-another-secret-xx", body, 1_790_000_000)).not.toBe(header);
  });
});

describe("webhook backoff", () => {
  it("waits 30 s, doubling, at most an hour", () => {
    expect(Array.from({ length: 11 }, (_, index) => webhookRetryDelaySeconds(index + 1))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600,
    ]);
    expect(webhookRetryDelaySeconds(0)).toBe(30);
  });
});
