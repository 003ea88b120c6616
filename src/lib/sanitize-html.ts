/**
 * A small allowlist HTML sanitiser for CMS rich text (blog bodies, author bios). No DOM and no
 * dependency, so the server (workerd) and the browser run the same code and produce the same
 * string, which the views render with dangerouslySetInnerHTML.
 *
 * How it stays safe: the input is tokenised, and the output is *re-serialised* from the tokens,
 * never copied. Only allowlisted elements are written, with allowlisted attributes whose values
 * are escaped (URLs checked after entity decoding); text is escaped; comments, doctypes and
 * processing instructions are dropped; script-like elements are dropped with their content;
 * every other element is unwrapped (its text kept). Open elements are closed in order, so the
 * output is well-formed whatever the input.
 */

export interface SanitizedImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

export interface SanitizeOptions {
  /**
   * Decides about an `<img>` (its src, entity-decoded and checked to be http(s) or relative):
   * return the URLs to render (through /_next/image) or null to drop it. Without this option
   * every image is dropped.
   */
  image?: (src: string) => SanitizedImage | null;
  /** Origin of the site: links elsewhere get rel="noopener noreferrer". */
  siteOrigin?: string;
}

/** Elements written as they are (or renamed), with the attributes each may keep. */
const allowedElements: Record<string, string> = {
  p: "p",
  h1: "h2", // the page owns the only h1
  h2: "h2",
  h3: "h3",
  h4: "h4",
  h5: "h4",
  h6: "h4",
  ul: "ul",
  ol: "ol",
  li: "li",
  strong: "strong",
  b: "strong",
  em: "em",
  i: "em",
  a: "a",
  code: "code",
  pre: "pre",
  blockquote: "blockquote",
  hr: "hr",
  br: "br",
  img: "img",
  table: "table",
  caption: "caption",
  thead: "thead",
  tbody: "tbody",
  tfoot: "tfoot",
  tr: "tr",
  th: "th",
  td: "td",
};

const voidElements = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
  "keygen",
  "frame",
]);

/** Their content is raw text to a browser: skipped up to the matching end tag. */
const rawTextElements = new Set(["script", "style", "iframe", "noscript", "noembed", "noframes", "xmp", "textarea", "title"]);

/** Dropped with everything inside them (nesting of the same name counted). */
const droppedWithContent = new Set([
  "svg",
  "math",
  "template",
  "object",
  "applet",
  "select",
  "button",
  "form",
  "head",
  "frameset",
  "audio",
  "video",
  "picture",
  "canvas",
  "map",
  "dialog",
]);

/** Starting one of these closes an open paragraph, as a browser's parser would. */
const closesParagraph = new Set(["p", "h2", "h3", "h4", "ul", "ol", "pre", "blockquote", "hr", "table"]);

/**
 * Real rich text nests a few levels and sets a few attributes; crafted input can do either without
 * bound. Past these limits start tags are unwrapped (their text kept) and attributes ignored, so the
 * output's depth and the work per tag stay bounded. The depth is far above real content and still
 * lets 2,000-level documents round-trip unchanged.
 */
const maxOpenElements = 4096;
const maxAttributes = 64;

/** Patterns that find the end of a raw-text element and the tags of a dropped subtree, built once. */
const rawTextEnds = new Map([...rawTextElements].map((name) => [name, new RegExp(`</${name}[\\s/>]`, "ig")]));
const subtreeTags = new Map([...droppedWithContent].map((name) => [name, new RegExp(`<(/?)${name}(?=[\\s/>])`, "ig")]));

const safeSchemes = new Set(["http:", "https:", "mailto:"]);
const relativeBase = "https://relative.invalid/";

interface Tag {
  name: string;
  attributes: [string, string][];
  end: boolean;
}

interface OpenElement {
  /** Name in the source (matches its end tag). */
  source: string;
  /** Name written, or null when unwrapped. */
  output: string | null;
  /** Stack index of the nearest open element below with the same source name, or -1. */
  belowSource: number;
  /** Stack index of the nearest open element below with the same written name, or -1. */
  belowOutput: number;
}

