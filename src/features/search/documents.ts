// What the search index holds, and pure helpers that turn the site's content into it: doc pages
// (Markdown) become one document for the page plus one per h2/h3 section, so a result can
// deep-link; CMS HTML (posts, jobs, events) becomes plain text.
import { decodeEntities } from "../../lib/sanitize-html";
import type { DocHeading } from "../../render/markdown/heading";

import type { SearchDocument as ContentSearchDocument } from "../../content/search-document";

/**
 * The kinds of item the search indexes, in the order it shows them (the kind filter, the result
 * counts). The index stores a document's kind as its position here: a new kind goes at the end.
 */
export const searchKinds = ["doc", "post", "job", "event", "page"] as const;
export type SearchKind = (typeof searchKinds)[number];

export function isSearchKind(value: unknown): value is SearchKind {
  return typeof value === "string" && (searchKinds as readonly string[]).includes(value);
}

/** A document the search indexes: a content type's, of a kind the search lists. */
export interface SearchDocument extends ContentSearchDocument {
  kind: SearchKind;
}

/** Whether a content type's document is of a kind the search indexes. */
export const ofSearchKind = (document: ContentSearchDocument): document is SearchDocument => isSearchKind(document.kind);

export interface DocPage {
  /** Path of the page, without a fragment: `/docs/kubernetes/node-pools`. */
  url: string;
  title: string;
  description?: string;
  /** Markdown source; a leading front-matter block (`---` … `---`) is skipped. */
  markdown: string;
  /** Where the page sits in the docs (e.g. "Kubernetes"): the breadcrumb of the page's own result. */
  section?: string;
  /**
   * The h2/h3 headings as the docs renderer anchored them, in document order. When given and
   * they line up with the Markdown's h2/h3 headings, their ids are used instead of `slugify`.
   */
  headings?: DocHeading[];
}

/** Parts of a doc page between its h2/h3 headings. */
interface MarkdownPart {
  heading: { depth: 2 | 3; text: string; explicitId?: string } | null;
  lines: string[];
}

const fence = /^ {0,3}(`{3,}|~{3,})/;
const atxHeading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
// `## Title {#custom-id}` (markdown-it-attrs, Pandoc): the renderer uses the given id.
const explicitId = /[ \t]*\{#([\w-]+)\}[ \t]*$/;

/** Splits Markdown at h2/h3 lines outside fenced code. The h1 line (the page title) is dropped. */
function splitMarkdown(markdown: string): MarkdownPart[] {
  let lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(line));
    if (end > 0) lines = lines.slice(end + 1);
  }
  const parts: MarkdownPart[] = [{ heading: null, lines: [] }];
  let open: { char: string; length: number } | null = null;
  for (const line of lines) {
    const current = parts[parts.length - 1]!;
    const fenceMatch = fence.exec(line);
    if (open) {
      if (
        fenceMatch &&
        fenceMatch[1]![0] === open.char &&
        fenceMatch[1]!.length >= open.length &&
        !line.slice(fenceMatch[0].length).trim()
      ) {
        open = null;
      }
      current.lines.push(line);
      continue;
    }
    if (fenceMatch) {
      open = { char: fenceMatch[1]![0]!, length: fenceMatch[1]!.length };
      current.lines.push(line);
      continue;
    }
    const heading = atxHeading.exec(line);
    if (heading && (heading[1]!.length === 2 || heading[1]!.length === 3)) {
      let text = heading[2] ?? "";
      const id = explicitId.exec(text);
      if (id) text = text.slice(0, id.index);
      parts.push({ heading: { depth: heading[1]!.length as 2 | 3, text: inlineMarkdownText(text), explicitId: id?.[1] }, lines: [] });
      continue;
    }
    if (heading && heading[1]!.length === 1) continue;
    current.lines.push(line);
  }
  return parts;
}

