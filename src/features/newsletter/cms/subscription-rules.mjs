// What a stored newsletter subscription must be, checked inside Directus. Visitors never write to
// the CMS themselves: the site's token stores a subscription after the site's own checks (the
// form's schema, the rate limit, the honeypot), and the flow "Newsletter sign-up check" runs
// `subscriptionOnSave` on every create, so a row written with that token around the site (a leaked
// token, a bug) still holds only topics that exist, a consent time the site set, and a page of
// this site. The functions run inside the flow's script operation too, so each is self-contained:
// `subscriptionCheckFlowScript` sends their source text to Directus.

/**
 * Why a subscription may not be stored, in plain English; null when it may.
 * @param {Record<string, unknown>} payload the row being created
 * @param {readonly string[]} topicKeys the keys of the newsletter topics that exist
 * @param {number} now milliseconds since the epoch
 * @returns {string | null}
 */
export function subscriptionProblem(payload, topicKeys, now) {
  const topics = payload.topics;
  if (!Array.isArray(topics) || topics.length === 0) return "A subscription needs at least one topic.";
  const unknown = topics.filter((topic) => typeof topic !== "string" || !topicKeys.includes(topic));
  if (unknown.length > 0) return `Unknown newsletter topic(s): ${unknown.map((topic) => JSON.stringify(topic)).join(", ")}.`;
  // The site sets the consent time when it accepts the form; a queued sign-up is stored within
  // days (the queue's retries), never before it was given and never in the future.
  const agreed = typeof payload.agreed_at === "string" ? Date.parse(payload.agreed_at) : Number.NaN;
  if (!Number.isFinite(agreed)) return "A subscription needs the time the visitor agreed (agreed_at).";
  if (agreed > now + 5 * 60_000 || agreed < now - 7 * 24 * 60 * 60_000)
    return "The consent time (agreed_at) must be the time the site accepted the sign-up, within the last 7 days.";
  const page = payload.source_page;
  if (page !== undefined && page !== null && (typeof page !== "string" || !/^\/(?![/\\])[^\s]*$/.test(page) || page.length > 512))
    return "The source page must be a path on this site (starting with a single /).";
  return null;
}

/**
 * The flow's check of a subscription being created (`data.$trigger.payload`), against the topics
 * read by the flow before it (`data.topics`). Throws the problem; returns the payload otherwise.
 * @param {{ $trigger: { payload: Record<string, unknown> }, topics?: { key?: string }[] }} data
 */
export function subscriptionOnSave(data) {
  const payload = data.$trigger.payload ?? {};
  const keys = (data.topics ?? []).map((topic) => topic.key).filter((key) => typeof key === "string");
  const problem = subscriptionProblem(payload, keys, Date.now());
  if (problem) throw new Error(problem);
  return payload;
}

/** The source of the flow's script operation: the functions above and an entry calling `subscriptionOnSave`. */
export function subscriptionCheckFlowScript() {
  const parts = [subscriptionProblem, subscriptionOnSave];
  return `${parts.map((fn) => fn.toString()).join("\n\n")}\n\nmodule.exports = async function (data) {\n  return subscriptionOnSave(data);\n};\n`;
}
