import { t } from "../../../../i18n";
import type { ApiParameter } from "../types";

/** The look of every text input of the Try it form. */
const inputClass = "border-line-strong focus:border-accent w-full rounded-md border bg-white px-3 py-2 font-mono text-sm";

export interface TryItTarget {
  label: string;
  url: string;
}

/** Where the request goes: the site's mock or one of the document's servers. */
export function TargetChoice({
  formId,
  targets,
  target,
  onChange,
}: {
  formId: string;
  targets: TryItTarget[];
  target: string;
  onChange: (url: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t("docs.api_try_it_send_to")}</legend>
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {targets.map((option) => (
          <label key={option.url} className="flex min-w-0 items-start gap-2 text-sm">
            <input
              type="radio"
              className="mt-1"
              name={`${formId}-target`}
              value={option.url}
              checked={target === option.url}
              onChange={() => onChange(option.url)}
            />
            <span className="min-w-0">
              {option.label}
              <span className="text-ink-subtle block font-mono text-xs break-all">{option.url}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The visitor's key: a password field, never filled in by the browser. */
export function ApiKeyField({ formId, value, onChange }: { formId: string; value: string; onChange: (key: string) => void }) {
  return (
    <div>
      <label htmlFor={`${formId}-key`} className="text-sm font-semibold">
        {t("docs.api_try_it_key")}
      </label>
      <input
        id={`${formId}-key`}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="mrd_test_…"
        className={`${inputClass} mt-1`}
        data-try-it-key
      />
    </div>
  );
}

/** One path, query or header parameter, named with where it goes and whether it is required. */
export function ParameterField({
  formId,
  parameter,
  value,
  onChange,
}: {
  formId: string;
  parameter: ApiParameter;
  value: string;
  onChange: (value: string) => void;
}) {
  const inputId = `${formId}-${parameter.in}-${parameter.name}`;
  return (
    <div>
      <label htmlFor={inputId} className="text-sm font-semibold">
        <code>{parameter.name}</code>{" "}
        <span className="text-ink-subtle font-normal">
          {t(parameter.required ? "docs.api_try_it_place_required" : "docs.api_try_it_place", { place: parameter.in })}
        </span>
      </label>
      <input
        id={inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} mt-1`}
        spellCheck={false}
        data-try-it-param={parameter.name}
      />
    </div>
  );
}

/** The JSON body, as tall as its text (4 to 18 lines). */
export function BodyField({
  formId,
  required,
  value,
  onChange,
}: {
  formId: string;
  required: boolean;
  value: string;
  onChange: (body: string) => void;
}) {
  return (
    <div>
      <label htmlFor={`${formId}-body`} className="text-sm font-semibold">
        {t("docs.api_try_it_body")}{" "}
        <span className="text-ink-subtle font-normal">
          {t(required ? "docs.api_try_it_body_kind_required" : "docs.api_try_it_body_kind")}
        </span>
      </label>
      <textarea
        id={`${formId}-body`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={Math.min(18, Math.max(4, value.split("\n").length + 1))}
        spellCheck={false}
        wrap="off"
        className={`${inputClass} mt-1 overflow-x-auto`}
        data-try-it-body
      />
    </div>
  );
}
