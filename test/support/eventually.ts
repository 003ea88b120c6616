/**
 * Polls `check` until it returns something truthy and returns that, or fails after `timeoutMs`:
 * bounded polling, never a fixed sleep before an assertion. A check that throws counts as "not
 * yet" (a server coming back up refuses connections for a while).
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  { timeoutMs = 30_000, intervalMs = 250, what = "condition" }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  while (Date.now() < deadline) {
    try {
      const result = await check();
      if (result) return result;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
  throw new Error(`${what} not met within ${timeoutMs} ms${cause}`);
}