/** Inline Markdown to text: links and images keep their text, code its content, emphasis marks go. */
function inlineMarkdownText(text: string): string {
  // Backslash escapes are set aside first (as private-use characters) so no later rule sees them as syntax.
  return decodeEntities(
    text
      .replace(/\\([!-/:-@[-`{-~])/g, (_, ch: string) => String.fromCharCode(0xe000 + ch.charCodeAt(0)))
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/!\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/<(https?:\/\/[^>\s]+)>/g, "$1")
      .replace(/<\/?[a-zA-Z][^>]*>/g, " ")
      .replace(/(`+)([\s\S]*?)\1/g, "$2")
      .replace(/(\*{1,3}|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
      .replace(/(^|[^\p{L}\p{N}])_{1,3}(?=\S)([\s\S]*?\S)_{1,3}(?![\p{L}\p{N}])/gu, "$1$2")
      .replace(/[\ue021-\ue07e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xe000)),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Markdown block text to plain text. Fenced code is left out: commands and YAML make poor
 * snippets and bloat the index, and the prose around them names what they do.
 */
export function markdownText(markdown: string): string {
  const out: string[] = [];
  let open: { char: string; length: number } | null = null;
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    const fenceMatch = fence.exec(line);
    if (open) {
      if (
        fenceMatch &&
        fenceMatch[1]![0] === open.char &&
        fenceMatch[1]!.length >= open.length &&
        !line.slice(fenceMatch[0].length).trim()
      ) {
        open = null;
      }
      continue;
    }
    if (fenceMatch) {
      open = { char: fenceMatch[1]![0]!, length: fenceMatch[1]!.length };
      continue;
    }
    // Table separators, rules, reference definitions and container fences (`:::note`) carry no text.
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line) || /^ {0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) continue;
    if (/^ {0,3}\[[^\]]+\]:\s/.test(line) || /^\s*:{3,}/.test(line)) continue;
    const block = line
      .replace(/^ {0,3}#{1,6}[ \t]+/, "")
      .replace(/^(\s*>)+/, "")
      .replace(/^\s*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/, "")
      .replace(/\|/g, " ");
    out.push(block);
  }
  // Paragraphs are joined before inline processing so emphasis and links may span lines.
  return inlineMarkdownText(out.join("\n"));
}

const blockTagNames = "p|div|section|article|aside|header|footer|main|nav|h[1-6]|ul|ol|li|dl|dt|dd|table|thead|tbody|tr|td|th";
const blockTags = new RegExp(`<\\/?(?:${blockTagNames}|blockquote|figure|figcaption|hr|br)\\b[^>]*>`, "gi");

/**
 * CMS HTML to plain text: scripts, styles and code blocks removed, block boundaries kept as
 * spaces (so `</p><p>` never glues two words), inline tags removed without a space (so
 * `<b>on</b>-demand` stays one word), entities decoded, whitespace collapsed.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  return decodeEntities(
    html
      .replace(/<(script|style|template|noscript|iframe|svg|pre)\b[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(blockTags, " ")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** Text of the h2/h3 headings of CMS HTML, one per line: the `headings` field of a post. */
export function htmlHeadings(html: string | null | undefined): string {
  if (!html) return "";
  return [...html.matchAll(/<h[23]\b[^>]*>([\s\S]*?)<\/h[23]\s*>/gi)]
    .map((m) => htmlToText(m[1]))
    .filter(Boolean)
    .join("\n");
}

/**
 * The search documents of one doc page: the page itself (title, description, the list of its
 * headings, and the text before the first heading) and one document per h2/h3 section (title =
 * heading, section = page title, url = page url + `#id`, body = the text up to the next h2/h3;
 * an h3 also carries its parent h2 in `headings`). Section text is indexed once, in its
 * section, so a body match deep-links.
 *
 * Ids: from `page.headings` when given and they line up with the Markdown (same count, same
 * depths); otherwise an explicit `{#id}`, else `slugify(plain heading text)`, called once per
 * h2/h3 in document order (a de-duplicating slugger must be fresh per page and count only h2/h3).
 */
export function docSections(page: DocPage, slugify: (text: string) => string): SearchDocument[] {
  const parts = splitMarkdown(page.markdown);
  const sections = parts.slice(1);
  const given =
    page.headings &&
    page.headings.length === sections.length &&
    page.headings.every((heading, i) => heading.depth === sections[i]!.heading!.depth)
      ? page.headings
      : null;
  const documents: SearchDocument[] = [];
  const headingTexts = sections.map((part) => part.heading!.text).filter(Boolean);
  documents.push({
    id: page.url,
    kind: "doc",
    title: page.title,
    headings: headingTexts.join("\n") || undefined,
    description: page.description || undefined,
    body: markdownText(parts[0]!.lines.join("\n")),
    url: page.url,
    section: page.section || undefined,
  });
  let parentH2: string | undefined;
  const seen = new Set<string>();
  sections.forEach((part, i) => {
    const heading = part.heading!;
    const id = given?.[i]?.id ?? heading.explicitId ?? slugify(heading.text);
    if (heading.depth === 2) parentH2 = heading.text;
    const url = `${page.url}#${id}`;
    // An id the renderer would have made unique in another way: keep the first, the rest cannot link.
    if (!id || seen.has(url) || !heading.text) return;
    seen.add(url);
    documents.push({
      id: url,
      kind: "doc",
      title: heading.text,
      headings: heading.depth === 3 && parentH2 ? parentH2 : undefined,
      body: markdownText(part.lines.join("\n")),
      url,
      section: page.title,
    });
  });
  return documents;
}
