import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startStack } from "../../scripts/lib/test-stack.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    contractSiteUrl: string;
    contractCmsUrl: string;
  }
}

/** A freshly seeded Directus (port 8058) and the built worker pointed at it. */
export default async function setup(project: TestProject) {
  rmSync(".wrangler/state-contract", { recursive: true, force: true });
  const stack = await startStack({ name: "contract", cmsPort: 8058, workerPort: 3950 });
  project.provide("contractSiteUrl", stack.siteUrl);
  project.provide("contractCmsUrl", stack.cmsUrl);
  return () => stack.stop();
}
