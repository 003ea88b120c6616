import { describe, expect, it } from "vitest";
import { formatChange, formatDate, formatDateTime, formatPrice } from "./format";

// What the site showed through Intl before, and still must: the written-out formats are compared with it.
const intlNumber = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const intlDateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});
const intlDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A fixed pseudo-random sequence (the same cases on every run). */
function* sequence(seed: number, count: number): Generator<number> {
  let state = seed;
  for (let i = 0; i < count; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    yield state / 2 ** 32;
  }
}

describe("format", () => {
  it("writes dates as Intl's en-GB in UTC, for every month, day and hour", () => {
    const start = Date.UTC(1999, 0, 1);
    const end = Date.UTC(2040, 0, 1);
    for (const r of sequence(7, 5000)) {
      const iso = new Date(start + Math.floor(r * (end - start))).toISOString();
      expect([iso, formatDate(iso)]).toEqual([iso, intlDate.format(new Date(iso))]);
      expect([iso, formatDateTime(iso)]).toEqual([iso, intlDateTime.format(new Date(iso))]);
    }
    expect(formatDate("2026-09-05T23:30:00-02:00")).toBe("6 September 2026");
    expect(formatDateTime("2026-09-05T00:07:00Z")).toBe("5 Sept, 00:07 UTC");
  });

  it("throws on a date that is not one, as Intl does", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDateTime("")).toThrow(RangeError);
  });

  it("writes numbers as Intl's en-US with two decimals, rounding the number's shortest decimal half away from zero", () => {
    const cases = [
      0,
      -0,
      1.005,
      0.125,
      999.995,
      -12.345,
      1234567.891,
      1e-7,
      -1e-7,
      5e-3,
      1e21,
      123456789012345.67,
      NaN,
      Infinity,
      -Infinity,
    ];
    for (const r of sequence(11, 5000)) cases.push((r - 0.5) * 10 ** Math.floor(r * 12), Math.round(r * 1e6) / 1000);
    for (const value of cases) expect([value, formatPrice(value)]).toEqual([value, intlNumber.format(value)]);
    expect(formatChange(1.234)).toBe("+1.23%");
    expect(formatChange(-0.5)).toBe("−0.50%");
  });
});
