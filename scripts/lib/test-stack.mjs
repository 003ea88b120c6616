// A complete local stack for tests and benchmarks: a fresh seeded Directus on its own port and
// data directory, and the built worker pointed at it. Never touches the dev instance (8055).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { prepareAndStartCms, startCms, startFreshCms } from "../../cms/scripts/lib.mjs";
import { root, startWorker } from "./processes.mjs";

export const testSecrets = {
  DIRECTUS_PREVIEW_TOKEN: "dev-preview-token-change-me",
  // The seeded CMS's Site reader token (cms/scripts/lib.mjs): the worker's published reads.
  DIRECTUS_READ_TOKEN: "dev-read-token-change-me",
  REVALIDATE_SECRET: "dev-revalidate-secret-change-me",
  DIRECTUS_SUBMISSIONS_TOKEN: "dev-site-token-change-me",
};

/**
 * @param {{ name: string, cmsPort: number, workerPort: number, fresh?: boolean, log?: (m: string) => void,
 *          vars?: Record<string, string> }} options `vars`: more worker variables (a local Turnstile)
 */
export async function startStack({ name, cmsPort: cmsBase, workerPort: workerBase, fresh = true, log = () => {}, vars = {} }) {
  // TEST_PORT_OFFSET moves a whole test run's ports and its data, so another run (in this
  // checkout or a second one) can test beside this one without sharing a CMS or worker state.
  const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
  const cmsPort = cmsBase + offset;
  const workerPort = workerBase + offset;
  const runName = offset ? `${name}-${offset}` : name;
  const dataDir = join(root, "cms", `data-${runName}`);
  const siteUrl = `http://127.0.0.1:${workerPort}`;
  const cmsOptions = { dataDir, port: cmsPort, log, siteUrl, revalidateSecret: testSecrets.REVALIDATE_SECRET };
  let cms = await (fresh ? startFreshCms(cmsOptions) : prepareAndStartCms(cmsOptions));
  // A fresh stack's worker starts without what an earlier run left in its KV and caches.
  const persistTo = join(root, ".wrangler", `state-${runName}`);
  if (fresh) rmSync(persistTo, { recursive: true, force: true });
  let worker;
  try {
    worker = await startWorker({
      port: workerPort,
      log: "pipe",
      persistTo,
      vars: { API_BASE_URL: cms.url, SITE_URL: siteUrl, ...testSecrets, ...vars },
    });
  } catch (error) {
    await cms.stop();
    throw error;
  }
  return {
    siteUrl: worker.url,
    cmsUrl: cms.url,
    /** The running Directus ({ url, pid, stop() }); a new handle after restartCms(). */
    get cms() {
      return cms;
    },
    /** Stops Directus if it runs and starts it again on the same data and port (fault tests). */
    async restartCms() {
      await cms.stop();
      cms = await startCms(cmsOptions);
      return cms;
    },
    async stop() {
      await worker.stop();
      await cms.stop();
    },
  };
}
