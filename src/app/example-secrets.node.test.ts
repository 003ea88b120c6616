import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exampleSecrets, parseVars } from "./example-secrets.server";

/**
 * The worker refuses to run in preprod and prod with any secret of .dev.vars.example
 * (src/app/example-secrets.server.ts, which Vite inlines the file into): read here on its own, every
 * NAME=value line with a value must be in the worker's list, with that value.
 */
describe("the example secrets a deployed worker refuses", () => {
  const text = readFileSync(new URL("../../.dev.vars.example", import.meta.url), "utf8");
  const lines = text
    .split("\n")
    .filter((line) => /^[A-Z0-9_]+=./.test(line.trim()))
    .map((line) => line.trim().split("="));

  it("are every secret .dev.vars.example gives a value, with that value", () => {
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const [name, ...value] of lines) expect(exampleSecrets.get(name!), name).toBe(value.join("="));
    expect(exampleSecrets.size).toBe(lines.length);
  });

  it("leave out comments and empty values (MAPS_KEY may be empty)", () => {
    expect(parseVars('# A=1\nB=\nC="two words"\r\n  D = 4 \n')).toEqual(
      new Map([
        ["C", "two words"],
        ["D", "4"],
      ]),
    );
    expect(text).toMatch(/^MAPS_KEY=$/m);
    expect(exampleSecrets.has("MAPS_KEY")).toBe(false);
  });
});
