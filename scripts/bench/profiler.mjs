// A V8 CPU profile of workerd through its inspector (Chrome DevTools Protocol), and a summary of
// where the time went: the functions with the most self time and a few named buckets.

/** A minimal Chrome DevTools Protocol client over the inspector's WebSocket. */
export async function inspector(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((entry) => entry.webSocketDebuggerUrl);
  if (!target) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  const waiting = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    const pending = message.id && waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        id += 1;
        waiting.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Self time by function, and by bucket, as shares of every sample. */
export function summariseProfile(profile, top = 30, log = console.log) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const counts = new Map();
  for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  const total = profile.samples.length;
  const selfByFunction = new Map();
  const buckets = new Map();
  const bucketOf = (nodeId) => {
    // The innermost named frame of the stack that a bucket claims.
    for (let id = nodeId; id !== undefined; id = parentOf.get(id)) {
      const { functionName, url } = byId.get(id).callFrame;
      if (functionName === "(garbage collector)") return "GC";
      if (functionName === "(idle)" || functionName === "(program)") return functionName;
      if (/logRequest|logLine/.test(functionName)) return "request log line";
      if (/renderToString|renderToStringImpl|performWork|renderNode|renderElement/.test(functionName) || /react-dom/.test(url))
        return "React render";
      if (functionName === "stringify" || functionName === "parse") return `JSON.${functionName}`;
    }
    return "other";
  };
  for (const [nodeId, count] of counts) {
    const { functionName, url, lineNumber } = byId.get(nodeId).callFrame;
    const name = `${functionName || "(anonymous)"} ${url.split("/").pop()}:${lineNumber + 1}`;
    selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + count);
    const bucket = bucketOf(nodeId);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + count);
  }
  const share = (count) => `${((100 * count) / total).toFixed(1)}%`;
  const busy = total - (buckets.get("(idle)") ?? 0);
  log(`samples: ${total} (${busy} not idle)`);
  log("buckets (share of samples not idle):");
  for (const [bucket, count] of [...buckets].sort((a, b) => b[1] - a[1]))
    if (bucket !== "(idle)") log(`  ${`${((100 * count) / busy).toFixed(1)}%`.padStart(6)}  ${bucket}`);
  // Inclusive: the samples whose stack holds the function (counted once per sample).
  const inclusive = new Map();
  const stackNames = new Map();
  const namesOf = (nodeId) => {
    let names = stackNames.get(nodeId);
    if (names) return names;
    const { functionName, url } = byId.get(nodeId).callFrame;
    const parent = parentOf.get(nodeId);
    names = new Set(parent === undefined ? [] : namesOf(parent));
    if (functionName) names.add(`${functionName} ${url.split("/").pop()}`);
    stackNames.set(nodeId, names);
    return names;
  };
  for (const [nodeId, count] of counts) for (const name of namesOf(nodeId)) inclusive.set(name, (inclusive.get(name) ?? 0) + count);
  log(`top ${top} functions by inclusive time (share of samples not idle):`);
  for (const [name, count] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
    log(`  ${`${((100 * count) / busy).toFixed(1)}%`.padStart(6)}  ${name}`);
  log(`top ${top} functions by self time (share of all samples):`);
  for (const [name, count] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) log(`  ${share(count).padStart(6)}  ${name}`);
}

/** Starts sampling; the returned function stops and gives the profile. */
export async function startProfiling(port, intervalUs = 100) {
  const cdp = await inspector(port);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: intervalUs });
  await cdp.send("Profiler.start");
  return async () => {
    const { profile } = await cdp.send("Profiler.stop");
    cdp.close();
    return profile;
  };
}
