#!/usr/bin/env node
// Where a server render's CPU goes: the production bundle on workerd with the page cache off (the
// bench's pure SSR), loaded by autocannon while V8's sampling profiler runs through workerd's
// inspector. Prints the functions with the most self time and a few named buckets (React's
// render, JSON, the log line, the body's encoding, GC), as shares of all samples.
//
//   node scripts/bench/profile-ssr.mjs [--path /blog] [--duration 10] [--interval 100]
//        [--port 3740] [--cms-port 8795] [--cms-url http://127.0.0.1:8055] [--top 40] [--out file.cpuprofile]
//
// Without --cms-url it starts the bench's own Directus (cms/data-bench) as `npm run bench` does.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startProfiling, summariseProfile } from "./profiler.mjs";
import { buildForBench, disposeAll, startBenchCms, startWorkerd } from "./stack.mjs";

const { values: args } = parseArgs({
  options: {
    path: { type: "string", default: "/blog" },
    duration: { type: "string", default: "10" },
    interval: { type: "string", default: "100" },
    connections: { type: "string", default: "10" },
    port: { type: "string", default: "3740" },
    "cms-port": { type: "string", default: "8795" },
    "cms-url": { type: "string" },
    top: { type: "string", default: "40" },
    out: { type: "string" },
    vars: { type: "string", default: "{}" },
  },
});
const log = (line) => console.log(line);

async function main() {
  const build = buildForBench({ log });
  const port = Number(args.port);
  const inspectorPort = port + 30;
  const cms = args["cms-url"]
    ? { url: args["cms-url"], stop: async () => {} }
    : await startBenchCms({ name: "bench", port: Number(args["cms-port"]), siteUrl: `http://127.0.0.1:${port + 1}`, log });
  try {
    const site = await startWorkerd({
      build,
      port,
      apiBaseUrl: cms.url,
      inspectorPort,
      vars: { PAGE_CACHE: "off", ...JSON.parse(args.vars) },
    });
    const url = `${site.url}${args.path}`;
    // Warm: the content cache and the code.
    for (let i = 0; i < 200; i++) await (await fetch(url)).arrayBuffer();
    const stop = await startProfiling(inspectorPort, Number(args.interval));
    const result = await autocannon({ url, connections: Number(args.connections), duration: Number(args.duration) });
    const profile = await stop();
    log(`${args.path}: ${result.requests.total} requests, ${result.requests.average} req/s`);
    if (args.out) writeFileSync(args.out, JSON.stringify(profile));
    summariseProfile(profile, Number(args.top), log);
    await site.dispose();
  } finally {
    await cms.stop?.();
    build.cleanup();
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => disposeAll());
