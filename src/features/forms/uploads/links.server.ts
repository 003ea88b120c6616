/**
 * Links to uploaded files: a submission's values hold one per file, for editors in Directus and
 * the notification mail. The file is private in R2; the link opens it only with a valid
 * HMAC-SHA256 signature (`FORM_UPLOADS_SIGNING_KEY`) over its object key and expiry, so nobody
 * can guess or alter one, and a leaked link stops working after `linkLifetimeDays`.
 */
const linkLifetimeDays = 90;

/** Where the worker serves an uploaded file: `/api/forms/uploads/<form>/<submission>/<field>`. */
const uploadsPath = "/api/forms/uploads/";

const encoder = new TextEncoder();

async function signingKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

const signedText = (objectKey: string, expires: number) => `${objectKey}\n${expires}`;

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The absolute link to a stored file, valid for `linkLifetimeDays` from `now`. */
export async function signedUploadLink(siteUrl: string, objectKey: string, secret: string, now: number): Promise<string> {
  const expires = Math.floor(now / 1000) + linkLifetimeDays * 24 * 60 * 60;
  const signature = await crypto.subtle.sign("HMAC", await signingKey(secret), encoder.encode(signedText(objectKey, expires)));
  const url = new URL(uploadsPath + objectKey, siteUrl);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", toBase64Url(signature));
  return url.href;
}

/** What a link's query says about its object: `valid`, `expired` (but genuine) or `invalid`. */
export async function checkUploadLink(
  objectKey: string,
  query: { expires?: string; signature?: string },
  secret: string,
  now: number,
): Promise<"valid" | "expired" | "invalid"> {
  const expires = Number(query.expires);
  const signature = fromBase64Url(query.signature ?? "");
  if (!Number.isSafeInteger(expires) || !signature) return "invalid";
  // verify() compares in constant time.
  const genuine = await crypto.subtle.verify("HMAC", await signingKey(secret), signature, encoder.encode(signedText(objectKey, expires)));
  if (!genuine) return "invalid";
  return expires * 1000 < now ? "expired" : "valid";
}
