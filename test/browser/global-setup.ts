import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startStack } from "../../scripts/lib/test-stack.mjs";
import { hasChromium } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    cmsUrl: string;
  }
}

/**
 * Starts a seeded Directus (port 8057) and the built worker for all browser tests; skipped
 * when there is no Chromium.
 */
export default async function setup(project: TestProject) {
  if (!hasChromium()) {
    project.provide("baseUrl", "");
    project.provide("cmsUrl", "");
    return;
  }
  rmSync(".wrangler/state-browser", { recursive: true, force: true });
  const stack = await startStack({ name: "browser", cmsPort: 8057, workerPort: 3150 });
  project.provide("baseUrl", stack.siteUrl);
  project.provide("cmsUrl", stack.cmsUrl);
  return () => stack.stop();
}
