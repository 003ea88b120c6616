import type { Context } from "hono";
import type { Operation } from "../content/operation";
import type { AppEnv } from "../env";
import { renderErrorPage, renderPage } from "./render-page.server";
import { loaderArgs, siteChrome } from "../router/request-context.server";
import type { ContentSource } from "../content/operation";
import { PageNotFound } from "../router/define";
import { loadRoute, matchRoute, type PageState } from "./table";

/**
 * A loader may run only the operations its route module declares: the browser's /graphql
 * allowlist is derived from those lists, so an undeclared query would work on the server and
 * fail on client navigation. Here it fails at once, in every test of the page.
 */
export function declaredOnly(content: ContentSource, operations: readonly Operation<any, any>[], route: string): ContentSource {
  const declared = new Set(operations.map((operation) => operation.name));
  return {
    async query(operation, variables) {
      if (!declared.has(operation.name)) {
        throw new Error(`route "${route}" ran ${operation.name}, which its module does not declare in operations`);
      }
      return content.query(operation, variables);
    },
    showOnly(operation, part, everyItem) {
      content.showOnly?.(operation, part, everyItem);
    },
  };
}

/** Every page: request → route table → loader → view → stream. Paths no route matches fall through to 404. */
export async function pageHandler(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const match = matchRoute(url.pathname);
  if (!match) return c.notFound();
  const route = await loadRoute(match.id);
  try {
    const args = loaderArgs(c, match.params);
    const [site, loaded] = await Promise.all([
      siteChrome(c),
      route.load({ ...args, content: declaredOnly(args.content, route.operations, match.id) }),
    ]);
    // The CMS item reference is for editors only: public pages never carry it.
    const editable = site.preview && loaded.editable ? { editable: loaded.editable } : {};
    const state = { route: match.id, data: loaded.data, site, path: url.pathname + url.search, ...editable } as PageState;
    return await renderPage(c, { state, meta: loaded.meta, status: loaded.status, params: match.params });
  } catch (error) {
    if (error instanceof PageNotFound) return renderErrorPage(c, 404);
    throw error;
  }
}
