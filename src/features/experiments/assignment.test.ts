import { describe, expect, it } from "vitest";
import { bucketOf, chooseVariant, type Experiment } from "./assignment";

const now = Date.parse("2026-11-27T12:00:00Z");
const experiment = (overrides: Partial<Experiment> = {}): Experiment => ({
  key: "pricing-hero",
  status: "running",
  start_at: "2026-11-01T00:00:00Z",
  stop_at: "2026-12-31T00:00:00Z",
  winner: null,
  variants: [
    { key: "control", weight: 50, is_control: true },
    { key: "b", weight: 50, is_control: false },
  ],
  ...overrides,
});
const visitor = (id: string | null, at = now) => ({ id, preview: false, now: at });
const ids = (count: number) => Array.from({ length: count }, (_, i) => `${i.toString(36).padStart(8, "0")}${"f".repeat(16)}`);

describe("experiment assignment", () => {
  it("gives a visitor the same variant on every request", () => {
    for (const id of ids(200)) {
      const first = chooseVariant(experiment(), visitor(id));
      expect(chooseVariant(experiment(), visitor(id, now + 3_600_000))).toBe(first);
    }
  });

  it("follows the weights over a large simulated sample (within 4 standard deviations)", () => {
    const n = 100_000;
    for (const weights of [
      [50, 50],
      [90, 10],
      [1, 1, 2],
    ]) {
      const variants = weights.map((weight, index) => ({ key: `v${index}`, weight, is_control: index === 0 }));
      const counts = new Map<string, number>();
      for (const id of ids(n)) {
        const key = chooseVariant(experiment({ variants }), visitor(id))!;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const total = weights.reduce((a, b) => a + b, 0);
      weights.forEach((weight, index) => {
        const p = weight / total;
        const sd = Math.sqrt(n * p * (1 - p));
        expect(Math.abs((counts.get(`v${index}`) ?? 0) - n * p), `weights ${weights}: v${index}`).toBeLessThan(4 * sd);
      });
    }
  });

  it("assigns independently in two experiments", () => {
    const both = ids(20_000).filter((id) => bucketOf(id, "one") < 0.5 && bucketOf(id, "two") < 0.5).length;
    expect(Math.abs(both - 5_000)).toBeLessThan(4 * Math.sqrt(20_000 * 0.25 * 0.75));
  });

  it("shows the control to a visitor without an id (no consent, a crawler)", () => {
    expect(
      chooseVariant(
        experiment({
          variants: [
            { key: "control", weight: 0, is_control: true },
            { key: "b", weight: 1 },
          ],
        }),
        visitor(null),
      ),
    ).toBe("control");
  });

  it("sends everyone back to the winner, else the control, once the experiment ends", () => {
    const everyone = ids(500);
    const seen = (e: Experiment, at: number) => new Set(everyone.map((id) => chooseVariant(e, visitor(id, at))));
    expect(seen(experiment(), now)).toEqual(new Set(["control", "b"]));
    expect(seen(experiment({ status: "stopped" }), now)).toEqual(new Set(["control"]));
    expect(seen(experiment({ status: "stopped", winner: "b" }), now)).toEqual(new Set(["b"]));
    expect(seen(experiment(), Date.parse("2026-12-31T00:00:00Z"))).toEqual(new Set(["control"]));
    expect(seen(experiment({ winner: "b" }), Date.parse("2027-01-01T00:00:00Z"))).toEqual(new Set(["b"]));
    expect(seen(experiment(), Date.parse("2026-10-31T00:00:00Z"))).toEqual(new Set(["control"]));
    expect(seen(experiment({ status: "stopped", winner: "gone" }), now)).toEqual(new Set(["control"]));
  });

  it("shows an editor's preview the variant it names, else the control", () => {
    const preview = { id: null, preview: true, now };
    expect(chooseVariant(experiment(), preview, new URL("https://x/pricing?variant=b"))).toBe("b");
    expect(chooseVariant(experiment(), preview, new URL("https://x/pricing?variant=nope"))).toBe("control");
    expect(chooseVariant(experiment({ status: "stopped" }), preview, new URL("https://x/pricing?variant=b"))).toBe("b");
    // A visitor's ?variant= changes nothing.
    const id = ids(1)[0]!;
    expect(chooseVariant(experiment(), visitor(id), new URL("https://x/pricing?variant=b"))).toBe(chooseVariant(experiment(), visitor(id)));
  });
});
