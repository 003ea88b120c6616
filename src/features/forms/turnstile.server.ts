import type { Bindings } from "../../env";

/** Cloudflare's endpoint; `TURNSTILE_SITEVERIFY_URL` replaces it (tests answer with a local fake). */
const defaultSiteverifyUrl = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/**
 * What a Turnstile check came to. `missing`: the form came without a token (the widget did not
 * run); `failed`: Cloudflare says no; `expired`: the token was older than 300 s or used already;
 * `unavailable`: the check could not be done (no secret, Cloudflare unreachable, a broken
 * answer, our secret refused). Every outcome but `passed` stores nothing: the form fails closed.
 */
export type TurnstileOutcome =
  | { passed: true }
  | { passed: false; reason: "missing" | "failed" | "expired" | "unavailable"; codes: string[] };

interface SiteverifyAnswer {
  success?: unknown;
  "error-codes"?: unknown;
}

/** Error codes that mean our side (the secret) or Cloudflare's is at fault, not the visitor. */
const unavailableCodes = new Set(["missing-input-secret", "invalid-input-secret", "internal-error"]);

export async function verifyTurnstile(
  { token, remoteIp, idempotencyKey }: { token: string | undefined; remoteIp?: string; idempotencyKey?: string },
  env: Pick<Bindings, "TURNSTILE_SECRET_KEY" | "TURNSTILE_SITEVERIFY_URL">,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<TurnstileOutcome> {
  const secret = env.TURNSTILE_SECRET_KEY?.trim();
  if (!secret) return { passed: false, reason: "unavailable", codes: ["missing-input-secret"] };
  // A token is at most 2048 characters (Cloudflare's documented limit).
  if (!token || token.length > 2048) return { passed: false, reason: "missing", codes: ["missing-input-response"] };
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  if (idempotencyKey) body.set("idempotency_key", idempotencyKey);
  let answer: SiteverifyAnswer;
  try {
    const response = await (options.fetch ?? fetch)(env.TURNSTILE_SITEVERIFY_URL?.trim() || defaultSiteverifyUrl, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = (await response.json()) as SiteverifyAnswer;
  } catch (error) {
    console.warn("Turnstile siteverify failed:", error);
    return { passed: false, reason: "unavailable", codes: ["siteverify-unreachable"] };
  }
  const codes = Array.isArray(answer["error-codes"])
    ? answer["error-codes"].filter((code): code is string => typeof code === "string")
    : [];
  if (answer.success === true) return { passed: true };
  if (codes.some((code) => unavailableCodes.has(code))) {
    console.error("Turnstile refused the site's own request:", codes);
    return { passed: false, reason: "unavailable", codes };
  }
  if (codes.includes("timeout-or-duplicate")) return { passed: false, reason: "expired", codes };
  return { passed: false, reason: "failed", codes };
}
