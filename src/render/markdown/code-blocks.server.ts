/**
 * Fenced code blocks and code tabs.
 *
 * Info string: the language, then optional attributes, e.g. ```` ```python title="train.py" ````.
 * Consecutive fences that each have a `tab="Label"` attribute form one tab group (a single fence
 * with a tab label is an ordinary block). A group works without JavaScript: one radio input per
 * tab (arrow keys switch between them, screen readers announce "radio button, Python, 2 of 3"),
 * each followed by its label and its panel; CSS shows the panel after the checked input. A script
 * may upgrade the group to the ARIA tabs pattern later (`data-code-tabs`, `data-tab-label`).
 *
 * Every block has a copy button that stays `hidden` until a script gives it its behaviour.
 */
import { escapeHtml, escapeText } from "../../lib/html-text";
import { languageLabel } from "./languages";

/** Highlighted HTML of the code, or null to show it as plain text (see highlight.server.ts). */
export type Highlighter = (code: string, language: string) => string | null;

export interface FenceInfo {
  /** Lower-case language, "" when none. */
  language: string;
  attributes: Record<string, string>;
}

const attributePattern = /([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;

/** Parses ```` ```ts tab="TypeScript" title='client.ts' ````. */
export function parseFenceInfo(info: string): FenceInfo {
  const trimmed = info.trim();
  const match = /^([^\s=]+)(?=\s|$)/.exec(trimmed);
  const language = match
    ? match[1]!
        .replace(/^\{?\.?/, "")
        .replace(/\}$/, "")
        .toLowerCase()
    : "";
  const rest = match ? trimmed.slice(match[0].length) : trimmed;
  const attributes: Record<string, string> = {};
  for (const [, name, double, single, bare] of rest.matchAll(attributePattern)) {
    attributes[name!.toLowerCase()] = (double ?? single ?? bare ?? "").trim();
  }
  return { language, attributes };
}

/** A class-safe form of a language name (`c++` → `c--`). */
const languageClass = (language: string) => language.replace(/[^a-z0-9_-]/g, "-").slice(0, 40);

/** One code block: header (title and/or language), copy button, highlighted or escaped code. */
export function renderCodeBlock(code: string, info: FenceInfo, highlight: Highlighter | null): string {
  const source = code.endsWith("\n") ? code.slice(0, -1) : code;
  const language = info.language;
  const highlighted = language && highlight ? highlight(source, language) : null;
  const body = highlighted ?? escapeText(source);
  const label = language ? languageLabel(language) : null;
  const title = info.attributes.title;
  const header =
    title || label
      ? `<div class="code-header">${title ? `<span class="code-title">${escapeHtml(title)}</span>` : ""}${label ? `<span class="code-lang">${label}</span>` : ""}</div>`
      : "";
  const dataLang = language ? ` data-lang="${languageClass(language)}"` : "";
  const codeClass = language ? ` class="language-${languageClass(language)}"` : "";
  const preClass = highlighted ? "code hl" : "code";
  // tabindex: a block that scrolls sideways must be reachable with the keyboard.
  return (
    `<div class="code-block"${dataLang}>${header}` +
    `<button type="button" class="code-copy" data-copy hidden>Copy</button>` +
    `<pre class="${preClass}" tabindex="0"><code${codeClass}>${body}</code></pre></div>\n`
  );
}

export interface CodeTab {
  code: string;
  info: FenceInfo;
}

/**
 * A tab group. `groupId` must be unique in the page; radio ids are `<groupId>-<index>`. The first
 * tab is checked.
 */
export function renderCodeTabs(tabs: readonly CodeTab[], groupId: string, highlight: Highlighter | null): string {
  const labels = tabs.map((tab) => tab.info.attributes.tab ?? "");
  const parts = tabs.map((tab, index) => {
    const id = `${groupId}-${index}`;
    const label = escapeHtml(labels[index]!);
    return (
      `<input type="radio" class="code-tab-input" name="${groupId}" id="${id}"${index === 0 ? " checked" : ""}>` +
      `<label class="code-tab-label" for="${id}" data-tab-label>${label}</label>` +
      `<div class="code-tab-panel">${renderCodeBlock(tab.code, tab.info, highlight)}</div>`
    );
  });
  const name = `Code samples: ${labels.map(escapeHtml).join(", ")}`;
  return `<div class="code-tabs" role="group" aria-label="${name}" data-code-tabs>${parts.join("")}</div>\n`;
}
