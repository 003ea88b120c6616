// Where a form's webhook may send submissions, shared by the CMS and the site: operators list the
// allowed hosts (FORM_WEBHOOK_HOSTS, in Directus' environment and the worker's vars); Directus
// refuses a webhook off the list when it is saved (the flow "Form webhook check on save" runs
// `webhookOnSave`), and the worker refuses to send to one when it delivers (a list changed since,
// or a row written around the flow). The functions run inside the flow's script operation too, so
// each is self-contained: `webhookCheckFlowScript` sends their source text to Directus.

/**
 * The hosts operators allow, from FORM_WEBHOOK_HOSTS: names (with a port when not the scheme's
 * default) separated by commas, spaces or new lines, lower case. Directus hands a flow a
 * variable with commas as a list: that is read too.
 * @param {unknown} text
 * @returns {string[]}
 */
export function webhookHosts(text) {
  return (Array.isArray(text) ? text.join(",") : String(text ?? ""))
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== "");
}

/**
 * Why `url` may not receive a form's submissions, in plain English; null when it may. It must be
 * an absolute https URL (http only to the machine itself, for local receivers) without user
 * information, whose host (and port, when one is given) is on `hosts`.
 * @param {unknown} url
 * @param {readonly string[]} hosts
 * @returns {string | null}
 */
export function webhookUrlProblem(url, hosts) {
  if (typeof url !== "string" || url.trim() === "") return "A webhook needs a URL.";
  const match = /^(https?):\/\/([^/?#]*)([/?#][^\s]*)?$/i.exec(url.trim());
  if (!match || /[^\x21-\x7e]/.test(url.trim())) return `"${url}" is not a web address (https://host/path).`;
  const scheme = match[1].toLowerCase();
  const authority = match[2].toLowerCase();
  if (authority.includes("@")) return "A webhook URL may not contain a user name or password; use the webhook's secret.";
  const host = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/.exec(authority);
  if (!host) return `"${authority}" is not a host name.`;
  const loopback = host[1] === "127.0.0.1" || host[1] === "localhost" || host[1] === "[::1]";
  if (scheme !== "https" && !loopback) return "A webhook URL must start with https:// (submissions are personal data).";
  const withPort = host[2] ? `${host[1]}:${host[2]}` : host[1];
  if (hosts.includes(withPort) || (!host[2] && hosts.includes(host[1]))) return null;
  const listed = hosts.length > 0 ? `Allowed hosts: ${hosts.join(", ")}.` : "No host is allowed yet.";
  return `The host ${withPort} is not on the operators' list of webhook hosts (FORM_WEBHOOK_HOSTS). ${listed} Ask an operator to add it.`;
}

/**
 * The flow's check of a webhook being saved: its new URL, or on an update without a URL the
 * stored one of each row (`data.webhooks`), judged against `data.$env.FORM_WEBHOOK_HOSTS`.
 * Throws the problem (the editor sees it); returns the payload to save otherwise.
 * @param {{ $trigger: { payload: Record<string, unknown> }, $env?: Record<string, unknown>, webhooks?: { url?: string }[] }} data
 */
export function webhookOnSave(data) {
  const payload = data.$trigger.payload ?? {};
  const hosts = webhookHosts(data.$env?.FORM_WEBHOOK_HOSTS);
  if ("url" in payload) {
    const problem = webhookUrlProblem(payload.url, hosts);
    if (problem) throw new Error(problem);
  } else if (payload.enabled === true) {
    // Turning a webhook back on: its stored address must still be allowed.
    for (const row of data.webhooks ?? []) {
      const problem = webhookUrlProblem(row.url, hosts);
      if (problem) throw new Error(problem);
    }
  }
  return payload;
}

/** The source of the flow's script operation: the functions above and an entry calling `webhookOnSave`. */
export function webhookCheckFlowScript() {
  const parts = [webhookHosts, webhookUrlProblem, webhookOnSave];
  return `${parts.map((fn) => fn.toString()).join("\n\n")}\n\nmodule.exports = async function (data) {\n  return webhookOnSave(data);\n};\n`;
}
