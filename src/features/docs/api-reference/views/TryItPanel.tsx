import { useId, useRef, useState, type FormEvent } from "react";
import type { ApiPageData } from "../page";
import type { ApiParameter } from "../types";
import { coerceParameter, validateValue } from "../validate";

type OperationPage = Extract<ApiPageData, { kind: "operation" }>;

interface Outcome {
  status: number;
  statusText: string;
  body: string;
  ms: number;
}

const asText = (value: unknown) => (value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value));

/**
 * The Try it form, built from the operation: one input per path, query and header parameter
 * (examples filled in), the JSON body (the example filled in), the target and the key. The key
 * lives in this component's state only. Loaded on demand (TryIt.tsx).
 */
export function TryItPanel({ page, onClose }: { page: OperationPage; onClose: () => void }) {
  const { operation } = page;
  const id = useId();
  const targets = [
    { label: "Demo mock", url: page.mockBaseUrl },
    ...page.servers.map((server) => ({ label: server.description || server.url, url: server.url })),
  ];
  const [target, setTarget] = useState(targets[0]!.url);
  const [key, setKey] = useState("");
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      operation.parameters.map((parameter) => [
        parameter.name,
        parameter.in === "path" || parameter.required ? asText(parameter.example) : "",
      ]),
    ),
  );
  const [body, setBody] = useState(() =>
    operation.requestBody?.example != null ? JSON.stringify(operation.requestBody.example, null, 2) : "",
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const check = (parameter: ApiParameter, text: string) => {
    if (!text) return parameter.required ? `${parameter.name} is required` : null;
    return validateValue(coerceParameter(text, parameter.schema), parameter.schema, parameter.name)?.message ?? null;
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    let path = operation.path;
    const query = new URLSearchParams();
    const headers = new Headers({ Accept: "application/json" });
    for (const parameter of operation.parameters) {
      const text = values[parameter.name] ?? "";
      const issue = check(parameter, text);
      if (issue) return setProblem(issue);
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
        return setProblem("The body is not valid JSON");
      }
      const issue = validateValue(parsed, operation.requestBody.schema);
      if (issue) return setProblem(issue.message);
      payload = JSON.stringify(parsed);
      headers.set("Content-Type", "application/json");
    }
    if (operation.secured && key.trim()) headers.set("Authorization", `Bearer ${key.trim()}`);
    const url = `${target.replace(/\/+$/, "")}${path}${query.size ? `?${query}` : ""}`;
    controller.current?.abort();
    controller.current = new AbortController();
    setSending(true);
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: operation.method,
        headers,
        body: payload,
        signal: controller.current.signal,
        credentials: "omit",
      });
      const text = await response.text();
      let pretty = text;
      try {
        pretty = text ? JSON.stringify(JSON.parse(text), null, 2) : "";
      } catch {
        /* not JSON: shown as it came */
      }
      setOutcome({ status: response.status, statusText: response.statusText, body: pretty, ms: Math.round(performance.now() - started) });
    } catch (error) {
      if ((error as Error).name !== "AbortError")
        setProblem(`The request did not reach ${new URL(url, window.location.href).origin}: ${(error as Error).message}`);
    } finally {
      setSending(false);
    }
  };

  const field = "border-line-strong focus:border-accent w-full rounded-md border bg-white px-3 py-2 font-mono text-sm";
  return (
    <form onSubmit={send} className="border-line mt-4 space-y-5 rounded-xl border p-4 md:p-5" data-try-it-form noValidate>
      <fieldset>
        <legend className="text-sm font-semibold">Send to</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {targets.map((option) => (
            <label key={option.url} className="flex min-w-0 items-start gap-2 text-sm">
              <input
                type="radio"
                className="mt-1"
                name={`${id}-target`}
                value={option.url}
                checked={target === option.url}
                onChange={() => setTarget(option.url)}
              />
              <span className="min-w-0">
                {option.label}
                <span className="text-ink-subtle block font-mono text-xs break-all">{option.url}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {operation.secured && (
        <div>
          <label htmlFor={`${id}-key`} className="text-sm font-semibold">
            API key
          </label>
          <input
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={key}
            onChange={(event) => setKey(event.target.value)}
            placeholder="mrd_test_…"
            className={`${field} mt-1`}
            data-try-it-key
          />
        </div>
      )}
      {operation.parameters.map((parameter) => (
        <div key={`${parameter.in}:${parameter.name}`}>
          <label htmlFor={`${id}-${parameter.in}-${parameter.name}`} className="text-sm font-semibold">
            <code>{parameter.name}</code>{" "}
            <span className="text-ink-subtle font-normal">
              ({parameter.in}
              {parameter.required ? ", required" : ""})
            </span>
          </label>
          <input
            id={`${id}-${parameter.in}-${parameter.name}`}
            value={values[parameter.name] ?? ""}
            onChange={(event) => setValues({ ...values, [parameter.name]: event.target.value })}
            className={`${field} mt-1`}
            spellCheck={false}
            data-try-it-param={parameter.name}
          />
        </div>
      ))}
      {operation.requestBody && (
        <div>
          <label htmlFor={`${id}-body`} className="text-sm font-semibold">
            Body <span className="text-ink-subtle font-normal">(JSON{operation.requestBody.required ? ", required" : ""})</span>
          </label>
          <textarea
            id={`${id}-body`}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={Math.min(18, Math.max(4, body.split("\n").length + 1))}
            spellCheck={false}
            wrap="off"
            className={`${field} mt-1 overflow-x-auto`}
            data-try-it-body
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary min-h-10 px-4" disabled={sending} data-try-it-send>
          {sending ? "Sending…" : "Send request"}
        </button>
        <button type="button" className="btn btn-secondary min-h-10 px-4" onClick={onClose}>
          Close
        </button>
      </div>
      <div aria-live="polite">
        {problem && (
          <p className="text-[#a31f15] text-sm" role="alert" data-try-it-problem>
            {problem}
          </p>
        )}
        {outcome && (
          <div data-try-it-response={outcome.status}>
            <p className="text-sm font-semibold">
              {outcome.status} {outcome.statusText} <span className="text-ink-subtle font-normal">in {outcome.ms} ms</span>
            </p>
            {outcome.body && (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable with the keyboard
              <pre className="code mt-2 max-h-96 overflow-auto" tabIndex={0}>
                <code>{outcome.body}</code>
              </pre>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
