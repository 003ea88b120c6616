import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { startStack } from "../../scripts/lib/test-stack.mjs";
import { turnstileTestKeys } from "../support/turnstile-fake.ts";
import { startTurnstileFake } from "../support/turnstile-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    faultSiteUrl: string;
    faultCmsUrl: string;
    /** POST {url}/cms/stop | /cms/start | /cms/freeze | /cms/thaw */
    faultControlUrl: string;
  }
}

/** Ports of this project (Directus 8080-8089, worker 3400-3499 are the fault tests' own). */
const cmsPort = 8083;
const workerPort = 3483;

/**
 * A freshly seeded Directus and the built worker with an empty KV (a cold start), plus a small
 * control server on loopback: the tests run in another process, so they stop, restart, freeze
 * (SIGSTOP: Directus hangs, connections open but never answered) and thaw Directus through it.
 */
export default async function setup(project: TestProject) {
  // Forms need a Turnstile check: a local one in Cloudflare's test mode (port 9183).
  const turnstile = await startTurnstileFake({ port: 9183 + Number(process.env.TEST_PORT_OFFSET ?? 0) });
  const stack = await startStack({
    name: "fault",
    cmsPort,
    workerPort,
    vars: {
      TURNSTILE_SITE_KEY: turnstileTestKeys.siteKeyPasses,
      TURNSTILE_SECRET_KEY: turnstileTestKeys.secretPasses,
      TURNSTILE_SITEVERIFY_URL: turnstile.siteverifyUrl,
      TURNSTILE_SCRIPT_URL: turnstile.scriptUrl,
    },
  });
  // Directus builds its GraphQL schema on the first query it gets, which on a busy machine can
  // take longer than the worker's upstream timeout. These tests are about the worker's cold start
  // (an empty KV), not Directus': its schema is built here, without touching the worker or KV.
  // The same after each restart: a test's first page after "/cms/start" finds Directus as ready
  // as the first test found it (a cold schema on a busy machine answered it 502).
  const buildSchema = () =>
    fetch(`${stack.cmsUrl}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
      signal: AbortSignal.timeout(60_000),
    }).then((response) => response.text());
  await buildSchema();
  let frozen = false;
  const signal = (name: NodeJS.Signals) => process.kill(-stack.cms.pid, name);
  const actions: Record<string, () => Promise<void> | void> = {
    "/cms/stop": async () => {
      if (frozen) signal("SIGCONT");
      frozen = false;
      await stack.cms.stop();
    },
    "/cms/start": async () => {
      if (frozen) signal("SIGCONT");
      frozen = false;
      await stack.restartCms();
      await buildSchema();
    },
    "/cms/freeze": () => {
      signal("SIGSTOP");
      frozen = true;
    },
    "/cms/thaw": () => {
      signal("SIGCONT");
      frozen = false;
    },
  };
  const control = createServer((req, res) => {
    const action = req.method === "POST" ? actions[req.url ?? ""] : undefined;
    if (!action) return void res.writeHead(404).end("unknown action");
    Promise.resolve()
      .then(action)
      .then(
        () => res.end("ok"),
        (error: unknown) => res.writeHead(500).end(String(error)),
      );
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  const { port } = control.address() as AddressInfo;

  project.provide("faultSiteUrl", stack.siteUrl);
  project.provide("faultCmsUrl", stack.cmsUrl);
  project.provide("faultControlUrl", `http://127.0.0.1:${port}`);
  return async () => {
    if (frozen) signal("SIGCONT");
    await new Promise((resolve) => control.close(resolve));
    await stack.stop();
    await turnstile.close();
  };
}
