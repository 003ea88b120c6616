import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import {
  type CheckedFormValues,
  type FormDefinition,
  type FormField,
  formControlNames,
  formErrors,
  formInput,
  formValuesSchema,
  maxFormBodyBytes,
  rawFormSchema,
  reshapeForm,
} from "../form-schema";
import { formByKeyQuery } from "../queries";
import type { AppEnv } from "../../../env";
import { fieldMessageCode, formOutcomeParam, outcomeText, type FormOutcome } from "../outcome";
import { storeFormSubmission } from "../store.server";
import type { FormSubmission, FormSubmissionMessage } from "../submission";
import { verifyTurnstile } from "../turnstile.server";
import { t } from "../../../i18n";
import { linearPattern } from "../../../lib/linear-regexp";
import { redirectBack, redirectTo, safeLocalPath } from "../../../lib/location";
import { serveUpload } from "../uploads/download.server";
import { deleteUploads, storeUploads } from "../uploads/store.server";
import { rateLimit } from "../../../middleware/rate-limit";
import { recordFormConversion } from "../../experiments/index.server";
import { loaderArgs } from "../../../router/request-context.server";
import type { LoaderArgs } from "../../../router/define";

export interface FormsOptions {
  /** Upstream fetch for storing (tests inject a mock Directus). */
  fetch?: typeof fetch;
  /** Fetch for Turnstile's siteverify (tests inject a fake that answers like Cloudflare). */
  siteverifyFetch?: typeof fetch;
  /** The clock of upload links' expiry (tests pass their own). */
  now?: () => number;
}

/** The forms a page of the site shows (the pages feature reads them from the page's blocks). */
export type FormsOnPage = (args: Pick<LoaderArgs, "content" | "config">, path: string) => Promise<FormDefinition[]>;

const formKeyPattern = /^[a-z0-9][a-z0-9-]{0,63}$/;

const statusOf: Record<FormOutcome["kind"], 200 | 400 | 403 | 404 | 413 | 429 | 503> = {
  success: 200,
  invalid: 400,
  verification_missing: 400,
  verification_failed: 403,
  verification_expired: 403,
  verification_unavailable: 503,
  not_found: 404,
  too_large: 413,
  too_many: 429,
  error: 503,
};

/**
 * POST /api/forms/<key> — a form built in the CMS. The same body two ways: a plain HTML form
 * post (no JavaScript: answered 303 back to the page, which shows the outcome from its query)
 * or the browser form's fetch with `Accept: application/json` (answered with JSON). In order:
 * the rate limit, the form's definition, the values against the schema built from it, the
 * honeypot, Turnstile (fails closed: nothing is stored unless Cloudflare said yes), the files'
 * content (uploads/), then Directus, or the queue when Directus cannot take it, so an accepted
 * submission is never lost. Fields whose condition does not hold are neither checked nor stored.
 */
