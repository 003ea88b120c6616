import { execFile } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalCdf, twoProportionTest } from "../../../scripts/lib/two-proportions.mjs";
import { chooseVariant, type Experiment } from "./assignment";

const run = promisify(execFile);

describe("the two-proportion z-test", () => {
  it("gives the standard normal table's values", () => {
    // NIST/SEMATECH e-Handbook of Statistical Methods, 1.3.6.7.1 (cumulative distribution of the standard normal).
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.84134, 5);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 5);
    expect(normalCdf(2.5758)).toBeCloseTo(0.995, 5);
    expect(normalCdf(-3)).toBeCloseTo(0.00135, 5);
  });

  it("matches a published worked example", () => {
    // A statistics package's output quoted with full precision (wizedu.com/questions/363496):
    // 9 of 31 against 8 of 30, standard error 0.1148271, z 0.20601333, p-value 0.8368.
    const small = twoProportionTest(8, 30, 9, 31);
    expect(small.z).toBeCloseTo(0.20601333, 6);
    expect(small.p).toBeCloseTo(0.8368, 4);
    // "The z-Proportion Test", Example: Voting (straightdraw.github.io/probstat/S3b.html): 281 of 473
    // polled in Fulton for the resolution, 214 of 443 in Gwinnett; z = 3.3683 there (from rounded
    // proportions; 3.3690 unrounded).
    const fulton = twoProportionTest(214, 443, 281, 473);
    expect(fulton.z).toBeCloseTo(3.3683, 2);
    expect(fulton.p).toBeGreaterThan(0.0007);
    expect(fulton.p).toBeLessThan(0.0008);
    // No difference: z 0, p 1; a side with no visitors: nothing to say.
    const same = twoProportionTest(50, 1000, 50, 1000);
    expect([same.z, same.uplift]).toEqual([0, 0]);
    expect(same.p).toBeCloseTo(1, 6);
    expect(twoProportionTest(0, 0, 5, 100)).toMatchObject({ z: null, p: null });
  });
});

/** A simulated run: 40,000 visitors assigned as the worker does, converting at 5% (control) and 6%. */
function simulatedRows() {
  const experiment: Experiment = {
    key: "pricing-hero",
    status: "running",
    variants: [
      { key: "control", weight: 50, is_control: true },
      { key: "lowest-price", weight: 50 },
    ],
  };
  let seed = 20261127;
  const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 0x1_0000_0000;
  const rates: Record<string, number> = { control: 0.05, "lowest-price": 0.06 };
  const counts = new Map<string, { visitors: number; conversions: number }>();
  for (let i = 0; i < 40_000; i += 1) {
    const variant = chooseVariant(experiment, { id: `sim${i.toString(36).padStart(13, "0")}`, preview: false, now: Date.now() })!;
    const row = counts.get(variant) ?? { visitors: 0, conversions: 0 };
    row.visitors += 1;
    if (random() < rates[variant]!) row.conversions += 1;
    counts.set(variant, row);
  }
  return [...counts].map(([variant, row]) => ({
    experiment: "pricing-hero",
    variant,
    role: variant === "control" ? "control" : "variant",
    visitors: String(row.visitors),
    conversions: String(row.conversions),
  }));
}

const rows = simulatedRows();
const queries: string[] = [];
const server = createServer((request, response) => {
  let sql = "";
  request.on("data", (chunk) => (sql += chunk));
  request.on("end", () => {
    queries.push(sql);
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ data: rows }));
  });
});

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
});
afterAll(() => server.close());

describe("npm run experiments", () => {
  it("asks the experiments dataset for visitors and conversions per variant and prints rate, uplift and p-value", async () => {
    const { port } = server.address() as AddressInfo;
    const { stdout } = await run(process.execPath, ["scripts/experiments.mjs", "--experiment", "pricing-hero", "--days", "14"], {
      env: {
        ...process.env,
        CLOUDFLARE_ACCOUNT_ID: "acc",
        CLOUDFLARE_API_TOKEN: "tok",
        CLOUDFLARE_API_BASE_URL: `http://127.0.0.1:${port}`,
      },
    });
    expect(queries.at(-1)).toMatch(
      /FROM meridian_experiments_prod\s+WHERE timestamp > NOW\(\) - INTERVAL '14' DAY AND blob2 = 'pricing-hero'/,
    );
    const control = rows.find((row) => row.role === "control")!;
    const variant = rows.find((row) => row.role === "variant")!;
    const test = twoProportionTest(
      Number(control.conversions),
      Number(control.visitors),
      Number(variant.conversions),
      Number(variant.visitors),
    );
    const lines = stdout.split("\n").map((line) => line.trim().split(/\s{2,}/));
    expect(lines.find((line) => line[0] === "control (control)")).toEqual([
      "control (control)",
      Number(control.visitors).toLocaleString("en-US"),
      Number(control.conversions).toLocaleString("en-US"),
      `${((100 * Number(control.conversions)) / Number(control.visitors)).toFixed(2)}%`,
    ]);
    const { uplift, z, p } = test as { uplift: number; z: number; p: number };
    const printed = lines.find((line) => line[0] === "lowest-price")!;
    expect(printed.slice(4)).toEqual([`+${(100 * uplift).toFixed(1)}%`, z.toFixed(2), p < 0.0001 ? "<0.0001" : p.toFixed(4)]);
    // The simulation's 5% against 6% over 40,000 visitors: an uplift near 20%, found significant.
    expect(test.uplift).toBeGreaterThan(0.05);
    expect(test.p).toBeLessThan(0.05);
  });

  it("refuses a bad --days or --experiment with a message", async () => {
    await expect(run(process.execPath, ["scripts/experiments.mjs", "--days", "400"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--days must be"),
    });
    await expect(run(process.execPath, ["scripts/experiments.mjs", "--experiment", "x'; DROP"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--experiment is"),
    });
  });
});
