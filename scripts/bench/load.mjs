// One autocannon run against a URL with the CPU the server's processes spent meanwhile, and a
// single probe request; shared by scripts/bench.mjs and scripts/bench/peer-nextjs.mjs so both
// measure a server the same way.
import autocannon from "autocannon";
import { cpuMs } from "./stack.mjs";

export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : null);
export const round = (n, digits = 2) => (n == null || !Number.isFinite(n) ? null : Number(n.toFixed(digits)));

/**
 * One autocannon run; latency percentiles from every 2xx response (sub-millisecond precision).
 * CPU per request = user + system CPU of `pids` during the run, divided by the responses.
 */
export async function load(url, conns, { duration, pids, cmsPids = [] }) {
  const latencies = [];
  const cpu0 = cpuMs(pids);
  const cms0 = cpuMs(cmsPids);
  const started = performance.now();
  const instance = autocannon({ url, connections: conns, duration, pipelining: 1, timeout: 30 });
  instance.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) latencies.push(ms);
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(pids) - cpu0;
  const cmsCpu = cpuMs(cmsPids) - cms0;
  latencies.sort((a, b) => a - b);
  const responses = result.requests.total;
  return {
    requests: responses,
    rps: round(responses / seconds, 1),
    p50: round(percentile(latencies, 0.5), 2),
    p99: round(percentile(latencies, 0.99), 2),
    mean: round(latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1), 2),
    bytesPerResponse: responses ? Math.round(result.throughput.total / responses) : 0,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest: responses ? round(cpu / responses, 3) : null,
    cmsCpuMsPerRequest: cmsPids.length && responses ? round(cmsCpu / responses, 3) : null,
  };
}

/** Headers that tell which cache answered (one request). */
export async function probe(url) {
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    bytes: body.byteLength,
    pageCache: response.headers.get("x-page-cache"),
    serverTiming: response.headers.get("server-timing"),
  };
}
