/**
 * The Model Context Protocol's JSON-RPC side for a stateless, read-only server (decision 023):
 * one JSON-RPC message per POST, answered with one JSON body; no sessions, no server-sent
 * events, no notifications from the server. Pure: the tools are handed in.
 */

/** The revisions this server speaks, newest first; the first is offered to a client asking for another. */
export const protocolVersions = ["2025-06-18", "2025-03-26", "2024-11-05"] as const;

/** JSON-RPC 2.0 error codes used here. */
export const errorCodes = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** Implementation-defined (server error range): too many requests. */
  rateLimited: -32000,
  /** Implementation-defined: a request from another site's page (the code the official SDK's transport answers it with). */
  originRefused: -32000,
} as const;

type Id = string | number;

export interface JsonRpcError {
  jsonrpc: "2.0";
  id: Id | null;
  error: { code: number; message: string; data?: unknown };
}

export interface JsonRpcResult {
  jsonrpc: "2.0";
  id: Id;
  result: unknown;
}

/** A JSON Schema subset the tools declare and the server checks arguments against. */
interface ArgumentSchema {
  type: "object";
  properties: Record<string, PropertySchema>;
  required?: string[];
  additionalProperties: false;
}

type PropertySchema =
  | {
      type: "string";
      description: string;
      enum?: readonly string[];
      minLength?: number;
      maxLength?: number;
      pattern?: string;
      format?: "date";
    }
  | { type: "integer"; description: string; minimum: number; maximum: number; default?: number };

export interface ToolResult {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

export interface Tool<Context> {
  name: string;
  title: string;
  description: string;
  inputSchema: ArgumentSchema;
  outputSchema?: Record<string, unknown>;
  run(args: Record<string, unknown>, context: Context): Promise<ToolResult>;
}

/** Thrown by a tool for arguments the schema cannot express (an unknown product): a JSON-RPC -32602. */
export class InvalidArguments extends Error {}

export const rpcError = (id: Id | null, code: number, message: string, data?: unknown): JsonRpcError => ({
  jsonrpc: "2.0",
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

const isId = (value: unknown): value is Id => typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The problems with `args` against `schema`, as sentences a model can act on; empty when they fit. */
function checkArguments(schema: ArgumentSchema, args: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const name of schema.required ?? []) if (args[name] === undefined) problems.push(`"${name}" is required.`);
  for (const [name, value] of Object.entries(args)) {
    const property = schema.properties[name];
    if (!property) {
      problems.push(`Unknown argument "${name}"; this tool takes ${Object.keys(schema.properties).join(", ")}.`);
      continue;
    }
    if (value === undefined || value === null) continue;
    if (property.type === "integer") {
      if (typeof value !== "number" || !Number.isInteger(value) || value < property.minimum || value > property.maximum) {
        problems.push(`"${name}" must be a whole number from ${property.minimum} to ${property.maximum}.`);
      }
      continue;
    }
    if (typeof value !== "string") {
      problems.push(`"${name}" must be a string.`);
      continue;
    }
    if (property.enum && !property.enum.includes(value)) problems.push(`"${name}" must be one of ${property.enum.join(", ")}.`);
    else if (property.minLength !== undefined && value.trim().length < property.minLength) problems.push(`"${name}" must not be empty.`);
    else if (property.maxLength !== undefined && value.length > property.maxLength)
      problems.push(`"${name}" is longer than ${property.maxLength} characters.`);
    else if (property.format === "date" && !(/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))))
      problems.push(`"${name}" must be a date as YYYY-MM-DD.`);
  }
  return problems;
}

export interface ServerInfo {
  name: string;
  title: string;
  version: string;
  instructions: string;
}

/**
 * Answers one parsed JSON-RPC message: a result or an error for a request, null for a
 * notification or a response (nothing to send back: the HTTP layer answers 202).
 */
export async function answer<Context>(
  message: unknown,
  { server, tools, context }: { server: ServerInfo; tools: readonly Tool<Context>[]; context: Context },
): Promise<JsonRpcResult | JsonRpcError | null> {
  if (!isObject(message) || message.jsonrpc !== "2.0") {
    return rpcError(isObject(message) && isId(message.id) ? message.id : null, errorCodes.invalidRequest, "Not a JSON-RPC 2.0 message.");
  }
  if (typeof message.method !== "string") {
    // A response from the client (to a request this server never sends) or garbage.
    return "result" in message || "error" in message
      ? null
      : rpcError(isId(message.id) ? message.id : null, errorCodes.invalidRequest, "No method.");
  }
  if (!("id" in message)) return null; // a notification (notifications/initialized, cancelled…)
  if (!isId(message.id)) return rpcError(null, errorCodes.invalidRequest, "The id must be a string or a number.");
  const { id, method } = message;
  const params = message.params === undefined ? {} : message.params;
  if (!isObject(params)) return rpcError(id, errorCodes.invalidParams, "params must be an object.");
  const ok = (result: unknown): JsonRpcResult => ({ jsonrpc: "2.0", id, result });

  switch (method) {
    case "initialize": {
      const asked = params.protocolVersion;
      const version = (protocolVersions as readonly unknown[]).includes(asked) ? (asked as string) : protocolVersions[0];
      return ok({
        protocolVersion: version,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: server.name, title: server.title, version: server.version },
        instructions: server.instructions,
      });
    }
    case "ping":
      return ok({});
    case "tools/list":
      return ok({
        tools: tools.map(({ name, title, description, inputSchema, outputSchema }) => ({
          name,
          title,
          description,
          inputSchema,
          ...(outputSchema ? { outputSchema } : {}),
          annotations: { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
        })),
      });
    case "tools/call": {
      const tool = tools.find((candidate) => candidate.name === params.name);
      if (!tool) {
        return rpcError(
          id,
          errorCodes.invalidParams,
          `Unknown tool ${JSON.stringify(params.name)}; the tools are ${tools.map((t) => t.name).join(", ")}.`,
        );
      }
      const args = params.arguments === undefined ? {} : params.arguments;
      if (!isObject(args)) return rpcError(id, errorCodes.invalidParams, "arguments must be an object.");
      const problems = checkArguments(tool.inputSchema, args);
      if (problems.length) return rpcError(id, errorCodes.invalidParams, `Invalid arguments for ${tool.name}: ${problems.join(" ")}`);
      try {
        return ok(await tool.run(args, context));
      } catch (error) {
        if (error instanceof InvalidArguments)
          return rpcError(id, errorCodes.invalidParams, `Invalid arguments for ${tool.name}: ${error.message}`);
        throw error;
      }
    }
    case "resources/list":
      return ok({ resources: [] });
    case "resources/templates/list":
      return ok({ resourceTemplates: [] });
    case "prompts/list":
      return ok({ prompts: [] });
    default:
      return rpcError(id, errorCodes.methodNotFound, `Method not found: ${method}.`);
  }
}
