/**
 * Constant-time comparison of secrets: both sides are hashed to the same length first, so
 * neither the content nor the length of the expected value leaks through timing.
 */
export async function secretsEqual(given: string | null | undefined, expected: string | null | undefined): Promise<boolean> {
  if (!given || !expected) return false;
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  // workerd's non-standard SubtleCrypto.timingSafeEqual (the DOM typings do not know it).
  return (crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean }).timingSafeEqual(a, b);
}

async function digest(value: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
}
