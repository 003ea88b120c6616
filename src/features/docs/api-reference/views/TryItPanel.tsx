import { type FormEvent, useId, useRef, useState } from "react";
import { t } from "../../../../i18n";
import type { ApiPageData } from "../page";
import { ApiKeyField, BodyField, ParameterField, TargetChoice, type TryItTarget } from "./TryItFields";
import { asText, buildTryItRequest, sendTryItRequest, type TryItOutcome } from "./try-it-request";

type OperationPage = Extract<ApiPageData, { kind: "operation" }>;

/** The site's mock first, then the document's servers. */
const targetsOf = (page: OperationPage): TryItTarget[] => [
  { label: t("docs.api_try_it_mock"), url: page.mockBaseUrl },
  ...page.servers.map((server) => ({ label: server.description || server.url, url: server.url })),
];

/** Path parameters and required ones start with their example; optional ones start empty. */
const initialValues = ({ operation }: OperationPage): Record<string, string> =>
  Object.fromEntries(
    operation.parameters.map((parameter) => [
      parameter.name,
      parameter.in === "path" || parameter.required ? asText(parameter.example) : "",
    ]),
  );

const initialBody = ({ operation }: OperationPage) =>
  operation.requestBody?.example != null ? JSON.stringify(operation.requestBody.example, null, 2) : "";

/** The problem that stopped a request, or the answer with its status and time. */
function TryItResult({ problem, outcome }: { problem: string | null; outcome: TryItOutcome | null }) {
  return (
    <div aria-live="polite">
      {problem && (
        <p className="text-[#a31f15] text-sm" role="alert" data-try-it-problem>
          {problem}
        </p>
      )}
      {outcome && (
        <div data-try-it-response={outcome.status}>
          <p className="text-sm font-semibold">
            {outcome.status} {outcome.statusText}{" "}
            <span className="text-ink-subtle font-normal">{t("docs.api_try_it_took", { ms: outcome.ms })}</span>
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
  );
}

/**
 * The Try it form, built from the operation: one input per path, query and header parameter
 * (examples filled in), the JSON body (the example filled in), the target and the key. The key
 * lives in this component's state only. Loaded on demand (TryIt.tsx).
 */
export function TryItPanel({ page, onClose }: { page: OperationPage; onClose: () => void }) {
  const { operation } = page;
  const formId = useId();
  const targets = targetsOf(page);
  const [target, setTarget] = useState(targets[0]!.url);
  const [key, setKey] = useState("");
  const [values, setValues] = useState(() => initialValues(page));
  const [body, setBody] = useState(() => initialBody(page));
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<TryItOutcome | null>(null);
  const [sending, setSending] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const request = buildTryItRequest(operation, { values, body, key, target });
    if ("problem" in request) return setProblem(request.problem);
    controller.current?.abort();
    controller.current = new AbortController();
    setSending(true);
    try {
      setOutcome(await sendTryItRequest(request, controller.current.signal));
    } catch (error) {
      if ((error as Error).name !== "AbortError")
        setProblem(
          t("docs.api_try_it_unreachable", { origin: new URL(request.url, window.location.href).origin, reason: (error as Error).message }),
        );
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={send} className="border-line mt-4 space-y-5 rounded-xl border p-4 md:p-5" data-try-it-form noValidate>
      <TargetChoice formId={formId} targets={targets} target={target} onChange={setTarget} />
      {operation.secured && <ApiKeyField formId={formId} value={key} onChange={setKey} />}
      {operation.parameters.map((parameter) => (
        <ParameterField
          key={`${parameter.in}:${parameter.name}`}
          formId={formId}
          parameter={parameter}
          value={values[parameter.name] ?? ""}
          onChange={(value) => setValues({ ...values, [parameter.name]: value })}
        />
      ))}
      {operation.requestBody && <BodyField formId={formId} required={operation.requestBody.required} value={body} onChange={setBody} />}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary min-h-10 px-4" disabled={sending} data-try-it-send>
          {sending ? t("docs.api_try_it_sending") : t("docs.api_try_it_send")}
        </button>
        <button type="button" className="btn btn-secondary min-h-10 px-4" onClick={onClose}>
          {t("docs.api_try_it_close")}
        </button>
      </div>
      <TryItResult problem={problem} outcome={outcome} />
    </form>
  );
}
