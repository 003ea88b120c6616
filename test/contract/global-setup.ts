import type { TestProject } from "vitest/node";
import { startStack } from "../../scripts/lib/test-stack.mjs";
import { turnstileTestKeys } from "../support/turnstile-fake.ts";
import { startTurnstileFake } from "../support/turnstile-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    contractSiteUrl: string;
    contractCmsUrl: string;
  }
}

/** The port of the form webhook receiver the contract tests start. */
export const contractWebhookPort = () => 9159 + Number(process.env.TEST_PORT_OFFSET ?? 0);

/**
 * A freshly seeded Directus (port 8058) and the built worker pointed at it, with a local
 * Turnstile (port 9158) answering like Cloudflare for its test keys.
 */
export default async function setup(project: TestProject) {
  const turnstile = await startTurnstileFake({ port: 9158 + Number(process.env.TEST_PORT_OFFSET ?? 0) });
  // Form webhooks may post to the local receiver of form-webhooks.test.ts (Directus reads it from
  // the environment when a webhook is saved, the worker from its vars when it sends).
  const webhookHosts = `127.0.0.1:${contractWebhookPort()}`;
  process.env.FORM_WEBHOOK_HOSTS = webhookHosts;
  const stack = await startStack({
    name: "contract",
    cmsPort: 8058,
    workerPort: 3950,
    vars: {
      TURNSTILE_SITE_KEY: turnstileTestKeys.siteKeyPasses,
      TURNSTILE_SECRET_KEY: turnstileTestKeys.secretPasses,
      TURNSTILE_SITEVERIFY_URL: turnstile.siteverifyUrl,
      TURNSTILE_SCRIPT_URL: turnstile.scriptUrl,
      FORM_WEBHOOK_HOSTS: webhookHosts,
      // This stack shares two cores with the other suites: a slow moment is not a failure here
      // (the fault suite checks the 4 s timeout with a Directus that hangs).
      CONTENT_TIMEOUT_MS: "15000",
    },
  });
  project.provide("contractSiteUrl", stack.siteUrl);
  project.provide("contractCmsUrl", stack.cmsUrl);
  return async () => {
    await stack.stop();
    await turnstile.close();
  };
}
