import { Hono } from "hono";
import { ContentError } from "../../content/client.server";
import { serverVariableNames } from "../../content/content.server";
import { sha256Hex } from "../../lib/digest";
import type { AppEnv } from "../../env";
import { browserOperationByName } from "../operations.server";

/** Body limit of the browser's query endpoint: registered operations are small. */
export const graphqlBodyLimitBytes = 16 * 1024;

type Variables = Record<string, string | number | boolean | null>;

/** Variables an operation declares, with their GraphQL types (`$slug: String!` -> slug: "String!"). */
function declaredVariables(document: string): Map<string, string> {
  return new Map([...document.matchAll(/\$(\w+)\s*:\s*([\w[\]!]+)/g)].map((match) => [match[1]!, match[2]!]));
}

/**
 * Why `value` does not fit the declared GraphQL type, or null when it does. Checked here so a
 * wrong or missing variable is a 400 naming it, not a Directus error answered as a 502.
 */
function variableProblem(type: string, value: unknown): string | null {
  const required = type.endsWith("!");
  if (value === null || value === undefined) return required ? "is required" : null;
  switch (type.replace(/!$/, "")) {
    case "String":
      if (typeof value !== "string") return "must be a string";
      return required && !value.trim() ? "must not be empty" : null;
    case "ID":
      return (typeof value === "string" && /^[\w-]{1,64}$/.test(value)) || (Number.isSafeInteger(value) && (value as number) >= 0)
        ? null
        : "must be an id (letters, digits, - and _)";
    case "Int":
      return Number.isInteger(value) && Math.abs(value as number) <= 2 ** 31 - 1 ? null : "must be a whole number";
    case "Float":
      return typeof value === "number" && Number.isFinite(value) ? null : "must be a number";
    case "GraphQLStringOrFloat": // Directus' type for filters on numeric ids
      return (typeof value === "string" && value.trim() !== "") || (typeof value === "number" && Number.isFinite(value))
        ? null
        : "must be a string or a number";
    case "Boolean":
      return typeof value === "boolean" ? null : "must be true or false";
    default:
      return "cannot be set by the browser";
  }
}

const documentHashes = new Map<string, string>();
async function documentHash(document: string): Promise<string> {
  let hash = documentHashes.get(document);
  if (!hash) documentHashes.set(document, (hash = await sha256Hex(document)));
  return hash;
}

const badRequest = (message: string) => ({ errors: [{ message }] });

/**
 * POST /graphql — the browser's query endpoint. Accepts only the operations the route modules declare
 * (by operationName, with the exact query text or its sha256 hash), serves them through the
 * same cache as the server render, and uses the preview token only for a valid preview.
 */
export const graphqlRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    c.header("Cache-Control", c.get("preview") ? "private, no-store" : "no-cache");
    if (!c.req.header("content-type")?.toLowerCase().startsWith("application/json")) {
      return c.json(badRequest("Send a JSON body with Content-Type: application/json."), 400);
    }
    const body = (await c.req.json().catch(() => undefined)) as
      | { operationName?: unknown; query?: unknown; variables?: unknown; extensions?: { persistedQuery?: { sha256Hash?: unknown } } }
      | undefined;
    if (!body || typeof body !== "object" || Array.isArray(body)) return c.json(badRequest("The body is not a JSON object."), 400);
    if (typeof body.operationName !== "string") return c.json(badRequest("operationName is required."), 400);
    const operation = (await browserOperationByName()).get(body.operationName);
    if (!operation) return c.json(badRequest(`Unknown operation "${body.operationName.slice(0, 80)}".`), 400);

    const hash = body.extensions?.persistedQuery?.sha256Hash;
    if (typeof body.query === "string") {
      if (body.query.trim() !== operation.document) {
        return c.json(badRequest(`The query text does not match the registered operation ${operation.name}.`), 400);
      }
    } else if (typeof hash === "string") {
      if (hash !== (await documentHash(operation.document))) {
        return c.json(badRequest(`The hash does not match the registered operation ${operation.name}.`), 400);
      }
    } else {
      return c.json(badRequest("Send the registered query text or its sha256 hash."), 400);
    }

    const variables = body.variables ?? {};
    if (typeof variables !== "object" || variables === null || Array.isArray(variables)) {
      return c.json(badRequest("variables must be a JSON object."), 400);
    }
    const allowed = declaredVariables(operation.document);
    for (const [name, value] of Object.entries(variables)) {
      if (serverVariableNames.includes(name)) continue; // `status`, `now`: set by the server alone, never by the browser
      if (!allowed.has(name)) return c.json(badRequest(`Unknown variable "${name.slice(0, 40)}" for ${operation.name}.`), 400);
      const scalar = value === null || ["string", "number", "boolean"].includes(typeof value);
      if (!scalar || (typeof value === "string" && value.length > 200)) {
        return c.json(badRequest(`Variable "${name}" must be a short string, number or boolean.`), 400);
      }
    }
    for (const [name, type] of allowed) {
      if (serverVariableNames.includes(name)) continue;
      const problem = variableProblem(type, (variables as Variables)[name]);
      if (problem) return c.json(badRequest(`Variable "${name}" ${problem} for ${operation.name}.`), 400);
    }

    try {
      const own = Object.fromEntries(Object.entries(variables).filter(([name]) => !serverVariableNames.includes(name)));
      const data = await c.get("content").query(operation, own as Variables);
      return c.json({ data });
    } catch (error) {
      console.error("graphql endpoint:", error);
      const message = error instanceof ContentError ? `${operation.name} is unavailable right now.` : "Query failed.";
      return c.json({ errors: [{ message }] }, 502);
    }
  })
  .all("/", (c) => {
    c.header("Allow", "POST");
    return c.json(badRequest("Use POST with a JSON body."), 405);
  });
