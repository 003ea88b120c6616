// The e-mails about a form submission, written by the flows "Notify about a form submission" (to the
// form's notify address) and "Confirm a form submission to its sender" (flows.mjs). Everything in
// them but their fixed words comes from outside: the values from visitors, the form's title and
// templates from editors. The mail operation renders the body as Markdown (marked, then
// sanitize-html) and mails the HTML, so each value is escaped for Markdown and HTML: nothing typed
// becomes a link, emphasis, a heading, a list item, HTML or a line of its own; subjects are one
// line. The functions run inside the flows' script operations (a sandbox: no imports, no URL
// class), so each is self-contained: `formNotifyFlowScript` and `formConfirmFlowScript` send their
// source text to Directus.

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
 * The placeholders a template may hold, besides `{{<field name>}}` (the value a visitor sent in
 * that field): what the CMS's help text lists.
 */
export const TEMPLATE_PLACEHOLDERS = {
  form_title: "the form's title",
  source_page: "the page it was sent from",
  all_values: "every value sent, one per line with its field's name (in the body only)",
};

/**
 * A value as plain text: lists joined with commas, objects (an uploaded file's link and the like)
 * as JSON, nothing as "".
 * @param {unknown} value
 * @returns {string}
 */
export function valueText(value) {
  if (Array.isArray(value))
    return value.map((item) => (typeof item === "object" && item !== null ? JSON.stringify(item) : String(item))).join(", ");
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value ?? "");
}

/**
 * `template` with each `{{ name }}` replaced: in a subject (`markdown` false) by the value as one
 * line of plain text, in a body by the value escaped for Markdown and HTML (each of its lines
 * kept as a line). The editor's own words stay Markdown; a visitor's never become formatting, a
 * link or HTML. A placeholder of no field and no known name becomes nothing.
 * @param {string} template
 * @param {{ values: Record<string, unknown>, formTitle: string, sourcePage: string }} context
 * @param {boolean} markdown
 * @returns {string}
 */
export function fillTemplate(template, context, markdown) {
  return String(template ?? "").replace(/\{\{\s*([A-Za-z0-9_-]+)\s*\}\}/g, (_, name) => {
    if (name === "all_values") {
      if (!markdown) return "";
      return Object.entries(context.values)
        .map(([label, value]) => notificationEntry(label, value))
        .join("\n");
    }
    const raw =
      name === "form_title"
        ? context.formTitle
        : name === "source_page"
          ? context.sourcePage
          : Object.hasOwn(context.values, name)
            ? valueText(context.values[name])
            : "";
    if (!markdown) return withoutControls(raw, false);
    const lines = withoutControls(raw, true).trim().split("\n");
    return lines.map((line) => (line.trim() === "" ? "" : markdownLine(line))).join("\\\n");
  });
}

/**
 * A mail's subject: one line whatever the template and values hold (no header can be added),
 * spaces collapsed, at most 200 characters.
 * @param {string} text
 * @returns {string}
 */
export function subjectLine(text) {
  return [...withoutControls(text, false).replace(/ +/g, " ").trim()].slice(0, 200).join("");
}

/**
 * What the flow's templates read of a submission and its form.
 * @param {{ $trigger: { payload: { values?: Record<string, unknown>, source_page?: string | null } }, form?: { title?: string | null, key?: string | null } | null }} data
 */
export function templateContext(data) {
  const payload = data.$trigger.payload;
  const values = payload.values && typeof payload.values === "object" && !Array.isArray(payload.values) ? payload.values : {};
  const formTitle = withoutControls(data.form?.title || data.form?.key || "a form", false)
    .replace(/ +/g, " ")
    .trim();
  return { values, formTitle, sourcePage: withoutControls(payload.source_page || "", false).trim() };
}

/**
 * The flow's script: the mail's subject (one line, whatever the form's title holds) and its
 * Markdown body, the values in the order they were sent; or, when the form has them, its own
 * subject and body templates filled in. `data.$trigger.payload` is the stored submission,
 * `data.form` the form read before.
 * @param {{ $trigger: { payload: { values?: Record<string, unknown>, source_page?: string | null } }, form?: { title?: string | null, key?: string | null, notify_subject?: string | null, notify_body?: string | null } | null }} data
 * @returns {{ subject: string, body: string }}
 */
