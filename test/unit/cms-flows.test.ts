import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { featureFlows } from "../../cms/scripts/feature-flows.mjs";
import { FEATURE_FLOWS, featureFlowsModule, flowFiles } from "../../cms/scripts/feature-parts.mjs";

/**
 * A feature's Directus flows are declared in its folder, src/features/<name>/cms/flows.mjs
 * (`setupFlows(api, { log })`); the CMS image has no src/, so `npm run cms:parts` bundles them into
 * cms/scripts/feature-flows.mjs, which setup.mjs runs. The shared modules of cms/scripts stay
 * modules of their own (test/unit/cms-image.test.ts: the image copies what the bundle imports).
 */
type Call = { method: string; path: string; body?: unknown };

/** Every call a flow set-up sends, against a fake Directus whose ids name what they are. */
// The bundle's functions carry no JSDoc types (esbuild drops comments): taken as they come.
async function recorded(setupFlows: (api: any, context: any) => Promise<void>) {
  const calls: Call[] = [];
  const flowNames = new Map<string, string>();
  const api = async (method: string, path: string, body?: Record<string, unknown>) => {
    calls.push({ method, path, ...(body === undefined ? {} : { body: JSON.parse(JSON.stringify(body)) }) });
    if (method === "GET") return [{ id: "old" }];
    if (method === "POST" && path === "/flows") {
      flowNames.set(`flow:${body!.name}`, String(body!.name));
      return { id: `flow:${body!.name}`, ...body };
    }
    if (method === "POST" && path === "/operations") return { id: `op:${flowNames.get(String(body!.flow))}:${body!.key}`, ...body };
    return {};
  };
  const logged: string[] = [];
  await setupFlows(api, { log: (message: string) => logged.push(message) });
  return { calls, logged };
}

/** A flow script as esbuild prints it: the bundle's scripts are its functions' source as esbuild wrote them (no comments, its layout). */
const printed = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(printed);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === "code" && typeof inner === "string" && inner.includes("module.exports")
          ? transformSync(inner, { loader: "js" }).code
          : printed(inner),
      ]),
    );
  return value;
};

describe("the features' CMS flows", () => {
  it("cms/scripts/feature-flows.mjs is what the features' flows bundle to (else run `npm run cms:parts`)", async () => {
    const written = readFileSync(FEATURE_FLOWS, "utf8");
    expect(
      written === (await featureFlowsModule()),
      "cms/scripts/feature-flows.mjs is out of date: run `npm run cms:parts` and commit it",
    ).toBe(true);
    expect(written.split("\n")[0]).toContain("npm run cms:parts");
  });

  it("are found by walking the features, and the bundle runs each feature's, in the features' order", () => {
    expect(flowFiles()).toEqual(
      expect.arrayContaining([
        "src/features/experiments/cms/flows.mjs",
        "src/features/forms/cms/flows.mjs",
        "src/features/newsletter/cms/flows.mjs",
        "src/features/pages/cms/flows.mjs",
        "src/features/redirects/cms/flows.mjs",
      ]),
    );
    expect(featureFlows.map((entry) => entry.file)).toEqual(flowFiles());
    expect(featureFlows.map((entry) => entry.feature)).toEqual(flowFiles().map((file) => file.split("/")[2]));
  });

  it("the bundle sets up exactly the flows its features' modules do (scripts compared as esbuild prints them)", async () => {
    for (const { file, setupFlows } of featureFlows) {
      const source = await import(pathToFileURL(file).href);
      const fromBundle = await recorded(setupFlows);
      const fromSource = await recorded(source.setupFlows);
      expect(fromBundle.calls.length, file).toBeGreaterThan(0);
      // A function renamed by the bundler would no longer be the one its script's entry calls: the
      // printed scripts would differ.
      expect(printed(fromBundle.calls), file).toEqual(printed(fromSource.calls));
      expect(fromBundle.logged, file).toEqual(fromSource.logged);
    }
  });

  it("every flow script the bundle sends loads and runs without a name it lacks", async () => {
    for (const { file, setupFlows } of featureFlows) {
      const { calls } = await recorded(setupFlows);
      const scripts = calls.flatMap((call) => {
        const body = call.body as { type?: string; options?: { code?: string } } | undefined;
        return call.path === "/operations" && body?.type === "exec" ? [body.options!.code!] : [];
      });
      for (const code of scripts) {
        const module: { exports?: (data: unknown) => unknown } = {};
        new Function("module", code)(module);
        expect(typeof module.exports, `${file}: ${code.slice(0, 80)}`).toBe("function");
        // Run on an empty save: a refusal is fine, a name the script does not define is not.
        const data = { $trigger: { payload: {}, keys: [], body: {} }, $env: {} };
        const error = await Promise.resolve(data)
          .then(module.exports!)
          .then(
            () => null,
            (thrown: unknown) => thrown,
          );
        expect(error instanceof ReferenceError, `${file}: ${String(error)}`).toBe(false);
      }
    }
  });
});
