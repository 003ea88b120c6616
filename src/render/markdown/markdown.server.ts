/**
 * Documentation Markdown → HTML, on the server (workerd), with markdown-it and Shiki.
 *
 * What it adds to CommonMark + GFM tables/strikethrough/autolinks (markdown-it built-ins):
 * - task lists (`- [x] done`), as disabled checkboxes;
 * - GitHub alerts (`> [!NOTE]`, TIP, IMPORTANT, WARNING, CAUTION) as `<aside class="callout">`;
 * - stable heading ids (slug of the text, `-1`, `-2` for repeats) with an anchor link; an h1 in
 *   the body becomes an h2 (the page owns the only h1); h2/h3 are returned for the TOC;
 * - fenced code highlighted by Shiki with classes (see highlight.server.ts), a copy button
 *   placeholder, and code tabs (see code-blocks.server.ts);
 * - links: unsafe schemes (javascript:, data:, …) are dropped with their text kept, links to
 *   other origins get rel="noopener noreferrer";
 * - images: Directus assets (`/assets/<id>` or `<apiBaseUrl>/assets/<id>`) go through the site's
 *   image endpoint with srcset and, when known, width/height; same-site paths are kept; anything
 *   else is dropped and its alt text shown;
 * - raw HTML is allowed, but every html_block goes through the site's sanitiser, and inline HTML
 *   is limited to a few formatting tags without attributes (balanced per paragraph) and images.
 *
 * Rendering never throws: on an internal error the source is returned as escaped paragraphs.
 */
import markdownIt, { type MarkdownIt, type StateCore, type Token } from "markdown-it";
import { imageUrl } from "../../config/images";
import { safeUrl, sanitizeHtml, type SanitizedImage, type SanitizeOptions } from "../../lib/sanitize-html";
import { escapeHtml, escapeText } from "../../lib/html-text";
import { parseFenceInfo, renderCodeBlock, renderCodeTabs, type CodeTab, type Highlighter } from "./code-blocks.server";
import { createSlugger } from "./slug";
import type { DocHeading } from "./heading";

export { slugify } from "./slug";

export { rendererVersion } from "./renderer-version";

interface DocAssetSize {
  width: number;
  height: number;
}

export interface RenderOptions {
  /** The site's origin (`SiteConfig.url`): links elsewhere get rel="noopener noreferrer". */
  siteUrl: string;
  /** Directus origin (`SiteConfig.apiBaseUrl`): its `/assets/<id>` images are resized by the site. */
  apiBaseUrl: string;
  /** Sizes of Directus files by id (see `assetIdsOf`), written as width/height on images. */
  assets?: Readonly<Record<string, DocAssetSize>>;
  /** Prefix of generated non-heading ids (code tab groups). Default `doc`. */
  idPrefix?: string;
}

export interface RenderedDoc {
  html: string;
  /** h2 and h3 in document order (an h1 in the source counts as h2), for the table of contents. */
  headings: DocHeading[];
  /** Plain text (headings, prose, table cells, code) for the search index. */
  text: string;
  /** Words of prose (code not counted). */
  words: number;
  /** Estimated reading time, at least 1. */
  readingMinutes: number;
}

/** Widths offered for images in docs (the text column is at most ~760 px wide). */
const imageWidths = [640, 1080, 1920] as const;
const imageSizes = "(min-width: 1024px) 760px, 100vw";

/** Inline HTML tags kept (without attributes); anything else inline is dropped, except images. */
const inlineTags = new Set([
  "kbd",
  "sub",
  "sup",
  "mark",
  "strong",
  "em",
  "b",
  "i",
  "s",
  "del",
  "ins",
  "small",
  "u",
  "code",
  "q",
  "var",
  "samp",
  "cite",
]);
const inlineVoidTags = new Set(["br", "wbr"]);

const callouts = {
  note: "Note",
  tip: "Tip",
  important: "Important",
  warning: "Warning",
  caution: "Caution",
} as const;
type CalloutKind = keyof typeof callouts;
const calloutMarker = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)/i;

