import { useState } from "react";
import { t } from "../../../i18n";
import { aiToolsDocsPath, mcpPath, mcpServerKey } from "../../../config/mcp";
import { copyText } from "./useDocBehaviours";

/**
 * What a reader can do with a docs or API page besides reading it: copy or view it as Markdown,
 * open it in ChatGPT or Claude with a prompt naming its address, connect an AI tool to the
 * site's MCP server. Everything but the two copy buttons is a plain link or a native
 * disclosure, so it works without JavaScript; the buttons need React, which loads at the first
 * tap like every island (decision 012): the page ships no script for them on first load.
 */

/** The MCP configuration most clients read (Claude Desktop, Cursor; VS Code names the key `servers`). */
const mcpConfiguration = (mcpUrl: string) => JSON.stringify({ mcpServers: { [mcpServerKey]: { url: mcpUrl } } }, null, 2);

const chatGptUrl = (prompt: string) => `https://chatgpt.com/?${new URLSearchParams({ q: prompt })}`;
const claudeUrl = (prompt: string) => `https://claude.ai/new?${new URLSearchParams({ q: prompt })}`;

const action =
  "border-line hover:border-ink-subtle text-ink-muted hover:text-ink inline-flex min-h-9 items-center gap-1.5 rounded-lg border px-3 text-sm";

function CopyButton({ label, copy }: { label: string; copy: () => Promise<boolean> }) {
  const [copied, setCopied] = useState(false);
  const onClick = async () => {
    if (!(await copy())) return;
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <button type="button" onClick={onClick} className={action} aria-live="polite">
      {copied ? t("docs.copied") : label}
    </button>
  );
}

const External = () => (
  <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0">
    <path
      d="M6 3h7v7M13 3L6 10M11 13H3V5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

export function PageActions({ pageUrl, markdownHref }: { pageUrl: string; markdownHref: string }) {
  const prompt = t("docs.ai_prompt", { url: pageUrl });
  const mcpUrl = new URL(mcpPath, pageUrl).toString();
  const configuration = mcpConfiguration(mcpUrl);
  const copyMarkdown = async () => {
    const response = await fetch(markdownHref, { headers: { Accept: "text/markdown" } }).catch(() => null);
    if (response?.ok && (await copyText(await response.text()))) return true;
    window.location.assign(markdownHref); // no clipboard: show the Markdown instead
    return false;
  };
  return (
    <div className="flex flex-wrap items-start gap-2 print:hidden">
      <CopyButton label={t("docs.copy_markdown")} copy={copyMarkdown} />
      <a href={markdownHref} className={action}>
        {t("docs.view_markdown")}
      </a>
      <a href={chatGptUrl(prompt)} target="_blank" rel="noopener noreferrer" className={action}>
        {t("docs.open_in_chatgpt")}
        <External />
        <span className="sr-only"> {t("docs.new_tab")}</span>
      </a>
      <a href={claudeUrl(prompt)} target="_blank" rel="noopener noreferrer" className={action}>
        {t("docs.open_in_claude")}
        <External />
        <span className="sr-only"> {t("docs.new_tab")}</span>
      </a>
      <details className="group sm:relative">
        <summary className={`${action} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          {t("docs.connect_ai")}
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0 transition-transform group-open:rotate-180">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </summary>
        <div className="border-line bg-surface mt-2 w-[min(24rem,calc(100vw-2.5rem))] rounded-xl border p-4 text-sm shadow-lg sm:absolute sm:right-0 sm:z-20">
          <p className="text-ink-muted">{t("docs.mcp_intro")}</p>
          <pre className="bg-surface-muted mt-3 overflow-x-auto rounded-lg p-3 font-mono text-xs">
            <code>{configuration}</code>
          </pre>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <CopyButton label={t("docs.copy_mcp")} copy={() => copyText(configuration)} />
            <a href={aiToolsDocsPath} className="text-accent underline underline-offset-4">
              {t("docs.mcp_setup")}
            </a>
          </div>
        </div>
      </details>
    </div>
  );
}
