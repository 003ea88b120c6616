import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { formNotification, formNotifyFlowScript } from "./cms/form-notification.mjs";

// What the mail operation mails: Directus' own md() (marked, then sanitize-html), from the CMS.
const mdModule = createRequire(new URL("../../../cms/package.json", import.meta.url)).resolve("@directus/api/utils/md");
const { md: render } = (await import(pathToFileURL(mdModule).href)) as { md: (markdown: string) => string };

/** What a reader sees of an HTML fragment: tags gone, entities decoded, breaks as new lines. */
const readable = (html: string) =>
  html
    .replace(/<br \/>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\u200b/g, "")
    .replace(/\u00a0/g, " ");

const submission = (values: Record<string, unknown>, form: { title?: string | null; key?: string } = { title: "Contact sales" }) => ({
  $trigger: { payload: { values, source_page: "/contact-sales" } },
  form,
});

/** The rendered mail of one value, and the part of it that shows the value (its list item). */
function mailOf(value: string) {
  const { body } = formNotification(submission({ name: "Ada", message: value, consent: true }));
  const html = render(body);
  const items = html.split("<li>").slice(1);
  return {
    body,
    html,
    items,
    shown: readable(items[1] ?? "")
      .replace(/^message:\s*/, "")
      .trim(),
  };
}

/** Values a visitor may type, and the lines the mail must show (the value's own lines by default). */
const hostile: [string, string, string[]?][] = [
  ["a forged line", "Ann\n- **email**: ceo@victim.example"],
  ["a Markdown link", "[Reset your password](https://evil.example/login)"],
  ["nested brackets", "[[Reset](https://evil.example)](https://evil.example/2) [x][ref]\n\n[ref]: https://evil.example"],
  ["a bare web address", "Go to https://evil.example/login or www.evil.example now"],
  ["an autolink", "<https://evil.example> <ceo@victim.example> mailto:ceo@victim.example"],
  ["an image", "![logo](https://evil.example/pixel.png)"],
  ["backticks", "`code` and ```fenced```\n```\nblock\n```"],
  ["a script", "<script>alert(1)</script><img src=x onerror=alert(1)> &lt;b&gt; &copy;"],
  ["CR/LF and controls", "first\r\nsecond\rthird\u2028fourth\u0000\u001b[31mred\u009b", ["first", "second", "third", "fourthred"]],
  ["headings", "# Urgent\n## Reset\nTitle\n===\nOther\n---"],
  ["quotes and lists", "> quoted\n- item\n* star\n+ plus\n1. one\n2) two"],
  ["a table", "| a | b |\n|---|---|\n| c | d |"],
  ["emphasis", "**bold** __bold__ *em* _em_ ~~gone~~"],
  ["indented code and HTML blocks", "    indented code\n<div>block</div>\n<!-- comment -->"],
  ["a trailing backslash", "ends with \\"],
];

describe("the form notification mail", () => {
  it.each(hostile)("shows %s as the typed text: no link, markup, heading, list item or line of its own", (_name, value, lines) => {
    const { html, items, shown } = mailOf(value);
    expect(html).not.toMatch(/<(a|em|h[1-6]|code|pre|table|img|script|div|ol|hr|del|s)\b/i);
    // No element with an attribute (a link's href, an image's src, a handler).
    expect(html).not.toMatch(/<[a-z]+\s+[a-z-]+=/i);
    // One list item per field, each with only its label in bold.
    expect(items).toHaveLength(3);
    expect(html.match(/<strong>/g)).toHaveLength(3);
    // Every line of the value is shown as typed, each a line of its own.
    const shownLines = shown
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    expect(shownLines).toEqual(
      lines ??
        value
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean),
    );
  });

  it("keeps a forged field inside the name it was typed in", () => {
    const forged = render(formNotification(submission({ name: "Ann\n- **email**: ceo@victim.example", email: "ann@example.com" })).body);
    const items = forged.split("<li>").slice(1).map(readable);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^name:\s*Ann\n- \*\*email\*\*: ceo@victim\.example\s*$/);
    expect(items[1]).toMatch(/^email: ann@example\.com\s*$/);
  });

  it("escapes labels, the form's title and the page too", () => {
    const { body } = formNotification({
      $trigger: { payload: { values: { "reply_by*": "soon" }, source_page: "/a_b*c*" } },
      form: { title: "**Win** [prize](https://evil.example)" },
    });
    const html = render(body);
    expect(html).not.toMatch(/<(a|em)\b/);
    expect(readable(html)).toContain("A visitor sent the form “**Win** [prize](https://evil.example)” on /a_b*c*:");
    expect(readable(html)).toContain("reply_by*: soon");
  });

  it("gives a one-line subject, whatever the form's title holds", () => {
    const { subject } = formNotification(
      submission({ name: "Ada" }, { title: "Contact\r\nBcc: victim@example.com\u0000\u001b[2J\u0085x" }),
    );
    expect(subject).toBe("New submission: Contact Bcc: victim@example.com x");
    expect(subject).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(formNotification(submission({}, { title: null, key: "contact-sales" })).subject).toBe("New submission: contact-sales");
    expect([...formNotification(submission({}, { title: "x".repeat(5000) })).subject]).toHaveLength(200);
  });

  it("runs as the flow's script: self-contained, in a sandbox with no imports and no URL", async () => {
    const sandbox: { module: { exports?: (data: unknown) => Promise<unknown> } } = { module: {} };
    runInNewContext(formNotifyFlowScript(), sandbox);
    const data = submission({ name: "Ann\n- **email**: ceo@victim.example", message: "[Reset](https://evil.example)" });
    expect(await sandbox.module.exports?.(data)).toEqual(formNotification(data));
  });
});