/** An own property only: element and entity names come from the input, and may be "constructor". */
function lookup(record: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function sanitizeHtml(html: string | null | undefined, options: SanitizeOptions = {}): string {
  if (!html) return "";
  const input = String(html);
  const out: string[] = [];
  // The open elements, innermost last. Crafted input can make the stack as deep as the input is
  // long, so it is never scanned: each name maps to the stack index of its innermost open element,
  // and each element links to the next one below with its name.
  const stack: OpenElement[] = [];
  const innermostSource = new Map<string, number>();
  const innermostOutput = new Map<string, number>();
  let depth = 0; // open elements written to the output
  let i = 0;

  const innermost = (names: Map<string, number>, name: string) => names.get(name) ?? -1;
  const open = (source: string, output: string | null) => {
    const index = stack.length;
    const belowOutput = output ? innermost(innermostOutput, output) : -1;
    stack.push({ source, output, belowSource: innermost(innermostSource, source), belowOutput });
    innermostSource.set(source, index);
    if (output) {
      innermostOutput.set(output, index);
      depth += 1;
    }
  };
  const closeTo = (index: number) => {
    while (stack.length > index) {
      const element = stack.pop()!;
      innermostSource.set(element.source, element.belowSource);
      if (element.output) {
        innermostOutput.set(element.output, element.belowOutput);
        depth -= 1;
        out.push(`</${element.output}>`);
      }
    }
  };

  while (i < input.length) {
    const lt = input.indexOf("<", i);
    if (lt === -1) {
      out.push(escapeText(input.slice(i)));
      break;
    }
    if (lt > i) out.push(escapeText(input.slice(i, lt)));
    i = lt;

    // Comments, doctypes, CDATA and processing instructions: dropped.
    if (input.startsWith("<!--", i)) {
      const end = input.indexOf("-->", i + 4);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    const next = input[i + 1] ?? "";
    if (next === "!" || next === "?") {
      const end = input.indexOf(">", i + 2);
      i = end === -1 ? input.length : end + 1;
      continue;
    }
    const isEnd = next === "/";
    if (isEnd && input[i + 2] === ">") {
      i += 3; // `</>` is ignored by browsers
      continue;
    }
    if (!/[a-zA-Z]/.test(input[isEnd ? i + 2 : i + 1] ?? "")) {
      out.push("&lt;");
      i += 1;
      continue;
    }

    const parsed = parseTag(input, i, isEnd);
    if (!parsed) break; // an unfinished tag at the end is dropped, as browsers do
    const { tag, next: after } = parsed;
    i = after;

    if (!tag.end && tag.name === "plaintext") break;
    if (!tag.end && rawTextElements.has(tag.name)) {
      i = skipRawText(input, i, tag.name);
      continue;
    }
    if (!tag.end && droppedWithContent.has(tag.name)) {
      if (!voidElements.has(tag.name)) i = skipSubtree(input, i, tag.name);
      continue;
    }

    const output = lookup(allowedElements, tag.name);
    if (tag.end) {
      const index = innermost(innermostSource, tag.name);
      if (index !== -1) closeTo(index);
      continue;
    }

    if (output && closesParagraph.has(output)) {
      // A block start closes an open paragraph (a browser's "p in button scope"): the innermost p,
      // unless a table, cell or caption was opened inside it.
      const paragraph = innermost(innermostOutput, "p");
      const scope = Math.max(
        innermost(innermostOutput, "table"),
        innermost(innermostOutput, "td"),
        innermost(innermostOutput, "th"),
        innermost(innermostOutput, "caption"),
      );
      if (paragraph > scope) closeTo(paragraph);
    }
    if (output === "li") {
      const item = innermost(innermostOutput, "li");
      if (item > Math.max(innermost(innermostOutput, "ul"), innermost(innermostOutput, "ol"))) closeTo(item);
    }

    if (!output) {
      if (!voidElements.has(tag.name)) open(tag.name, null);
      continue;
    }
    const isVoid = voidElements.has(output);
    if (!isVoid && depth >= maxOpenElements) {
      open(tag.name, null); // unwrapped; its end tag still closes it
      continue;
    }
    const attributes = output === "img" ? imageAttributes(tag, options) : allowedAttributes(output, tag, options);
    if (attributes === null) {
      // A link without a safe href is unwrapped; an image without a safe source dropped.
      if (output === "a") open(tag.name, null);
      continue;
    }
    out.push(`<${output}${attributes}>`);
    if (!isVoid) open(tag.name, output);
  }
  closeTo(0);
  return out.join("");
}

/** Sticky patterns for the tag tokeniser: each matches at one index, possibly nothing. */
const tagNameChars = /[^\s/>]*/y;
const attributeSeparators = /[\s/]*/y;
// A leading '=' belongs to the name; then up to whitespace, '/', '>' or '='.
const attributeNameChars = /[\s\S][^\s/>=]*/y;
const whitespace = /\s*/y;
const unquotedValueChars = /[^\s>]*/y;

/** Index after what `pattern` (sticky) matches at `at`. */
function skip(pattern: RegExp, input: string, at: number): number {
  pattern.lastIndex = at;
  pattern.test(input);
  return pattern.lastIndex;
}

/** Tokenises one start or end tag from `<` at `start`, attributes as a browser reads them. */
function parseTag(input: string, start: number, end: boolean): { tag: Tag; next: number } | null {
  let i = start + (end ? 2 : 1);
  const nameEnd = skip(tagNameChars, input, i);
  const name = input.slice(i, nameEnd);
  i = nameEnd;
  const attributes: [string, string][] = [];
  // The first of duplicate attributes wins, as in browsers.
  const seen = new Set<string>();
  while (i < input.length) {
    i = skip(attributeSeparators, input, i);
    if (i >= input.length) break;
    if (input[i] === ">") return { tag: { name: name.toLowerCase(), attributes, end }, next: i + 1 };
    const attrNameEnd = skip(attributeNameChars, input, i);
    const attrStart = i;
    i = skip(whitespace, input, attrNameEnd);
    let value = "";
    if (input[i] === "=") {
      i = skip(whitespace, input, i + 1);
      const quote = input[i];
      if (quote === '"' || quote === "'") {
        const close = input.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = input.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueEnd = skip(unquotedValueChars, input, i);
        value = input.slice(i, valueEnd);
        i = valueEnd;
      }
    }
    if (attributes.length < maxAttributes) {
      const attrName = input.slice(attrStart, attrNameEnd).toLowerCase();
      if (!seen.has(attrName)) {
        seen.add(attrName);
        attributes.push([attrName, value]);
      }
    }
  }
  return null;
}

/** Index after the end tag closing a raw-text element (or the end of the input). */
function skipRawText(input: string, from: number, name: string): number {
  const pattern = rawTextEnds.get(name)!;
  pattern.lastIndex = from;
  const match = pattern.exec(input);
  if (!match) return input.length;
  const close = input.indexOf(">", match.index);
  return close === -1 ? input.length : close + 1;
}

/** Index after the end tag matching an element dropped with its content, nesting counted. */
function skipSubtree(input: string, from: number, name: string): number {
  const pattern = subtreeTags.get(name)!;
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(input); match; match = pattern.exec(input)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      const close = input.indexOf(">", match.index);
      return close === -1 ? input.length : close + 1;
    }
  }
  return input.length;
}

