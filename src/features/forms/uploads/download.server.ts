import type { Context } from "hono";
import type { AppEnv } from "../../../env";
import { t } from "../../../i18n";
import { checkUploadLink } from "./links.server";

/**
 * GET /api/forms/uploads/<form>/<submission>/<field>?expires=…&signature=… — a submission's file,
 * streamed from the private bucket to whoever holds its signed link (an editor in Directus, the
 * notification mail). Always a download, never rendered by the site's origin; never cached.
 */
export async function serveUpload(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "private, no-store");
  const { form, submission, field } = c.req.param() as Record<string, string>;
  const objectKey = `${form}/${submission}/${field}`;
  const secret = c.env.FORM_UPLOADS_SIGNING_KEY?.trim();
  if (!secret || !c.env.FORM_UPLOADS) return c.text(t("forms.upload_not_found"), 404);
  const verdict = await checkUploadLink(objectKey, c.req.query(), secret, Date.now());
  if (verdict === "invalid") return c.text(t("forms.upload_link_invalid"), 403);
  if (verdict === "expired") return c.text(t("forms.upload_link_expired"), 410);
  const object = await c.env.FORM_UPLOADS.get(objectKey);
  if (!object) return c.text(t("forms.upload_not_found"), 404);
  const headers = new Headers({
    "Cache-Control": "private, no-store",
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Content-Disposition": object.httpMetadata?.contentDisposition ?? "attachment",
    "Content-Length": String(object.size),
    // Even if a browser were to render it: no script, no origin.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "X-Robots-Tag": "noindex",
  });
  return new Response(object.body, { headers });
}
