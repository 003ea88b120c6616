// The Analytics Engine SQL API, as the reports read it (scripts/analytics.mjs, scripts/feedback.mjs).

/**
 * Runs `sql` and returns its rows. Reads CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (and
 * CLOUDFLARE_API_BASE_URL, for tests); anything wrong ends in `fail(message, exitCode)` with a
 * message a person can act on. `command`: the npm command named in messages; `help`: more lines
 * for the missing-credentials message.
 * @param {string} sql
 * @param {{ command: string, help?: string[], fail: (message: string, code?: number) => never }} options
 */
export async function analyticsSql(sql, { command, help = [], fail }) {
  const accountId = process.env.CLOUDFLARE_ACCOUNT_ID;
  const token = process.env.CLOUDFLARE_API_TOKEN;
  const missing = [!accountId && "CLOUDFLARE_ACCOUNT_ID", !token && "CLOUDFLARE_API_TOKEN"].filter(Boolean);
  if (missing.length) {
    fail(
      [
        `${command}: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set.`,
        "  CLOUDFLARE_ACCOUNT_ID  the account id (dashboard → Workers & Pages → Account details)",
        "  CLOUDFLARE_API_TOKEN   an API token with the permission Account → Account Analytics → Read",
        ...help,
      ].join("\n"),
      2,
    );
  }
  const base = (process.env.CLOUDFLARE_API_BASE_URL ?? "https://api.cloudflare.com/client/v4").replace(/\/$/, "");
  let response;
  try {
    response = await fetch(`${base}/accounts/${encodeURIComponent(accountId)}/analytics_engine/sql`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: sql,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    fail(`The Analytics Engine SQL API could not be reached: ${error.message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    const hint =
      response.status === 401 || response.status === 403 ? " (does the token have Account Analytics → Read on this account?)" : "";
    fail(`The Analytics Engine SQL API answered ${response.status}${hint}:\n${text.slice(0, 1000)}`);
  }
  try {
    return JSON.parse(text).data ?? [];
  } catch {
    fail(`Unexpected answer from the SQL API:\n${text.slice(0, 1000)}`);
  }
}
