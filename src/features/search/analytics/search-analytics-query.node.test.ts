import { describe, expect, it } from "vitest";
import { analyticsQuery, analyticsQueryLength } from "./query";

describe("analyticsQuery (what the search analytics keep of a query)", () => {
  it("trims, lowercases and collapses white space", () => {
    expect(analyticsQuery("  Kubernetes\t\n GPU   Nodes ")).toBe("kubernetes gpu nodes");
    expect(analyticsQuery("H100\u200b pricing")).toBe("h100 pricing");
  });

  it("cuts to 64 characters, never inside a character", () => {
    expect(analyticsQueryLength).toBe(64);
    expect(analyticsQuery("a".repeat(300))).toBe("a".repeat(64));
    const emoji = analyticsQuery("🚀".repeat(100))!;
    expect(Array.from(emoji)).toHaveLength(64);
    expect(emoji).toBe("🚀".repeat(64));
  });

  it("is null for nothing to keep", () => {
    for (const raw of ["", "   ", undefined, null, 42, {}]) expect(analyticsQuery(raw)).toBeNull();
  });

  it("drops what looks like personal data or a secret instead of storing it", () => {
    for (const raw of [
      "jane.doe@example.com",
      "reset password for Jane.Doe@Example.COM please",
      "order 123456",
      "card 4111 1111 1111 1111",
      "+49 (151) 234-5678",
      "call 030 1234567",
      "DE89370400440532013000",
      "sk-live-4f9a8b7c6d5e4f3a2b1c0d9e",
    ]) {
      expect(analyticsQuery(raw), raw).toBeNull();
    }
  });

  it("keeps ordinary searches with numbers in them", () => {
    for (const [raw, kept] of [
      ["H100 80GB", "h100 80gb"],
      ["kubernetes 1.31", "kubernetes 1.31"],
      ["error 404", "error 404"],
      ["port 8080 ingress", "port 8080 ingress"],
      ["b200 vs h200", "b200 vs h200"],
      ["release 2026", "release 2026"],
    ]) {
      expect(analyticsQuery(raw)).toBe(kept);
    }
  });
});
