import type { TestProject } from "vitest/node";
import { startWorker } from "../../scripts/lib/processes.mjs";
import { hasChromium } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the built worker once for all browser tests (skipped when there is no Chromium). */
export default async function setup(project: TestProject) {
  if (!hasChromium()) {
    project.provide("baseUrl", "");
    return;
  }
  const port = 3100 + Math.floor(Math.random() * 800);
  const worker = await startWorker({ port, log: "pipe", persistTo: ".wrangler/test-state" });
  project.provide("baseUrl", worker.url);
  return () => worker.stop();
}
