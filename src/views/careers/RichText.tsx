/**
 * CMS descriptions (job and event descriptions are HTML) rendered as plain text blocks:
 * paragraphs, sub-headings and lists. Nothing from the CMS reaches the page as markup, so no
 * sanitiser is needed; inline formatting is dropped on purpose.
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

/** Renders the blocks; CMS sub-headings become `h{headingLevel}` under the page's own headings. */
export function RichText({ html, headingLevel = 2, className = "" }: { html: string; headingLevel?: 2 | 3; className?: string }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={`text-ink-muted max-w-[68ch] text-[1.0625rem] leading-relaxed ${className}`}>
      {htmlToBlocks(html).map((block, index) => {
        switch (block.kind) {
          case "h":
            return (
              <Heading key={index} className="text-ink mt-10 mb-3 text-xl font-semibold tracking-tight first:mt-0 md:text-2xl">
                {block.text}
              </Heading>
            );
          case "ul":
          case "ol": {
            const List = block.kind;
            return (
              <List key={index} className={`my-5 space-y-2 pl-6 ${block.kind === "ul" ? "marker:text-accent list-disc" : "list-decimal"}`}>
                {block.items.map((item, i) => (
                  <li key={i} className="pl-1">
                    {item}
                  </li>
                ))}
              </List>
            );
          }
          default:
            return (
              <p key={index} className="my-4 first:mt-0">
                {block.text}
              </p>
            );
        }
      })}
    </div>
  );
}
