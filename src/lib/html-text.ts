import { decodeEntities } from "./sanitize-html";

/** Escapes text for an HTML text node. */
export function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Escapes text for an HTML attribute value (either quote) or text node. */
export function escapeHtml(value: string): string {
  return escapeText(value).replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Inline HTML to text: tags removed, `<br>` as a space, entities decoded, whitespace collapsed. */
function inlineText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Plain text of the first paragraph of CMS HTML, cut at a word boundary: meta descriptions and
 * JSON-LD of jobs and events.
 */
export function summaryOf(html: string | null | undefined, max = 160): string {
  if (!html) return "";
  const source = html.replace(/<(script|style|iframe|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, "").replace(/<!--[\s\S]*?-->/g, "");
  const paragraph = /<p\b[^>]*>([\s\S]*?)<\/p\s*>/i.exec(source)?.[1] ?? source;
  const text = inlineText(paragraph);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).replace(/[\s,.;:]+$/, "")}…`;
}
