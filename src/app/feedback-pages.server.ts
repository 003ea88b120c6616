import type { Context } from "hono";
import type { AppEnv } from "../env";
import { PageNotFound } from "../router/define";
import { loaderArgs } from "../router/request-context.server";
import { loadRoute, matchRoute } from "./table";

/**
 * Whether `path` is a page that asks for feedback and exists: its route shows the widget
 * (`feedback` in its module) and its loader finds the page, as it would to render it.
 * Throws when the content cannot be read (Directus down and nothing cached).
 */
export async function feedbackPageExists(c: Context<AppEnv>, path: string): Promise<boolean> {
  const match = matchRoute(path);
  if (!match) return false;
  const route = await loadRoute(match.id);
  if (!route.feedback) return false;
  try {
    await route.load({ ...loaderArgs(c, match.params), url: new URL(path, c.req.url) });
    return true;
  } catch (error) {
    if (error instanceof PageNotFound) return false;
    throw error;
  }
}
