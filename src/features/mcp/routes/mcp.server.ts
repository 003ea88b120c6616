import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../../../env";
import { errorFields, logLine } from "../../../lib/log";
import { mcpServerKey } from "../../../config/mcp";
import { rateLimit } from "../../../middleware/rate-limit";
import { answer, errorCodes, protocolVersions, rpcError, type ServerInfo } from "../protocol";

/** Requests per client address and minute: an agent reading a few pages at a time stays well under it. */
export const mcpRateLimit = 120;
const maxBodyBytes = 64 * 1024;

/*
 * Streamable HTTP (MCP 2025-06-18) for a stateless, read-only server: each POST carries one
 * JSON-RPC message and is answered with one JSON body (a notification with 202 and no body).
 * No session (no Mcp-Session-Id), no server-sent events: GET and DELETE are 405, as the
 * transport allows for a server that offers no stream. No login and no cookies; it reads only
 * what the public site shows. Browsers' pages of other sites are refused (`refuseOtherSites`).
 * Decision 023.
 */

function json(c: Context<AppEnv>, body: unknown, status: 200 | 400 | 403 | 413 | 429 = 200): Response {
  return c.json(body, status, { "Cache-Control": "no-store" });
}

/**
 * The transport requires servers to validate `Origin` (DNS rebinding, and any site's page
 * driving the server from a visitor's browser): a browser names the page that sends a request
 * there, an MCP client (a program, not a page) sends none. So a request without one, or from this
 * site's own pages, goes on; any other is a 403 with a JSON-RPC error, before the rate limit
 * (another site's page cannot spend a visitor's budget) and before any tool runs (nothing is
 * recorded). The site's origin comes from SITE_URL, never from the request's Host, which a
 * rebinding page chooses. No CORS headers: the one origin allowed needs none.
 */
const refuseOtherSites: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header("origin");
  if (origin === undefined || sameOrigin(origin, c.env.SITE_URL)) return next();
  return json(
    c,
    rpcError(
      null,
      errorCodes.originRefused,
      "Requests from other websites' pages are not accepted. Connect from an MCP client (which sends no Origin header) instead.",
    ),
    403,
  );
};

function sameOrigin(origin: string, siteUrl: string): boolean {
  try {
    return new URL(origin).origin === new URL(siteUrl).origin;
  } catch {
    return false; // "null" (a sandboxed frame, a file) or not a URL: not this site
  }
}

function serverInfo(c: Context<AppEnv>): ServerInfo {
  return {
    name: mcpServerKey,
    title: `${c.env.SITE_NAME} docs`,
    version: "1.0.0",
    instructions: `Read-only access to ${c.env.SITE_NAME}'s public documentation, REST API reference and changelog (${c.env.SITE_URL}). Start with search to find the page that answers a question; read it with get_page, or get_api_operation for an API operation's parameters, schemas and code samples; list_changes tells what changed and when. Cite the URLs the tools return.`,
  };
}

export const mcpRoutes = new Hono<AppEnv>()
  .use(refuseOtherSites)
  .options("/", (c) => c.body(null, 204, { Allow: "POST, OPTIONS" }))
  .post(
    "/",
    rateLimit({
      route: "mcp",
      binding: "MCP_LIMITER",
      limit: mcpRateLimit,
      windowMs: 60_000,
      message: "Too many requests",
      answer: (c) => json(c, rpcError(null, errorCodes.rateLimited, "Too many requests to this MCP server; wait a minute and retry."), 429),
    }),
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: (c) => json(c, rpcError(null, errorCodes.invalidRequest, `The body is larger than ${maxBodyBytes} bytes.`), 413),
    }),
    async (c) => {
      const version = c.req.header("mcp-protocol-version");
      if (version && !(protocolVersions as readonly string[]).includes(version)) {
        return json(
          c,
          rpcError(
            null,
            errorCodes.invalidRequest,
            `Unsupported MCP-Protocol-Version ${version}; this server speaks ${protocolVersions.join(", ")}.`,
          ),
          400,
        );
      }
      let message: unknown;
      try {
        message = JSON.parse(await c.req.text());
      } catch {
        return json(c, rpcError(null, errorCodes.parse, "The body is not JSON."), 400);
      }
      if (Array.isArray(message)) {
        return json(
          c,
          rpcError(null, errorCodes.invalidRequest, "Send one JSON-RPC message per request (MCP 2025-06-18 has no batches)."),
          400,
        );
      }
      try {
        // The tools load with the first call here: agents' requests are few beside the site's pages.
        const { mcpTools } = await import("../tools.server");
        const reply = await answer(message, { server: serverInfo(c), tools: mcpTools, context: c });
        if (!reply) return c.body(null, 202);
        return json(c, reply);
      } catch (error) {
        // Directus down or failing: an error the client can show, not an HTML error page.
        logLine("error", "mcp_failed", { method: (message as { method?: unknown })?.method, ...errorFields(error) });
        const id = (message as { id?: unknown })?.id;
        return json(
          c,
          rpcError(
            typeof id === "string" || typeof id === "number" ? id : null,
            errorCodes.internal,
            "The docs could not be read just now; retry in a moment.",
          ),
        );
      }
    },
  )
  .all("/", (c) =>
    c.json(
      rpcError(null, errorCodes.invalidRequest, "This MCP server answers POST only (Streamable HTTP without a server-sent event stream)."),
      405,
      {
        Allow: "POST, OPTIONS",
        "Cache-Control": "no-store",
      },
    ),
  );
