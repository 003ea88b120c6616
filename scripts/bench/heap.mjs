// The V8 heap of a workerd isolate, read over its inspector (the DevTools protocol workerd
// serves when started with an inspector port): `Runtime.getHeapUsage` polled while a request
// runs (its peak) and read before and after it. workerd does not enforce the 128 MB isolate
// limit locally, so this is how a bench sees how close a request comes to it. The figures
// include garbage not yet collected (upper bounds): `HeapProfiler.collectGarbage` got no answer
// from workerd once the isolate had done a large request.

/** Connects to the first (only) worker behind `inspectorPort`. */
export async function connectHeap(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error(`no inspector target on port ${inspectorPort}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let id = 0;
  const pending = new Map();
  socket.addEventListener("message", (message) => {
    const reply = JSON.parse(String(message.data));
    if (reply.id === undefined) return;
    const settle = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error) settle?.reject(new Error(reply.error.message));
    else settle?.resolve(reply.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      id += 1;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  const usedBytes = async () => (await send("Runtime.getHeapUsage")).usedSize;
  return {
    /** Heap in use now (garbage included). */
    usedBytes,
    /** Runs `work` while sampling the heap every `everyMs`; its result and the largest sample. */
    async peakDuring(work, everyMs = 20) {
      let peak = await usedBytes();
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await usedBytes().catch(() => 0));
          await new Promise((resolve) => setTimeout(resolve, everyMs));
        }
      })();
      try {
        const result = await work();
        return { result, peakBytes: peak };
      } finally {
        sampling = false;
        await sampler;
      }
    },
    close: () => socket.close(),
  };
}
