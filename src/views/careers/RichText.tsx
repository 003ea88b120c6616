/**
 * CMS descriptions of jobs and events are HTML. The page renders them sanitised (<RichText>);
 * the helpers below read plain text out of them for meta descriptions and JSON-LD.
 */
export type TextBlock =
  | { kind: "p"; text: string }
  | { kind: "h"; text: string }
  | { kind: "ul" | "ol"; items: string[] };

const named: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
  euro: "€",
  copy: "©",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return named[entity.toLowerCase()] ?? match;
  });
}

/** Inline HTML to text: tags removed, `<br>` as a space, entities decoded, whitespace collapsed. */
export function inlineText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
}

const blockPattern = /<(p|h[1-6]|ul|ol|blockquote|pre)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi;

/** Splits CMS HTML into text blocks; text outside any block becomes paragraphs. */
export function htmlToBlocks(html: string | null | undefined): TextBlock[] {
  if (!html) return [];
  const source = html.replace(/<(script|style|iframe|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, "").replace(/<!--[\s\S]*?-->/g, "");
  const blocks: TextBlock[] = [];
  const loose = (chunk: string) => {
    for (const part of chunk.split(/(?:<br\s*\/?>\s*){2,}|\n\s*\n/i)) {
      const text = inlineText(part);
      if (text) blocks.push({ kind: "p", text });
    }
  };
  let last = 0;
  for (const match of source.matchAll(blockPattern)) {
    loose(source.slice(last, match.index));
    last = match.index + match[0].length;
    const tag = match[1]!.toLowerCase();
    const inner = match[2]!;
    if (tag === "ul" || tag === "ol") {
      const items = [...inner.matchAll(/<li\b[^>]*>([\s\S]*?)(?=<li\b|<\/li\s*>|$)/gi)].map((item) => inlineText(item[1]!)).filter(Boolean);
      if (items.length) blocks.push({ kind: tag, items });
    } else {
      const text = inlineText(inner);
      if (text) blocks.push({ kind: tag.startsWith("h") ? "h" : "p", text });
    }
  }
  loose(source.slice(last));
  return blocks;
}

/** Plain text of the first paragraph, cut at a word boundary (meta descriptions, JSON-LD). */
export function summaryOf(html: string | null | undefined, max = 160): string {
  const first = htmlToBlocks(html).find((block) => block.kind === "p");
  const text = first && first.kind === "p" ? first.text : "";
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 20)).replace(/[\s,.;:]+$/, "")}…`;
}

/**
 * Renders CMS rich text that the loader already passed through `sanitizeHtml`
 * (src/lib/sanitize-html.ts): the same string on the server and in the browser.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${richTextClasses} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

const richTextClasses = [
  "text-ink-muted max-w-[68ch] text-[1.0625rem] leading-relaxed [&>:first-child]:mt-0",
  "[&_p]:my-4",
  "[&_h2]:text-ink [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight md:[&_h2]:text-2xl",
  "[&_h3]:text-ink [&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:tracking-tight",
  "[&_h4]:text-ink [&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold",
  "[&_ul]:my-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:pl-1 marker:text-accent",
  "[&_a]:text-accent [&_a]:underline [&_a]:underline-offset-3 hover:[&_a]:decoration-2",
  "[&_strong]:text-ink [&_strong]:font-semibold",
  "[&_blockquote]:border-line-strong [&_blockquote]:my-6 [&_blockquote]:border-l-2 [&_blockquote]:pl-5 [&_blockquote]:italic",
  "[&_code]:bg-surface-sunken [&_code]:rounded [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]",
  "[&_hr]:border-line [&_hr]:my-8",
].join(" ");
