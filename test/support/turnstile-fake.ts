/**
 * A stand-in for Cloudflare Turnstile's siteverify that answers like Cloudflare does for its
 * documented test secrets: `1x…AA` passes, `2x…AA` fails, `3x…AA` reports a spent token
 * (`timeout-or-duplicate`); any other secret is refused as `invalid-input-secret`, and a
 * request without a token as `missing-input-response`. With the passing secret only the dummy
 * token of the test site keys passes: another token (forged, or a real widget's) is refused as
 * `invalid-input-response`, which lets a test fail a check on a stack whose secret passes. Pure, so the worker tests (workerd)
 * use it as a fetch and the Node stacks serve it over HTTP (turnstile-server.ts).
 */
export const turnstileTestKeys = {
  /** Site keys (the widget): always passes / always blocks. */
  siteKeyPasses: "1x00000000000000000000AA",
  siteKeyBlocks: "2x00000000000000000000AB",
  /** Secret keys (siteverify). */
  secretPasses: "1x0000000000000000000000000000000AA",
  secretFails: "2x0000000000000000000000000000000AA",
  secretSpent: "3x0000000000000000000000000000000AA",
  /** The token Cloudflare's test site keys produce. */
  dummyToken: "XXXX.DUMMY.TOKEN.XXXX",
} as const;

interface SiteverifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  idempotency_key: string | null;
}

export function siteverifyAnswer(form: URLSearchParams): { status: number; body: Record<string, unknown> } {
  const secret = form.get("secret");
  const token = form.get("response");
  const ok = (success: boolean, codes: string[] = []) => ({
    status: 200,
    body: success
      ? { success: true, challenge_ts: new Date().toISOString(), hostname: "example.com", "error-codes": [], action: "", cdata: "" }
      : { success: false, "error-codes": codes },
  });
  if (!secret) return ok(false, ["missing-input-secret"]);
  if (!token) return ok(false, ["missing-input-response"]);
  if (secret === turnstileTestKeys.secretPasses) return ok(token === turnstileTestKeys.dummyToken, ["invalid-input-response"]);
  if (secret === turnstileTestKeys.secretFails) return ok(false, ["invalid-input-response"]);
  if (secret === turnstileTestKeys.secretSpent) return ok(false, ["timeout-or-duplicate"]);
  return ok(false, ["invalid-input-secret"]);
}

/** The fake as a fetch: records each siteverify request; `down` makes it unreachable. */
export function fakeSiteverify() {
  const requests: SiteverifyRequest[] = [];
  const state = { down: false, status: 200 };
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const form = new URLSearchParams(await request.text());
    requests.push({
      secret: form.get("secret"),
      response: form.get("response"),
      remoteip: form.get("remoteip"),
      idempotency_key: form.get("idempotency_key"),
    });
    if (state.down) throw new TypeError("fetch failed: connection refused");
    if (state.status !== 200) return new Response("<html>bad gateway</html>", { status: state.status });
    const { status, body } = siteverifyAnswer(form);
    return Response.json(body, { status });
  }) as typeof fetch;
  return { fetch: fetchImpl, requests, state };
}
