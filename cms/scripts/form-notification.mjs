// The e-mail a form's notify address gets for each submission, written by the flow "Notify about a
// form submission" (setup.mjs). Everything in it but its fixed words comes from outside: the values
// from visitors, the form's title from editors. The mail operation renders the body as Markdown
// (marked, then sanitize-html) and mails the HTML, so each piece is escaped for Markdown and HTML:
// nothing typed becomes a link, emphasis, a heading, a list item, HTML or a line of its own. The
// functions run inside the flow's script operation (a sandbox: no imports, no URL class), so each
// is self-contained: `formNotifyFlowScript` sends their source text to Directus.

/**
 * `text` without control characters: terminal escape sequences (ESC [ … m and the like) whole, C0
 * (tabs become spaces), DEL, C1, and the bidirectional embeddings, overrides and isolates (they
 * reorder what a reader sees). Line breaks of any kind become "\n" when `keepLines`, a space
 * otherwise.
 * @param {unknown} text
 * @param {boolean} keepLines
 * @returns {string}
 */
export function withoutControls(text, keepLines) {
  return String(text ?? "")
    .replace(/(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]/g, "")
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, keepLines ? "\n" : " ")
    .replace(/\t/g, " ")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "");
}

/**
 * One line of text as Markdown that renders as exactly that text: every ASCII punctuation mark is
 * backslash-escaped (no emphasis, code, link, table, heading, list or quote can start), `&`, `<`
 * and `>` become entities (no HTML, no entity of the visitor's), leading spaces are no-break
 * spaces (no code block). Web addresses are defused: a zero-width space after a scheme's colon
 * and after `www` (`https:` + U+200B + `//evil.example`), so neither marked's autolinks nor a mail
 * program's make a link; the text still reads the same.
 * @param {string} line one line, without control characters
 * @returns {string}
 */
export function markdownLine(line) {
  const defused = line.replace(/([a-z][a-z0-9+.-]*:)(?=\S)/gi, "$1\u200b").replace(/\b(www)(?=\.)/gi, "$1\u200b");
  const escaped = defused.replace(/[&<>]|[!-/:-@[-`{-~]/g, (mark) =>
    mark === "&" ? "&amp;" : mark === "<" ? "&lt;" : mark === ">" ? "&gt;" : `\\${mark}`,
  );
  return escaped.replace(/^ +/, (spaces) => "\u00a0".repeat(spaces.length));
}

/**
 * A submitted value as the e-mail shows it: one line after its label, or, when it has several
 * lines, each line quoted below the label (a hard break after each, so the lines stay lines).
 * @param {unknown} label
 * @param {unknown} value
 * @returns {string}
 */
export function notificationEntry(label, value) {
  const text = Array.isArray(value)
    ? value.map((item) => (typeof item === "object" && item !== null ? JSON.stringify(item) : String(item))).join(", ")
    : typeof value === "object" && value !== null
      ? JSON.stringify(value)
      : String(value ?? "");
  const head = `- **${markdownLine(withoutControls(label, false).trim())}**:`;
  const lines = withoutControls(text, true).trim().split("\n");
  if (lines.length === 1) return lines[0] === "" ? head : `${head} ${markdownLine(lines[0])}`;
  const filled = (index) => index < lines.length && lines[index].trim() !== "";
  const quoted = lines.map((line, index) => {
    if (!filled(index)) return "  >";
    // A backslash at the end of a line is a hard break: the next line of the value starts a new line.
    return `  > ${markdownLine(line)}${filled(index + 1) ? "\\" : ""}`;
  });
  return [head, ...quoted].join("\n");
}

/**
 * The flow's script: the mail's subject (one line, whatever the form's title holds) and its
 * Markdown body, the values in the order they were sent. `data.$trigger.payload` is the stored
 * submission, `data.form` the form read before.
 * @param {{ $trigger: { payload: { values?: Record<string, unknown>, source_page?: string | null } }, form?: { title?: string | null, key?: string | null } | null }} data
 * @returns {{ subject: string, body: string }}
 */
export function formNotification(data) {
  const payload = data.$trigger.payload;
  const values = payload.values && typeof payload.values === "object" ? payload.values : {};
  const name = withoutControls(data.form?.title || data.form?.key || "a form", false)
    .replace(/ +/g, " ")
    .trim();
  const page = withoutControls(payload.source_page || "", false).trim();
  const intro = `A visitor sent the form “${markdownLine(name)}”${page ? ` on ${markdownLine(page)}` : ""}:`;
  const entries = Object.entries(values).map(([label, value]) => notificationEntry(label, value));
  return { subject: [...`New submission: ${name}`].slice(0, 200).join(""), body: [intro, "", ...entries].join("\n") };
}

/** The source of the flow's script operation: the functions above and an entry calling `formNotification`. */
export function formNotifyFlowScript() {
  const parts = [withoutControls, markdownLine, notificationEntry, formNotification];
  return `${parts.map((fn) => fn.toString()).join("\n\n")}\n\nmodule.exports = async function (data) {\n  return formNotification(data);\n};\n`;
}
