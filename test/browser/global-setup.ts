import type { TestProject } from "vitest/node";
import { startStack } from "../../scripts/lib/test-stack.mjs";
import { startTurnstileFake } from "../support/turnstile-server.ts";
import { turnstileTestKeys } from "../support/turnstile-fake.ts";
import { hasChromium } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    cmsUrl: string;
  }
}

/**
 * Starts a seeded Directus (port 8057) and the built worker for all browser tests, with a local
 * Turnstile (widget script and siteverify, port 9157) in its test mode; skipped when there is
 * no Chromium.
 */
export default async function setup(project: TestProject) {
  if (!hasChromium()) {
    project.provide("baseUrl", "");
    project.provide("cmsUrl", "");
    return;
  }
  const turnstile = await startTurnstileFake({ port: 9157 + Number(process.env.TEST_PORT_OFFSET ?? 0) });
  const stack = await startStack({
    name: "browser",
    cmsPort: 8057,
    workerPort: 3150,
    vars: {
      TURNSTILE_SITE_KEY: turnstileTestKeys.siteKeyPasses,
      TURNSTILE_SECRET_KEY: turnstileTestKeys.secretPasses,
      TURNSTILE_SITEVERIFY_URL: turnstile.siteverifyUrl,
      TURNSTILE_SCRIPT_URL: turnstile.scriptUrl,
      FORM_UPLOADS_SIGNING_KEY: "browser-test-form-uploads-signing-key",
      // This stack shares two cores with the other suites: a slow moment is not a failure here
      // (the fault suite checks the 4 s timeout with a Directus that hangs).
      CONTENT_TIMEOUT_MS: "15000",
    },
  });
  project.provide("baseUrl", stack.siteUrl);
  project.provide("cmsUrl", stack.cmsUrl);
  return async () => {
    await stack.stop();
    await turnstile.close();
  };
}
