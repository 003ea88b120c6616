import type { Bindings } from "../../../env";
import { type FormDefinition, type FormField, fileKinds, fileSizeText } from "../form-schema";
import { t } from "../../../i18n";
import { signedUploadLink } from "./links.server";
import { mimeOf, sniffFileKind, sniffLength } from "./sniff";

/** A file field's problem, in the site's words, or the links of the files stored. */
export type UploadOutcome =
  | { stored: true; links: Record<string, string>; objectKeys: string[] }
  | { stored: false; errors: Record<string, string> }
  | { stored: false; unavailable: true };

/** The R2 object of a submission's file: one per field, under its form and submission. */
const uploadObjectKey = (formKey: string, submissionId: string, field: string) => `${formKey}/${submissionId}/${field}`;

/** A file name safe to put in a header: what the visitor's file was called, without path or odd characters. */
function safeFileName(name: string, field: FormField, kind: keyof typeof fileKinds): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/[^\w.\- ]+/g, "_")
    .slice(0, 120)
    .trim();
  return base || `${field.name}${fileKinds[kind].extensions[0]}`;
}

/**
 * Checks each file by its content and stores it privately in `FORM_UPLOADS` (R2). Called only
 * after the rate limit, the values and Turnstile passed, so a bot's files are never read, let
 * alone stored. A file whose first bytes are not a kind its field accepts, or larger than the
 * field allows, stores nothing of the submission. Without the bucket or the signing key the
 * form cannot take files: unavailable, nothing stored.
 */
export async function storeUploads(
  form: FormDefinition,
  submissionId: string,
  files: Map<FormField, File>,
  env: Pick<Bindings, "FORM_UPLOADS" | "FORM_UPLOADS_SIGNING_KEY" | "SITE_URL">,
  now: number,
): Promise<UploadOutcome> {
  if (files.size === 0) return { stored: true, links: {}, objectKeys: [] };
  const errors: Record<string, string> = {};
  const checked: { field: FormField; bytes: ArrayBuffer; kind: keyof typeof fileKinds; name: string }[] = [];
  for (const [field, file] of files) {
    if (file.size > field.maxSizeMb * 1024 * 1024) {
      errors[field.name] = t("forms.file_too_large", { max: fileSizeText(field) });
      continue;
    }
    const bytes = await file.arrayBuffer();
    const kind = sniffFileKind(new Uint8Array(bytes, 0, Math.min(sniffLength, bytes.byteLength)));
    if (!kind || !field.accept.includes(kind)) {
      errors[field.name] = t("forms.file_kind");
      continue;
    }
    checked.push({ field, bytes, kind, name: safeFileName(file.name, field, kind) });
  }
  if (Object.keys(errors).length) return { stored: false, errors };
  const secret = env.FORM_UPLOADS_SIGNING_KEY?.trim();
  if (!env.FORM_UPLOADS || !secret) {
    console.error(`form ${form.key}: a file was sent, but FORM_UPLOADS or FORM_UPLOADS_SIGNING_KEY is not configured`);
    return { stored: false, unavailable: true };
  }
  const links: Record<string, string> = {};
  const objectKeys: string[] = [];
  try {
    for (const { field, bytes, kind, name } of checked) {
      const key = uploadObjectKey(form.key, submissionId, field.name);
      await env.FORM_UPLOADS.put(key, bytes, {
        httpMetadata: { contentType: mimeOf(kind), contentDisposition: `attachment; filename="${name}"` },
        customMetadata: { form: form.key, submission: submissionId, field: field.name, fileName: name },
      });
      objectKeys.push(key);
      links[field.name] = await signedUploadLink(env.SITE_URL, key, secret, now);
    }
  } catch (error) {
    console.error(`form ${form.key}: a file could not be stored:`, error);
    await deleteUploads(env, objectKeys);
    return { stored: false, unavailable: true };
  }
  return { stored: true, links, objectKeys };
}

/** Removes files of a submission that was not kept after all (the queue refused it). */
export async function deleteUploads(env: Pick<Bindings, "FORM_UPLOADS">, objectKeys: string[]): Promise<void> {
  if (!objectKeys.length || !env.FORM_UPLOADS) return;
  await env.FORM_UPLOADS.delete(objectKeys).catch((error: unknown) => console.error("form uploads could not be removed:", error));
}
