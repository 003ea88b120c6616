import type { Context, Hono } from "hono";
import type { RouterRoute } from "hono/types";
import type { AppEnv } from "../env";

/** `Allow`'s methods as a sentence: "POST", "GET and HEAD". */
const listed = (methods: readonly string[]) =>
  methods.length === 1 ? methods[0]! : `${methods.slice(0, -1).join(", ")} and ${methods.at(-1)!}`;

/** 405 with `Allow` naming `methods` (GET brings HEAD: the worker answers HEAD with its GET handler). */
export function methodNotAllowed(c: Context<AppEnv>, methods: readonly string[]): Response {
  const allowed = [...new Set(methods.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])))].sort();
  c.header("Allow", allowed.join(", "));
  c.header("Cache-Control", "no-store");
  return c.text(`This address accepts only ${listed(allowed)} requests.`, 405);
}

/**
 * The last handler under the API prefix, for a request no endpoint answered: 405 naming the
 * methods the path does take, or 404 when no endpoint has the path. The endpoints are the routes
 * registered on `app` before this is called, each with a method of its own (middleware takes any
 * method and does not count); `app`'s own router matches the path against them, so the answer
 * follows the endpoints as they are registered, with nothing to keep in step by hand.
 */
export function unansweredApiRequest(app: Hono<AppEnv>): (c: Context<AppEnv>) => Response {
  const endpoints = new Set<RouterRoute>(app.routes.filter((route) => route.method !== "ALL"));
  const methods = [...new Set([...endpoints].map((route) => route.method))];
  return (c) => {
    const path = c.req.path;
    const allowed = methods.filter((method) =>
      app.router.match(method, path)[0].some(([[, route]]) => route.method === method && endpoints.has(route)),
    );
    if (allowed.length > 0) return methodNotAllowed(c, allowed);
    c.header("Cache-Control", "no-store");
    return c.text("There is no API endpoint at this address.", 404);
  };
}
