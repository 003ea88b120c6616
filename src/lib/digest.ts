/** SHA-256 of a text (UTF-8), for cache keys, content hashes and cookie values. */
async function sha256Bytes(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Lower-case hex; `bytes` keeps only the first bytes (a short cache key). */
export async function sha256Hex(text: string, bytes = 32): Promise<string> {
  return [...(await sha256Bytes(text)).slice(0, bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Base64 (`url`: the URL- and cookie-safe alphabet, no padding), as CSP hashes and cookies want it. */
export async function sha256Base64(text: string, { url = false }: { url?: boolean } = {}): Promise<string> {
  const base64 = btoa(String.fromCharCode(...(await sha256Bytes(text))));
  return url ? base64.replace(/[+/=]/g, (character) => ({ "+": "-", "/": "_", "=": "" })[character] ?? "") : base64;
}
