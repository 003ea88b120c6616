import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Five suites, one runner (the CMS tests run under `node --test`, cms/test):
 * - unit: plain Node tests of pure modules and build scripts (test/unit);
 * - worker: the worker inside workerd with its real bindings (src/**\/*.test.ts(x), test/worker);
 * - browser: Debian's Chromium against a seeded Directus and `wrangler dev` (test/browser);
 * - contract: the worker against a real seeded Directus (test/contract);
 * - fault: Directus stopped and hanging under load, the bad-input sweep on the real stack (test/fault).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          testTimeout: 60_000, // a hang guard: `npm test` runs this suite beside the browser suite, maybe on a busy machine
          environment: "node",
        },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.toml" } })],
        test: {
          name: "worker",
          include: ["src/**/*.test.{ts,tsx}", "test/worker/**/*.test.{ts,tsx}"],
          // A hang guard, not a speed check: a cold docs render compiles Shiki's grammars, and
          // `npm test` runs this suite beside the browser suite, maybe on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/browser/global-setup.ts"],
          // Hang guards, not speed checks: `npm test` runs this suite beside the others on two
          // cores, where a page can take many times as long as on a quiet machine. Polls and
          // waits take these defaults rather than bounds of their own.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 60_000 } },
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/contract/global-setup.ts"],
          // Hang guards (a busy machine is no failure).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "fault",
          include: ["test/fault/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/fault/global-setup.ts"],
          // Hang guards (a busy machine is no failure): a test restarts Directus.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