function allowedAttributes(element: string, tag: Tag, options: SanitizeOptions): string | null {
  const get = (name: string) => tag.attributes.find(([key]) => key === name)?.[1];
  const parts: string[] = [];
  switch (element) {
    case "a": {
      const url = safeUrl(get("href"));
      if (!url) return null;
      parts.push(attr("href", url.value));
      const title = get("title");
      if (title) parts.push(attr("title", title, true));
      if (url.external && isExternal(url.resolved, options.siteOrigin)) parts.push(attr("rel", "noopener noreferrer"));
      break;
    }
    case "code": {
      const language = /\blanguage-[\w+#-]{1,30}\b/.exec(decodeEntities(get("class") ?? ""))?.[0];
      if (language) parts.push(attr("class", language));
      break;
    }
    case "ol": {
      const start = get("start");
      if (start && /^\s*-?\d{1,6}\s*$/.test(start)) parts.push(attr("start", String(Number(start))));
      break;
    }
    case "th":
    case "td": {
      for (const name of ["colspan", "rowspan"]) {
        const value = get(name);
        if (value && /^\s*\d{1,3}\s*$/.test(value) && Number(value) >= 1) parts.push(attr(name, String(Number(value))));
      }
      const scope = get("scope")?.trim().toLowerCase();
      if (element === "th" && scope && ["row", "col", "rowgroup", "colgroup"].includes(scope)) parts.push(attr("scope", scope));
      break;
    }
  }
  return parts.join("");
}

function imageAttributes(tag: Tag, options: SanitizeOptions): string | null {
  const get = (name: string) => tag.attributes.find(([key]) => key === name)?.[1];
  const url = safeUrl(get("src"));
  if (!url || !options.image || url.resolved.startsWith("mailto:")) return null;
  const image = options.image(url.external ? url.resolved : url.value);
  if (!image) return null;
  const parts = [attr("src", image.src)];
  if (image.srcSet) parts.push(attr("srcset", image.srcSet));
  if (image.sizes) parts.push(attr("sizes", image.sizes));
  parts.push(attr("alt", get("alt") ?? "", true));
  for (const name of ["width", "height"]) {
    const value = get(name);
    if (value && /^\s*\d{1,5}\s*$/.test(value)) parts.push(attr(name, String(Number(value))));
  }
  parts.push(attr("loading", "lazy"), attr("decoding", "async"));
  return parts.join("");
}

/**
 * A URL attribute after entity decoding: only http, https and mailto, or relative. Control
 * characters anywhere make it unsafe; tabs and newlines are removed as browsers do.
 */
export function safeUrl(raw: string | undefined): { value: string; resolved: string; external: boolean } | null {
  if (raw === undefined) return null;
  const value = decodeEntities(raw)
    .replace(/[\t\n\r]/g, "")
    .trim();
  if (!value || /[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, relativeBase);
  } catch {
    return null;
  }
  if (!safeSchemes.has(url.protocol)) return null;
  const external = !url.href.startsWith(relativeBase);
  return { value, resolved: url.href, external };
}

function isExternal(href: string, siteOrigin: string | undefined): boolean {
  if (href.startsWith("mailto:")) return false;
  if (!siteOrigin) return true;
  try {
    return new URL(href).origin !== new URL(siteOrigin).origin;
  } catch {
    return true;
  }
}

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  colon: ":",
  sol: "/",
  bsol: "\\",
  tab: "\t",
  newline: "\n",
  lpar: "(",
  rpar: ")",
  period: ".",
  comma: ",",
  num: "#",
  excl: "!",
  quest: "?",
  equals: "=",
  percnt: "%",
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

/** Decodes character references (numeric, and the named ones that matter for URLs). */
export function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g, (match, dec, hex, name) => {
    if (dec || hex) {
      const code = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex, 16);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
      return String.fromCodePoint(code);
    }
    return lookup(namedEntities, (name as string).toLowerCase()) ?? match;
  });
}

const textEscapes = /&(?:#\d{1,8}|#[xX][0-9a-fA-F]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});|[&<>]/g;
const escapedCharacters: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Escapes text; well-formed character references are kept (they only ever decode to text). */
function escapeText(text: string): string {
  return text.replace(textEscapes, (match) => escapedCharacters[match] ?? match);
}

function attr(name: string, value: string, keepReferences = false): string {
  const escaped = (keepReferences ? escapeText(value) : value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"))
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
  return ` ${name}="${escaped}"`;
}
