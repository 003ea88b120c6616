import { t } from "../../../../i18n";
import type { ApiPageData } from "../page";
import type { ApiParameter } from "../types";
import { coerceParameter, validateValue } from "../validate";

type Operation = Extract<ApiPageData, { kind: "operation" }>["operation"];

/** What the visitor filled in: parameter values by name, the JSON body, the key and the target. */
export interface TryItInput {
  values: Record<string, string>;
  body: string;
  key: string;
  target: string;
}

export interface TryItRequest {
  url: string;
  init: RequestInit & { headers: Headers };
}

/** The answer as the panel shows it: JSON pretty-printed, anything else as it came. */
export interface TryItOutcome {
  status: number;
  statusText: string;
  body: string;
  ms: number;
}

export const asText = (value: unknown) =>
  value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);

function parameterProblem(parameter: ApiParameter, text: string): string | null {
  if (!text) return parameter.required ? t("docs.api_try_it_required", { name: parameter.name }) : null;
  return validateValue(coerceParameter(text, parameter.schema), parameter.schema, parameter.name)?.message ?? null;
}

/**
 * The request the form describes, checked against the operation's schema first: the first
 * problem (a parameter in the operation's order, then the body) instead of a request.
 */
export function buildTryItRequest(operation: Operation, { values, body, key, target }: TryItInput): TryItRequest | { problem: string } {
  let path = operation.path;
  const query = new URLSearchParams();
  const headers = new Headers({ Accept: "application/json" });
  for (const parameter of operation.parameters) {
    const text = values[parameter.name] ?? "";
    const problem = parameterProblem(parameter, text);
    if (problem) return { problem };
    if (!text) continue;
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
    else if (parameter.in === "query") query.set(parameter.name, text);
    else if (parameter.in === "header") headers.set(parameter.name, text);
  }
  let payload: string | undefined;
  if (operation.requestBody && body.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { problem: t("docs.api_try_it_bad_json") };
    }
    const issue = validateValue(parsed, operation.requestBody.schema);
    if (issue) return { problem: issue.message };
    payload = JSON.stringify(parsed);
    headers.set("Content-Type", "application/json");
  }
  if (operation.secured && key.trim()) headers.set("Authorization", `Bearer ${key.trim()}`);
  return {
    url: `${target.replace(/\/+$/, "")}${path}${query.size ? `?${query}` : ""}`,
    init: { method: operation.method, headers, body: payload, credentials: "omit" },
  };
}

/** Sends the request without the visitor's cookies and reads the answer, timed. */
export async function sendTryItRequest({ url, init }: TryItRequest, signal: AbortSignal): Promise<TryItOutcome> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal });
  const text = await response.text();
  let pretty = text;
  try {
    pretty = text ? JSON.stringify(JSON.parse(text), null, 2) : "";
  } catch {
    /* not JSON: shown as it came */
  }
  return { status: response.status, statusText: response.statusText, body: pretty, ms: Math.round(performance.now() - started) };
}
