/**
 * The signature a webhook receiver checks: HMAC-SHA256, keyed with the webhook's secret, over
 * `<timestamp>.<body>` (the timestamp in Unix seconds, the body as sent), in lower-case hex. Signing
 * the timestamp with the body lets a receiver refuse a replayed request (an old timestamp).
 */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The `x-meridian-signature` header of one delivery attempt: `t=<unix seconds>,v1=<hex>`. */
export async function webhookSignature(secret: string, body: string, timestampSeconds: number): Promise<string> {
  return `t=${timestampSeconds},v1=${await hmacSha256Hex(secret, `${timestampSeconds}.${body}`)}`;
}