export function formNotification(data) {
  const context = templateContext(data);
  const { values, formTitle: name, sourcePage: page } = context;
  const intro = `A visitor sent the form “${markdownLine(name)}”${page ? ` on ${markdownLine(page)}` : ""}:`;
  const entries = Object.entries(values).map(([label, value]) => notificationEntry(label, value));
  const subject = data.form?.notify_subject?.trim() ? fillTemplate(data.form.notify_subject, context, false) : `New submission: ${name}`;
  const body = data.form?.notify_body?.trim() ? fillTemplate(data.form.notify_body, context, true) : [intro, "", ...entries].join("\n");
  return { subject: subjectLine(subject), body };
}

/**
 * An address a confirmation may go to: one plain address (no name, list, comment or line break),
 * as the form's e-mail check accepts it.
 * @param {unknown} value
 * @returns {boolean}
 */
export function isSingleAddress(value) {
  return (
    typeof value === "string" &&
    value.length <= 254 &&
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(value)
  );
}

/**
 * The confirmation a sender gets: only when the form asks for one (`confirm_sender`), only to the
 * value of the form's e-mail field named in `confirm_email_field`, and only when that value is one
 * address. `to` is null otherwise (the flow stops). Subject and body are the form's templates, or
 * the site's default words (`defaults`, from locales/en.json).
 * @param {{ $trigger: { payload: { values?: Record<string, unknown>, source_page?: string | null } }, form?: { title?: string | null, key?: string | null, confirm_sender?: boolean | null, confirm_email_field?: string | null, confirm_subject?: string | null, confirm_body?: string | null, fields?: { name?: string, type?: string }[] } | null }} data
 * @param {{ subject: string, body: string }} defaults
 * @returns {{ to: string | null, subject: string, body: string }}
 */
export function formConfirmation(data, defaults) {
  const context = templateContext(data);
  const form = data.form ?? {};
  const fieldName = form.confirm_email_field?.trim() ?? "";
  const emailField = (form.fields ?? []).find((field) => field.name === fieldName && field.type === "email");
  const address = emailField ? context.values[fieldName] : null;
  const to = form.confirm_sender === true && isSingleAddress(address) ? address : null;
  const subject = fillTemplate(form.confirm_subject?.trim() ? form.confirm_subject : defaults.subject, context, false);
  const body = fillTemplate(form.confirm_body?.trim() ? form.confirm_body : defaults.body, context, true);
  return { to, subject: subjectLine(subject), body };
}

/**
 * The site's words of a confirmation whose form has no templates of its own. The same texts as
 * `form_mail` in locales/en.json (a unit test keeps them equal): the CMS image carries these
 * scripts, not the site's locales.
 */
export const CONFIRMATION_DEFAULTS = {
  subject: "We received your message",
  body: "Thank you for writing to us. We will reply soon; this is what you sent:\n\n{{all_values}}",
};

const helpers = () => [withoutControls, markdownLine, notificationEntry, valueText, fillTemplate, subjectLine, templateContext];

/** The source of the notification flow's script operation: the functions above and an entry calling `formNotification`. */
export function formNotifyFlowScript() {
  const parts = [...helpers(), formNotification];
  return `${parts.map((fn) => fn.toString()).join("\n\n")}\n\nmodule.exports = async function (data) {\n  return formNotification(data);\n};\n`;
}

/** The source of the confirmation flow's script operation, the site's default words written in. */
export function formConfirmFlowScript(defaults = CONFIRMATION_DEFAULTS) {
  const parts = [...helpers(), isSingleAddress, formConfirmation];
  return `${parts.map((fn) => fn.toString()).join("\n\n")}\n\nmodule.exports = async function (data) {\n  return formConfirmation(data, ${JSON.stringify(defaults)});\n};\n`;
}
