import type { Bindings } from "../../env";
import { pagePath, referrerHost } from "../analytics/index.server";

/**
 * Redirects answered and addresses not found, counted in Workers Analytics Engine (binding
 * ROUTING_EVENTS): `npm run analytics -- --report not-found` lists the addresses that editors may
 * want to redirect, `--report redirects` the redirects in use. blob1 kind, blob2 path, blob3
 * target, blob4 referrer host; double1 status. No query string, address or cookie.
 */
export interface RoutingEvent {
  kind: "redirect" | "not_found";
  path: string;
  target?: string | null;
  status: number;
  referrer?: string | undefined;
}

export function recordRoutingEvent(env: Bindings, event: RoutingEvent): void {
  const dataset = env.ROUTING_EVENTS as AnalyticsEngineDataset | undefined;
  const path = pagePath(event.path);
  if (!dataset || path === null) return;
  try {
    dataset.writeDataPoint({
      indexes: [event.kind],
      blobs: [event.kind, path, (event.target ?? "").slice(0, 256), referrerHost(event.referrer)],
      doubles: [event.status],
    });
  } catch {
    // Counting must never fail a visitor's request.
  }
}
