import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { Hono } from "hono";
import { createApp, type AppOptions } from "../../src/app";
import type { AppEnv, Bindings } from "../../src/env";

/** Sends a request through a freshly built app inside workerd, with the real bindings. */
export async function request(
  path: string,
  init: RequestInit & { app?: Hono<AppEnv>; options?: AppOptions; env?: Partial<Bindings> } = {},
): Promise<Response> {
  const { app = createApp(init.options), env: overrides, ...requestInit } = init;
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, "http://localhost:3000"), requestInit), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Visible text of an HTML document: tags removed, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/ ([.,])/g, "$1");
}
