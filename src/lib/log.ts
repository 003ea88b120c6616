// Structured log lines an operator can search (Workers Logs, `wrangler tail`): names, statuses and
// timings only, never a query value, cookie, header value or token. Imports nothing, so every
// layer (the content client, middleware, features) can log through it.

type Level = "info" | "warn" | "error";

/** Writes one JSON log line. */
export function logLine(level: Level, event: string, fields: Record<string, unknown>): void {
  const line = JSON.stringify({ level, event, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** An error as log fields: its kind and message (the stack only for unexpected errors). */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error).slice(0, 500) };
  const expected = error.name === "ContentError" || error.name === "HTTPException";
  return {
    error: error.name,
    message: error.message.slice(0, 500),
    ...(expected || !error.stack ? {} : { stack: error.stack.slice(0, 2000) }),
  };
}
