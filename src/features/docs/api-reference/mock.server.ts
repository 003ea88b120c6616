import { Hono, type Context } from "hono";
import type { AppEnv } from "../../../env";
import { loadApiReferenceVersion } from "./load.server";
import type { ApiOperation, ApiReference } from "./types";
import { coerceParameter, validateValue, type ValidationIssue } from "./validate";

/**
 * `/api/mock/<path>`: the API as its document describes it, for Try it on the demo site and for
 * the code samples in tests. It finds the operation by method and path, checks the request
 * against the operation's parameters and body schema (400 `{error, field}` naming the first bad
 * field), asks for a bearer key when the operation does (any key: nothing is stored or logged),
 * and answers with the first successful response's example. It keeps no state. An earlier API
 * version answers under `/api/mock/@<version>/<path>` (`@`: API paths may start with v1 too).
 */

export const mockPrefix = "/api/mock";

/** Where Try it sends an API version's requests: the latest at /api/mock, an earlier one at /api/mock/@v1. */
export const mockBaseFor = (versionSegment: string | null) => (versionSegment ? `${mockPrefix}/@${versionSegment}` : mockPrefix);

interface MockError {
  code: string;
  error: string;
  field?: string;
}

const noStore = { "Cache-Control": "no-store" };

/** The operation of `method path`, and its path parameters; templated segments match one segment. */
function findOperation(
  reference: ApiReference,
  method: string,
  path: string,
): { operation: ApiOperation; params: Record<string, string> } | null {
  const segments = path.split("/");
  for (const operation of reference.operations) {
    if (operation.method !== method) continue;
    const template = operation.path.split("/");
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = template.every((part, index) => {
      const segment = segments[index] ?? "";
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (!name) return part === segment;
      if (!segment) return false;
      try {
        params[name] = decodeURIComponent(segment);
      } catch {
        return false;
      }
      return true;
    });
    if (matches) return { operation, params };
  }
  return null;
}

/** The first problem with a request's parameters and body, by the operation's document. */
function checkRequest(
  operation: ApiOperation,
  request: { params: Record<string, string>; query: URLSearchParams; headers: Headers; body: unknown; hasBody: boolean },
): ValidationIssue | null {
  for (const parameter of operation.parameters) {
    const raw =
      parameter.in === "path"
        ? Object.hasOwn(request.params, parameter.name)
          ? request.params[parameter.name]
          : undefined
        : parameter.in === "query"
          ? request.query.get(parameter.name)
          : parameter.in === "header"
            ? request.headers.get(parameter.name)
            : null;
    if (raw === null || raw === undefined) {
      if (parameter.required) return { field: parameter.name, message: `${parameter.name} (${parameter.in} parameter) is required` };
      continue;
    }
    const issue = validateValue(coerceParameter(raw, parameter.schema), parameter.schema, parameter.name);
    if (issue) return { field: issue.field, message: `${issue.message} (${parameter.in} parameter)` };
  }
  const body = operation.requestBody;
  if (!body) return null;
  if (!request.hasBody) return body.required ? { field: "body", message: "A JSON body is required" } : null;
  return validateValue(request.body, body.schema);
}

const status = (code: string) => Number(code);

function answerWith(c: Context<AppEnv>, operation: ApiOperation, statusCode: number, fallback: MockError): Response {
  const documented = operation.responses.find((response) => status(response.status) === statusCode);
  // The document's own example for this status when it has one (realistic bodies), with the field at fault.
  const example = documented?.example && typeof documented.example === "object" ? documented.example : null;
  const body = example
    ? { ...example, message: fallback.error, ...(fallback.field ? { field: fallback.field } : {}), error: fallback.error }
    : fallback;
  return c.json(body, statusCode as 400, noStore);
}

async function readBody(c: Context<AppEnv>): Promise<{ hasBody: boolean; body: unknown } | { invalid: string }> {
  const text = await c.req.text();
  if (!text.trim()) return { hasBody: false, body: null };
  try {
    return { hasBody: true, body: JSON.parse(text) };
  } catch {
    return { invalid: "The body is not valid JSON" };
  }
}

export const mockRoutes = new Hono<AppEnv>().all("*", async (c) => {
  const rest = c.req.path.slice(mockPrefix.length) || "/";
  const versioned = /^\/@([^/]+)(\/.*)?$/.exec(rest);
  const path = versioned ? versioned[2] || "/" : rest;
  const loaded = await loadApiReferenceVersion(c.get("content"), versioned ? versioned[1] : null);
  const reference = loaded?.reference;
  if (!reference) {
    const error = versioned ? `No published API version ${versioned[1]}` : "No API document is published";
    return c.json({ code: "not_found", error }, 404, noStore);
  }
  const method = c.req.method === "HEAD" ? "GET" : c.req.method;
  const found = findOperation(reference, method, path);
  if (!found) {
    const methods = reference.operations
      .filter((operation) => findOperation({ ...reference, operations: [operation] }, operation.method, path))
      .map((operation) => operation.method);
    if (methods.length === 0) return c.json({ code: "not_found", error: `No operation at ${method} ${path}` }, 404, noStore);
    // HEAD is answered as GET.
    const allowed = [...new Set(methods.flatMap((name) => (name === "GET" ? ["GET", "HEAD"] : [name])))].sort();
    return c.json({ code: "method_not_allowed", error: `${method} is not an operation of ${path}: it takes ${allowed.join(", ")}` }, 405, {
      ...noStore,
      Allow: allowed.join(", "),
    });
  }
  const { operation, params } = found;
  if (operation.secured && !/^Bearer\s+\S+/i.test(c.req.header("authorization") ?? "")) {
    return answerWith(c, operation, 401, { code: "unauthorized", error: "Missing or invalid API key: send Authorization: Bearer <key>" });
  }
  const body = await readBody(c);
  if ("invalid" in body) return answerWith(c, operation, 400, { code: "invalid_request", error: body.invalid, field: "body" });
  const issue = checkRequest(operation, {
    params,
    query: new URL(c.req.url).searchParams,
    headers: c.req.raw.headers,
    ...body,
  });
  if (issue) return answerWith(c, operation, 400, { code: "invalid_request", error: issue.message, field: issue.field });

  const success = operation.responses.find((response) => /^2\d\d$/.test(response.status));
  const code = success ? status(success.status) : 200;
  if (!success?.contentType || code === 204) return c.body(null, code as 204, noStore);
  return c.json(success.example ?? null, code as 200, noStore);
});