interface DocEnv {
  options: RenderOptions;
  highlight: Highlighter | null;
  sanitize: SanitizeOptions;
  headings: DocHeading[];
  textParts: string[];
  proseWords: number;
  codeWords: number;
}

// ---------------------------------------------------------------------------------------------
// Images and links

/** Where an image in a doc points: through /_next/image for Directus assets. */
function docImage(src: string, options: RenderOptions): (SanitizedImage & Partial<DocAssetSize>) | null {
  const url = safeUrl(src);
  if (!url || url.resolved.startsWith("mailto:")) return null;
  const assets = `${options.apiBaseUrl.replace(/\/+$/, "")}/assets/`;
  const value = url.value;
  const absolute = value.startsWith("/assets/") ? assets + value.slice("/assets/".length) : url.external ? url.resolved : null;
  if (absolute?.startsWith(assets)) {
    const id = absolute.slice(assets.length).split(/[/?#]/)[0] ?? "";
    const size = options.assets?.[id];
    return {
      src: imageUrl(absolute, 1080),
      srcSet: imageWidths.map((width) => `${imageUrl(absolute, width)} ${width}w`).join(", "),
      sizes: imageSizes,
      ...(size ? { width: size.width, height: size.height } : {}),
    };
  }
  // A path on the site itself (a static file): allowed by the CSP as it is.
  if (!url.external && value.startsWith("/") && !value.startsWith("//")) return { src: value };
  return null;
}

/**
 * Ids of the Directus files a Markdown body references (`/assets/<id>` or
 * `<apiBaseUrl>/assets/<id>`), so a route can look up their sizes before rendering.
 */
export function assetIdsOf(markdown: string, apiBaseUrl?: string): string[] {
  const base = apiBaseUrl?.replace(/\/+$/, "");
  const ids = new Set<string>();
  for (const match of markdown.matchAll(/\/assets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi)) {
    const before = markdown.slice(Math.max(0, match.index - 200), match.index);
    if ((base && before.endsWith(base)) || /(?:^|[\s("'<=])$/.test(before)) ids.add(match[1]!.toLowerCase());
  }
  return [...ids];
}

function isExternal(href: string, siteUrl: string): boolean {
  if (/^mailto:/i.test(href)) return false;
  try {
    return new URL(href, siteUrl).origin !== new URL(siteUrl).origin;
  } catch {
    return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Core rules

const envOf = (state: StateCore) => state.env as unknown as DocEnv;
const docEnv = (env: unknown) => env as DocEnv;
/** A token attribute as a string ("" when absent). */
const attr = (token: Token, name: string) => String(token.attrGet(name) ?? "");

/** `> [!NOTE]` blockquotes become callouts; runs before inline parsing so the marker is gone. */
function calloutRule(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    if (open.type !== "blockquote_open" || tokens[i + 1]?.type !== "paragraph_open") continue;
    const inline = tokens[i + 2];
    const match = inline?.type === "inline" ? calloutMarker.exec(inline.content) : null;
    if (!inline || !match) continue;
    const kind = match[1]!.toLowerCase() as CalloutKind;
    let depth = 0;
    let closeIndex = -1;
    for (let j = i; j < tokens.length; j++) {
      if (tokens[j]!.type === "blockquote_open") depth++;
      else if (tokens[j]!.type === "blockquote_close" && --depth === 0) {
        closeIndex = j;
        break;
      }
    }
    if (closeIndex < 0) continue;
    open.meta = { ...open.meta, callout: kind };
    tokens[closeIndex]!.meta = { ...tokens[closeIndex]!.meta, callout: kind };
    inline.content = inline.content.slice(match[0].length);
    const title = new state.Token("docs_raw", "", 0);
    title.content = `<p class="callout-title">${callouts[kind]}</p>\n`;
    title.block = true;
    if (inline.content.trim() === "")
      tokens.splice(i + 1, 3, title); // marker alone in its paragraph
    else tokens.splice(i + 1, 0, title);
  }
}

function rawInline(state: StateCore, html: string): Token {
  const token = new state.Token("docs_raw", "", 0);
  token.content = html;
  return token;
}

/** `- [ ] item` / `- [x] item` → checkbox list items. */
function taskListItem(state: StateCore, tokens: Token[], i: number): void {
  const inline = tokens[i]!;
  if (tokens[i - 1]?.type !== "paragraph_open" || tokens[i - 2]?.type !== "list_item_open") return;
  const first = inline.children?.[0];
  const match = first?.type === "text" ? /^\[([ xX])\](?:\s+|$)/.exec(first.content) : null;
  if (!first || !match) return;
  first.content = first.content.slice(match[0].length);
  const checked = match[1] !== " ";
  // The box shows the state; screen readers get it as text (a disabled box has no label to give).
  inline.children!.unshift(
    rawInline(
      state,
      `<input type="checkbox" class="task-list-checkbox" disabled${checked ? " checked" : ""} aria-hidden="true"><span class="sr-only">${checked ? "Done:" : "To do:"}</span> `,
    ),
  );
  const item = tokens[i - 2]!;
  item.attrJoin("class", "task-list-item");
  for (let j = i - 3; j >= 0; j--) {
    const token = tokens[j]!;
    if ((token.type === "bullet_list_open" || token.type === "ordered_list_open") && token.level === item.level - 1) {
      if (!attr(token, "class").includes("contains-task-list")) token.attrJoin("class", "contains-task-list");
      break;
    }
  }
}

/**
 * Inline HTML: simple formatting tags without attributes are kept and balanced within the
 * paragraph, `<img>` goes through the sanitiser, everything else is dropped (its text, being
 * separate text tokens, stays escaped). Links and images get their safety checks here too.
 */
function inlineChildren(state: StateCore, inline: Token, env: DocEnv): void {
  const children = inline.children;
  if (!children) return;
  const open: string[] = [];
  const out: Token[] = [];
  let dropLinkClose = 0;
  for (const child of children) {
    if (child.type === "html_inline") {
      const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)\s*(\/?)>$/.exec(child.content.trim());
      const name = tag?.[2]?.toLowerCase() ?? "";
      let html = "";
      if (tag && inlineVoidTags.has(name)) html = `<${name}>`;
      else if (tag && inlineTags.has(name) && !tag[1] && !tag[3]) {
        open.push(name);
        html = `<${name}>`;
      } else if (tag && inlineTags.has(name) && tag[1]) {
        const at = open.lastIndexOf(name);
        if (at >= 0)
          html = open
            .splice(at)
            .reverse()
            .map((n) => `</${n}>`)
            .join("");
      } else if (/^<img[\s/>]/i.test(child.content)) html = sanitizeHtml(child.content, env.sanitize);
      out.push(rawInline(state, html));
      continue;
    }
    if (child.type === "link_open") {
      const href = attr(child, "href");
      if (!safeUrl(href)) {
        dropLinkClose++;
        continue; // the link's text stays, as text
      }
      if (isExternal(href, env.options.siteUrl)) child.attrSet("rel", "noopener noreferrer");
    } else if (child.type === "link_close" && dropLinkClose > 0) {
      dropLinkClose--;
      continue;
    }
    out.push(child);
  }
  if (open.length)
    out.push(
      rawInline(
        state,
        open
          .reverse()
          .map((n) => `</${n}>`)
          .join(""),
      ),
    );
  inline.children = out;
}

/** Text of an inline token's children (headings, search text). */
function inlineText(inline: Token): string {
  let text = "";
  for (const child of inline.children ?? []) {
    if (child.type === "text" || child.type === "code_inline") text += child.content;
    else if (child.type === "softbreak" || child.type === "hardbreak") text += " ";
    else if (child.type === "image") text += child.children ? inlineText(child) : "";
  }
  return text.replace(/\s+/g, " ").trim();
}

const countWords = (text: string) => (text.match(/\S+/g) ?? []).length;

/** Everything that needs the parsed inline content, in document order. */
function documentRule(state: StateCore): void {
  const env = envOf(state);
  const tokens = state.tokens;
  const slug = createSlugger();
  let lastHeading = "";

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    switch (token.type) {
      case "inline": {
        taskListItem(state, tokens, i);
        inlineChildren(state, token, env);
        const text = inlineText(token);
        if (text) {
          env.textParts.push(text);
          env.proseWords += countWords(text);
        }
        break;
      }
      case "heading_open": {
        const inline = tokens[i + 1]!;
        const close = tokens[i + 2]!;
        if (token.tag === "h1") {
          token.tag = "h2";
          close.tag = "h2";
        }
        const depth = Number(token.tag.slice(1));
        const text = inline.children ? inlineText(inline) : inline.content;
        const id = slug(text);
        token.attrSet("id", id);
        if (depth === 2 || depth === 3) env.headings.push({ depth, id, text });
        lastHeading = text;
        inline.children?.push(
          rawInline(
            state,
            ` <a class="heading-anchor" href="#${escapeHtml(id)}" aria-label="Link to this section"><span aria-hidden="true">#</span></a>`,
          ),
        );
        break;
      }
      case "table_open":
        token.meta = { ...token.meta, label: lastHeading };
        break;
      case "th_open":
      case "td_open": {
        // markdown-it writes alignment as a style attribute, which the CSP (style-src 'self') blocks.
        const align = /text-align:\s*(left|center|right)/.exec(attr(token, "style"))?.[1];
        if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== "style");
        if (align) token.attrJoin("class", `align-${align}`);
        break;
      }
      case "fence":
      case "code_block":
        env.textParts.push(token.content.trim());
        env.codeWords += countWords(token.content);
        break;
      case "html_block": {
        token.content = sanitizeHtml(token.content, env.sanitize);
        token.meta = { ...token.meta, sanitized: true };
        const text = token.content
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim();
        if (text) env.textParts.push(text);
        break;
      }
    }
  }

  // Code tabs: runs of consecutive fences that all have a tab label (two or more).
  const prefix = env.options.idPrefix ?? "doc";
  let groups = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (!isTabFence(tokens[i]!)) continue;
    let end = i;
    while (end + 1 < tokens.length && isTabFence(tokens[end + 1]!)) end++;
    if (end > i) {
      groups++;
      const tabs: CodeTab[] = tokens.slice(i, end + 1).map((fence) => ({ code: fence.content, info: parseFenceInfo(fence.info) }));
      const group = new state.Token("docs_raw", "", 0);
      group.block = true;
      group.content = renderCodeTabs(tabs, slug(`${prefix}-tabs-${groups}`), env.highlight);
      tokens.splice(i, end - i + 1, group); // the loop continues after the group
    }
  }
}

const isTabFence = (token: Token) => token.type === "fence" && /(?:^|\s)tab\s*=/.test(token.info);

// ---------------------------------------------------------------------------------------------
// The markdown-it instance

function createMarkdown(): MarkdownIt {
  const md = markdownIt("default", { html: true, linkify: true, typographer: false, breaks: false });
  // Every URL is checked in the core rule (links) and by docImage (images), with the same
  // scheme allowlist as the sanitiser; markdown-it's own check would leave `[x](javascript:…)`
  // as literal text instead of dropping the link.
  md.validateLink = () => true;
  md.core.ruler.after("block", "docs_callouts", calloutRule);
  md.core.ruler.push("docs_document", documentRule);

  const rules = md.renderer.rules;
  rules.docs_raw = (tokens, idx) => tokens[idx]!.content;
  rules.html_block = (tokens, idx, _options, env) => {
    const token = tokens[idx]!;
    return token.meta?.sanitized ? token.content : sanitizeHtml(token.content, docEnv(env).sanitize);
  };
  // Inline HTML is rewritten into docs_raw tokens by the core rule; anything left is escaped.
  rules.html_inline = (tokens, idx) => escapeText(tokens[idx]!.content);
  rules.fence = (tokens, idx, _options, env) => {
    const token = tokens[idx]!;
    return renderCodeBlock(token.content, parseFenceInfo(token.info), docEnv(env).highlight);
  };
  rules.code_block = (tokens, idx) => renderCodeBlock(tokens[idx]!.content, { language: "", attributes: {} }, null);
  rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const image = docImage(attr(token, "src"), docEnv(env).options);
    if (!image) return escapeText(alt);
    const title = attr(token, "title");
    return (
      `<img src="${escapeHtml(image.src)}"` +
      (image.srcSet ? ` srcset="${escapeHtml(image.srcSet)}" sizes="${escapeHtml(image.sizes ?? imageSizes)}"` : "") +
      ` alt="${escapeHtml(alt)}"` +
      (title ? ` title="${escapeHtml(title)}"` : "") +
      (image.width && image.height ? ` width="${image.width}" height="${image.height}"` : "") +
      ` loading="lazy" decoding="async">`
    );
  };
  rules.blockquote_open = (tokens, idx, options, _env, self) => {
    const kind = tokens[idx]!.meta?.callout as CalloutKind | undefined;
    return kind ? `<aside class="callout callout-${kind}" role="note">\n` : self.renderToken(tokens, idx, options);
  };
  rules.blockquote_close = (tokens, idx, options, _env, self) =>
    tokens[idx]!.meta?.callout ? "</aside>\n" : self.renderToken(tokens, idx, options);
  rules.table_open = (tokens, idx) => {
    const label = (tokens[idx]!.meta?.label as string | undefined) || "Table";
    // A focusable, named region: wide tables scroll sideways inside it (keyboard users too).
    return `<div class="table-scroll" role="region" tabindex="0" aria-label="${escapeHtml(label)}"><table>\n`;
  };
  rules.table_close = () => "</table></div>\n";
  return md;
}

let markdown: MarkdownIt | undefined;

/**
 * Shiki and its grammars (about 100 kB gzip, ~35 ms to evaluate) are imported on the first
 * render, not when the worker starts: every other route's cold start stays as it was.
 */
let highlighter: Promise<Highlighter | null> | undefined;
function loadHighlighter(): Promise<Highlighter | null> {
  highlighter ??= import("./highlight.server").then(
    (module) => module.highlight,
    (error: unknown) => {
      console.warn("syntax highlighting unavailable:", error);
      highlighter = undefined; // try again next time
      return null;
    },
  );
  return highlighter;
}

/** Markdown to HTML for documentation pages. Never throws. */
export async function renderMarkdown(source: string, options: RenderOptions): Promise<RenderedDoc> {
  return renderMarkdownWith(source, options, await loadHighlighter());
}

/** The synchronous core of `renderMarkdown`, with the highlighter passed in (null: plain code). */
function renderMarkdownWith(source: string, options: RenderOptions, highlight: Highlighter | null): RenderedDoc {
  const env: DocEnv = {
    options,
    highlight,
    sanitize: {
      siteOrigin: options.siteUrl,
      image: (src) => {
        const image = docImage(src, options);
        return image ? { src: image.src, ...(image.srcSet ? { srcSet: image.srcSet, sizes: image.sizes } : {}) } : null;
      },
    },
    headings: [],
    textParts: [],
    proseWords: 0,
    codeWords: 0,
  };
  const input = typeof source === "string" ? source : "";
  try {
    markdown ??= createMarkdown();
    const html = markdown.render(input, env as unknown as Record<string, unknown>);
    return {
      html,
      headings: env.headings,
      text: env.textParts.join("\n"),
      words: env.proseWords,
      readingMinutes: readingMinutes(env.proseWords, env.codeWords),
    };
  } catch (error) {
    console.warn("markdown rendering failed, showing the source as text:", error);
    const paragraphs = input.split(/\n{2,}/).filter((p) => p.trim());
    const words = countWords(input);
    return {
      html: paragraphs.map((p) => `<p>${escapeText(p.trim())}</p>`).join("\n"),
      headings: [],
      text: input,
      words,
      readingMinutes: readingMinutes(words, 0),
    };
  }
}

/** About 200 words a minute of prose; code is read at half that pace but counted half. */
export function readingMinutes(proseWords: number, codeWords = 0): number {
  return Math.max(1, Math.round((proseWords + codeWords / 2) / 200));
}
