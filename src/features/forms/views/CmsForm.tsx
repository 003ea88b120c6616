import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "../../../lib/zod-form";
import {
  chosenFile,
  fieldShown,
  formControlNames,
  formValuesSchema,
  type FormDefinition,
  type FormValues,
  type PatternEngine,
} from "../form-schema";
import type { TurnstileSettings } from "../../../config/site";
import { outcomeFromPath, plainOutcomeKinds, type FormOutcome } from "../outcome";
import { CmsFormView } from "./CmsFormView";
import { useHydrated } from "../../../ui/use-hydrated";

export interface CmsFormProps {
  form: FormDefinition;
  path: string;
  turnstile: TurnstileSettings | null;
  contactEmail: string | null;
}

interface TurnstileApi {
  render(container: HTMLElement): string | undefined;
  reset(container?: HTMLElement): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/**
 * Draws the widget when the page came by client navigation: the script in the first page's
 * head drew the widgets there when it loaded; here it is loaded (allowed by the nonce'd app
 * script under 'strict-dynamic') or, when it ran already, asked to draw this one.
 */
function useTurnstileWidget(formElement: RefObject<HTMLFormElement | null>, settings: TurnstileSettings | null) {
  useEffect(() => {
    const box = formElement.current?.querySelector<HTMLElement>("[data-form-turnstile]");
    if (!settings || !box || box.childElementCount > 0) return;
    if (window.turnstile) {
      window.turnstile.render(box);
      return;
    }
    if (document.querySelector(`script[src="${CSS.escape(settings.scriptUrl)}"]`)) return; // still loading: it draws the box itself
    const script = document.createElement("script");
    script.src = settings.scriptUrl;
    script.async = true;
    document.head.appendChild(script);
  }, [formElement, settings]);
}

/**
 * RE2 for the editors' patterns, loaded only when the form has one (re2js is about 45 kB gzipped:
 * other forms never fetch it). Until it has loaded, patterns are left to the worker, which
 * answers a mismatch with the same message.
 */
function usePatternEngine(form: FormDefinition): PatternEngine | null {
  const [engine, setEngine] = useState<PatternEngine | null>(null);
  const needed = form.fields.some((field) => field.pattern && field.type !== "hidden");
  useEffect(() => {
    if (!needed) return;
    let live = true;
    import("../../../lib/linear-regexp").then(
      ({ linearPattern }) => live && setEngine(() => linearPattern),
      () => {}, // not loaded (offline): the worker checks the patterns
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return engine;
}

/**
 * A CMS form once its island runs: react-hook-form with the schema the worker validates with,
 * posting the same fields as the plain form with fetch (JSON answers). Values stay in place on
 * every answer but success; the Turnstile token is single-use, so the widget is reset after
 * each attempt.
 */
export function CmsForm({ form, path, turnstile, contactEmail }: CmsFormProps) {
  const initial = useMemo(() => outcomeFromPath(form, path), [form, path]);
  const [outcome, setOutcome] = useState<FormOutcome | null>(initial);
  const serverErrors = initial?.kind === "invalid" ? initial.errors : {};
  const patterns = usePatternEngine(form);
  const schema = useMemo(() => formValuesSchema(form, patterns), [form, patterns]);
  const resolver = useMemo(() => zodResolver<FormValues>(schema), [schema]);
  const defaultValues = useMemo(
    () =>
      Object.fromEntries(
        form.fields.map((field) => [
          field.name,
          field.type === "checkbox" ? false : field.type === "hidden" ? (field.defaultValue ?? "") : "",
        ]),
      ),
    [form],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver, defaultValues });
  const ready = useHydrated();
  const formElement = useRef<HTMLFormElement>(null);
  useTurnstileWidget(formElement, turnstile);

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    // The fields that count (a hidden conditional field is not sent), as the plain form posts them.
    const body = new FormData();
    for (const field of form.fields) {
      if (!fieldShown(field, values)) continue;
      const value: unknown = values[field.name];
      if (field.type === "file") {
        const file = chosenFile(value);
        if (file) body.set(field.name, file);
      } else if (typeof value === "boolean") {
        if (value) body.set(field.name, "on");
      } else if (typeof value === "string") body.set(field.name, value);
    }
    const element = formElement.current;
    const data = element ? new FormData(element) : null;
    for (const name of [formControlNames.sourcePage, formControlNames.honeypot, formControlNames.turnstile]) {
      const value = data?.get(name);
      if (typeof value === "string") body.set(name, value);
    }
    try {
      const response = await fetch(`/api/forms/${form.key}`, {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json" },
        body,
      });
      const answer = (await response.json().catch(() => ({}))) as { outcome?: string; errors?: Record<string, string> };
      if (response.ok) {
        if (form.successRedirect) return window.location.assign(form.successRedirect);
        return setOutcome({ kind: "success" });
      }
      const fieldMessages = Object.entries(answer.errors ?? {});
      if (response.status === 400 && fieldMessages.length) {
        for (const [name, text] of fieldMessages) setError(name, { type: "server", message: text });
        return setOutcome({ kind: "invalid", errors: answer.errors ?? {} });
      }
      setOutcome(outcomeOfAnswer(response.status, answer));
    } catch {
      setOutcome({ kind: "error" });
    } finally {
      const box = element?.querySelector<HTMLElement>("[data-form-turnstile]");
      if (box && window.turnstile) window.turnstile.reset(box);
    }
  });

  return (
    <CmsFormView
      form={form}
      path={path}
      turnstile={turnstile}
      contactEmail={contactEmail}
      outcome={outcome}
      message={(name) => errors[name]?.message ?? serverErrors[name]}
      field={(name) => (name === formControlNames.honeypot ? { name } : register(name))}
      submitting={isSubmitting}
      ready={ready}
      onSubmit={onSubmit}
      formRef={formElement}
    />
  );
}

/** The outcome of a refusal that is not about fields: the one the server named, else by status. */
function outcomeOfAnswer(status: number, answer: { outcome?: unknown }): FormOutcome {
  const named = plainOutcomeKinds.find((kind) => kind === answer.outcome);
  if (named) return { kind: named } as FormOutcome;
  return { kind: status === 429 ? "too_many" : "error" };
}