export function formRoutes(formsOnPage: FormsOnPage, options: FormsOptions = {}) {
  const now = options.now ?? Date.now;
  return (
    new Hono<AppEnv>()
      // Before the rate limit: editors open a submission's files in a row.
      .get("/uploads/:form/:submission/:field", serveUpload)
      .use(
        rateLimit({
          route: "forms",
          binding: "FORMS_LIMITER",
          limit: 10,
          windowMs: 60_000,
          message: t("forms.too_many"),
          // A plain form post goes back to its page, which says so; the browser form gets JSON.
          answer: async (c) => {
            if ((c.req.header("accept") ?? "").includes("application/json"))
              return c.json({ outcome: "too_many", message: t("forms.too_many"), errors: {} }, 429);
            const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
            const sourcePage = body[formControlNames.sourcePage];
            const key = c.req.path.split("/").pop() ?? "";
            return backToForm(c, formKeyPattern.test(key) ? key : "form", typeof sourcePage === "string" ? sourcePage : "", {
              kind: "too_many",
            });
          },
        }),
      )
      .post(
        "/:key",
        // More than every file at its ceiling: refused as it comes in (the files are checked one by one later).
        bodyLimit({
          maxSize: maxFormBodyBytes,
          onError: (c) => {
            const key = formKeyPattern.test(c.req.param("key") ?? "") ? c.req.param("key")! : "form";
            if (!(c.req.header("accept") ?? "").includes("application/json"))
              return backToForm(c, key, refererPath(c), { kind: "too_large" });
            return c.json({ outcome: "too_large", message: t("forms.body_too_large"), errors: {} }, 413);
          },
        }),
        async (c) => {
          c.header("Cache-Control", "no-store");
          const wantsJson = (c.req.header("accept") ?? "").includes("application/json");
          const key = c.req.param("key");
          const body = await c.req.parseBody({ all: true }).catch(() => null);
          const sourcePage = typeof body?.[formControlNames.sourcePage] === "string" ? (body[formControlNames.sourcePage] as string) : "";
          let form: FormDefinition | null = null;

          const answer = (outcome: FormOutcome) => {
            const redirect = outcome.kind === "success" ? (form?.successRedirect ?? null) : null;
            if (!wantsJson) return redirect ? redirectTo(c, redirect, 303) : backToForm(c, key, sourcePage, outcome);
            const errors = outcome.kind === "invalid" ? outcome.errors : {};
            return c.json(
              { outcome: outcome.kind, message: outcomeText(outcome, form), errors, ...(redirect ? { redirect } : {}) },
              statusOf[outcome.kind],
            );
          };

          if (!formKeyPattern.test(key)) return answer({ kind: "not_found" });
          if (!body) return c.json({ message: t("forms.invalid"), errors: {} }, 400);
          try {
            form = await loadForm(c, formsOnPage, key, sourcePage);
          } catch (error) {
            // Directus down and the definition in no cache: nothing can be checked, so nothing is
            // accepted; the visitor is told (and keeps what they typed, with JavaScript).
            console.error(`form ${key}: definition unavailable:`, error);
            return answer({ kind: "error" });
          }
          if (!form) return answer({ kind: "not_found" });

          const values = formValuesSchema(form, linearPattern).safeParse(formInput(form, body));
          if (!values.success) return answer({ kind: "invalid", errors: formErrors(values.error) });
          // A bot filled the honeypot: acknowledged like a person's submission, so it learns nothing; stored nowhere.
          const honeypot = body[formControlNames.honeypot];
          if (typeof honeypot === "string" && honeypot !== "") return answer({ kind: "success" });

          const submissionId = crypto.randomUUID();
          const token = body[formControlNames.turnstile];
          const verification = await verifyTurnstile(
            {
              token: typeof token === "string" ? token : undefined,
              remoteIp: c.req.header("cf-connecting-ip"),
              idempotencyKey: submissionId,
            },
            c.env,
            { fetch: options.siteverifyFetch },
          );
          if (!verification.passed) {
            console.warn(`form ${key}: Turnstile ${verification.reason} (${verification.codes.join(", ")})`);
            return answer({ kind: `verification_${verification.reason}` });
          }

          // The files, by their content, now that a person sent them; stored privately, their links in the values.
          const files = chosenFiles(form, values.data);
          const uploads = await storeUploads(form, submissionId, files, c.env, now());
          if (!uploads.stored) return answer("errors" in uploads ? { kind: "invalid", errors: uploads.errors } : { kind: "error" });

          const submission: FormSubmission = {
            id: submissionId,
            formId: form.id,
            formKey: form.key,
            values: storedValues(form, values.data, uploads.links),
            sourcePage: safeLocalPath(sourcePage)?.split(/[?#]/)[0] ?? null,
            submittedAt: new Date().toISOString(),
          };
          try {
            await storeFormSubmission(submission, c.env, { fetch: options.fetch, timeoutMs: 3000 });
          } catch (error) {
            console.warn(`form ${key}: Directus did not take the submission, queueing it:`, error);
            try {
              await c.env.SUBMISSIONS.send({ kind: "form_submission", submission } satisfies FormSubmissionMessage);
            } catch (queueError) {
              console.error(`form ${key}: submission could not be queued:`, queueError);
              await deleteUploads(c.env, uploads.objectKeys);
              return answer({ kind: "error" });
            }
          }
          await recordFormConversion(c, form.key); // an experiment whose goal is this form (decision 028)
          return answer({ kind: "success" });
        },
      )
  );
}

/** The page a post came from by its Referer (when the body, which names it, is not read): a path of this site, else "". */
function refererPath(c: Context<AppEnv>): string {
  try {
    const referer = new URL(c.req.header("referer") ?? "");
    return referer.origin === new URL(c.req.url).origin ? referer.pathname + referer.search : "";
  } catch {
    return "";
  }
}

/** The files sent in the fields that count. */
function chosenFiles(form: FormDefinition, values: CheckedFormValues): Map<FormField, File> {
  const files = new Map<FormField, File>();
  for (const field of form.fields) {
    const value = values[field.name];
    if (field.type === "file" && value instanceof File) files.set(field, value);
  }
  return files;
}

/** The values to store: a file field's value is its link ("" when none was sent). */
function storedValues(form: FormDefinition, values: CheckedFormValues, links: Record<string, string>): FormSubmission["values"] {
  const stored: FormSubmission["values"] = {};
  for (const [name, value] of Object.entries(values)) {
    const field = form.fields.find((candidate) => candidate.name === name);
    stored[name] = field?.type === "file" ? (links[name] ?? "") : (value as string | boolean);
  }
  return stored;
}

/**
 * The form's definition: by its key (cached like all content, served stale while Directus is
 * down). A form nobody posted to before the outage is not cached by key yet, but the page the
 * visitor sent it from was read moments ago: its form block carries the same definition.
 */
async function loadForm(c: Context<AppEnv>, formsOnPage: FormsOnPage, key: string, sourcePage: string): Promise<FormDefinition | null> {
  const args = loaderArgs(c);
  try {
    const raw = (await args.content.query(formByKeyQuery, { key })).forms[0];
    const parsed = raw ? rawFormSchema.safeParse(raw) : null;
    return parsed?.success ? reshapeForm(parsed.data) : null;
  } catch (error) {
    const path = safeLocalPath(sourcePage)?.split(/[?#]/)[0];
    if (!path) throw error;
    const found = (await formsOnPage(args, path)).find((candidate) => candidate.key === key);
    if (!found) throw error;
    console.warn(`form ${key}: definition taken from the cached page ${path} (Directus unavailable)`);
    return found;
  }
}

/** Back to the page the form was sent from, with the outcome in the query and the form in view. */
function backToForm(c: Context<AppEnv>, key: string, sourcePage: string, outcome: FormOutcome) {
  return redirectBack(c, sourcePage, { [formOutcomeParam(key)]: encodeOutcome(outcome) }, `form-${key}`);
}

/** Short codes, never the values: the query lands in logs and history. */
function encodeOutcome(outcome: FormOutcome): string {
  if (outcome.kind !== "invalid") return outcome.kind;
  const codes = Object.entries(outcome.errors).map(([field, message]) => `${field}.${fieldMessageCode(message)}`);
  return `invalid:${codes.join(",")}`;
}
