// The V8 heap of a workerd isolate, read over its inspector (the DevTools protocol workerd
// serves when started with an inspector port): `Runtime.getHeapUsage` polled while a request
// runs (its peak) and read before and after it. workerd does not enforce the 128 MB isolate
// limit locally, so this is how a bench sees how close a request comes to it. The figures
// include garbage not yet collected (upper bounds): `HeapProfiler.collectGarbage` got no answer
// from workerd once the isolate had done a large request.

import { inspector } from "./profiler.mjs";

/** Connects to the first (only) worker behind `inspectorPort`. */
export async function connectHeap(inspectorPort) {
  const { send, close } = await inspector(inspectorPort);
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
    close,
  };
}
