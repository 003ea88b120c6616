/**
 * A path on this site, safe to redirect to: starts with one "/", no scheme, no host, no
 * backslash tricks. Returns the normalised path with query, or null.
 */
export function safeLocalPath(value: string | undefined | null): string | null {
  if (!value || value.length > 2048 || !value.startsWith("/") || value.startsWith("//")) return null;
  if (/[\\\u0000-\u001f]/.test(value)) return null;
  const base = "http://local.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return url.pathname + url.search + url.hash;
}
