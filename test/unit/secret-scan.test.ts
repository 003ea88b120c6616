import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULTS } from "../../cms/scripts/lib.mjs";
import { testSecrets as stackSecrets } from "../../scripts/lib/test-stack.mjs";

/**
 * No secret reaches the browser (issue 8, point 5): the built client (dist/client/**, every
 * file the edge serves as it is) must not contain the names of the server's secrets nor any of
 * their known values (.dev.vars.example, a local .dev.vars, the local CMS defaults and the
 * test secrets). Rendered HTML is scanned the same way by test/worker/security-headers.test.ts
 * (mock content, public and preview) and test/fault/stack.test.ts (the real stack).
 *
 * MAPS_KEY is excluded on purpose: it is a public maps embed key that the event page puts
 * into an <iframe> URL, so the browser must get it.
 */
const root = new URL("../../", import.meta.url).pathname;
const client = join(root, "dist/client");

const secretNames = [
  "DIRECTUS_PREVIEW_TOKEN",
  "DIRECTUS_READ_TOKEN",
  "REVALIDATE_SECRET",
  "DIRECTUS_SUBMISSIONS_TOKEN",
  "DIRECTUS_ADMIN_TOKEN",
];
const publicNames = new Set(["MAPS_KEY"]);

/** NAME=value lines of a .dev.vars-style file, public names and empty values left out. */
function varsFile(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const entries = readFileSync(path, "utf8")
    .split("\n")
    .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*"?([^"\n]*?)"?\s*$/.exec(line))
    .filter((match): match is RegExpExecArray => !!match && !publicNames.has(match[1]!) && match[2]!.trim().length > 0)
    .map((match) => [match[1]!, match[2]!.trim()] as const);
  return Object.fromEntries(entries);
}

/** The worker tests' secrets (test/worker/helpers.ts imports cloudflare:test, so read, not imported). */
function workerTestSecrets(): string[] {
  const source = readFileSync(join(root, "test/worker/helpers.ts"), "utf8");
  const block = /export const testSecrets = \{([\s\S]*?)\};/.exec(source)?.[1] ?? "";
  return [...block.matchAll(/:\s*"([^"]+)"/g)].map((match) => match[1]!);
}

function secretValues(): string[] {
  const values = [
    ...Object.values(varsFile(join(root, ".dev.vars.example"))),
    ...Object.values(varsFile(join(root, ".dev.vars"))),
    ...Object.values(stackSecrets),
    ...workerTestSecrets(),
    DEFAULTS.DIRECTUS_ADMIN_TOKEN,
    DEFAULTS.DIRECTUS_PREVIEW_TOKEN,
    DEFAULTS.DIRECTUS_SITE_TOKEN,
    DEFAULTS.DIRECTUS_READ_TOKEN,
    DEFAULTS.DIRECTUS_SECRET,
    DEFAULTS.DIRECTUS_ADMIN_PASSWORD,
    DEFAULTS.REVALIDATE_SECRET,
  ];
  // Short values ("1", "on") would match anywhere and are no secrets worth the name.
  return [...new Set(values.filter((value) => value.length >= 8))];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every needle found in `text`, as "needle" strings. */
function findSecrets(text: string, needles: readonly string[]): string[] {
  return needles.filter((needle) => text.includes(needle));
}

describe("secret scan of the built client", () => {
  const needles = [...secretNames, ...secretValues()];

  it("knows the secrets it looks for", () => {
    expect(existsSync(client), "dist/client is missing: run node scripts/build.mjs first").toBe(true);
    expect(needles).toEqual(
      expect.arrayContaining([...secretNames, stackSecrets.DIRECTUS_PREVIEW_TOKEN, DEFAULTS.DIRECTUS_ADMIN_TOKEN, "test-preview-token"]),
    );
    expect(needles).not.toContain("MAPS_KEY");
    // The scanner itself finds a planted value.
    expect(findSecrets(`x${stackSecrets.REVALIDATE_SECRET}x`, needles)).toEqual([stackSecrets.REVALIDATE_SECRET]);
  });

  it("finds no secret name or value in any file of dist/client", () => {
    const files = filesUnder(client);
    expect(files.length).toBeGreaterThan(5);
    const found = files.flatMap((file) =>
      // latin1 keeps every byte: binary files (fonts, images) are scanned too.
      findSecrets(readFileSync(file).toString("latin1"), needles).map((needle) => `${relative(root, file)}: ${needle}`),
    );
    expect(found).toEqual([]);
  });

  it("finds none in the asset manifest the worker and the pages use", () => {
    const manifest = readFileSync(join(root, "src/generated/asset-manifest.json"), "utf8");
    expect(findSecrets(manifest, needles)).toEqual([]);
  });
});
