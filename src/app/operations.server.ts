import type { Operation } from "../content/operation";
import { loadRoute, routeIds } from "./table";

let browserOperations: Promise<Map<string, Operation<any, any>>> | null = null;

/**
 * The operations a browser may run through /graphql: exactly those the route modules declare
 * for their loaders (client navigation and hydration run the same loaders). Server-only
 * queries (sitemap, feed, the shell's data) are not among them.
 */
export function browserOperationByName(): Promise<Map<string, Operation<any, any>>> {
  browserOperations ??= Promise.all(routeIds.map(loadRoute)).then(
    (modules) => new Map(modules.flatMap((module) => module.operations).map((operation) => [operation.name, operation])),
  );
  return browserOperations;
}
