/**
 * Typography for sanitised CMS rich text (article bodies, author bios): Tailwind utilities
 * with arbitrary variants on the container, so the styles live next to the only place that
 * uses them. The HTML must come from sanitizeHtml (src/lib/sanitize-html.ts), which the
 * loaders run identically on the server and in the browser.
 */
const proseClasses = [
  "text-ink text-[1.0625rem] leading-[1.75] break-words",
  "[&>*]:mt-6 [&>:first-child]:mt-0",
  // Headings
  "[&_h2]:mt-12 [&_h2]:text-[1.625rem] [&_h2]:leading-tight [&_h2]:font-semibold [&_h2]:tracking-tight md:[&_h2]:text-[1.875rem]",
  "[&_h3]:mt-10 [&_h3]:text-xl [&_h3]:leading-snug [&_h3]:font-semibold [&_h3]:tracking-tight",
  "[&_h4]:mt-8 [&_h4]:text-lg [&_h4]:font-semibold",
  "[&_h2+*]:mt-4 [&_h3+*]:mt-3 [&_h4+*]:mt-2",
  // Inline
  "[&_strong]:text-ink [&_strong]:font-semibold",
  "[&_a]:text-accent [&_a]:underline [&_a]:decoration-1 [&_a]:underline-offset-[3px] [&_a:hover]:decoration-2",
  "[&_:not(pre)>code]:bg-surface-sunken [&_:not(pre)>code]:rounded [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.875em]",
  "[&_code]:font-mono",
  // Lists
  "[&_ul:not(.contains-task-list)]:list-disc [&_ol]:list-decimal [&_ul:not(.contains-task-list)]:pl-6 [&_ol]:pl-6",
  "[&_li]:mt-2 [&_li]:pl-1.5 [&_li::marker]:text-ink-subtle [&_li>ul]:mt-2 [&_li>ol]:mt-2",
  // Blocks
  "[&_blockquote]:border-accent [&_blockquote]:text-ink-muted [&_blockquote]:border-l-2 [&_blockquote]:pl-5 [&_blockquote]:text-[1.125rem]",
  "[&_blockquote>*+*]:mt-4",
  "[&_hr]:border-line [&_hr]:my-12",
].join(" ");

/** Plain code blocks, images and tables of CMS rich text (the Markdown renderer's HTML has its own: src/render/markdown/markdown.css). */
const richTextMediaClasses = [
  "[&_pre]:border-line [&_pre]:bg-surface-muted [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:border [&_pre]:px-5 [&_pre]:py-4 [&_pre]:text-[0.875rem] [&_pre]:leading-relaxed",
  "[&_img]:border-line [&_img]:h-auto [&_img]:w-full [&_img]:rounded-xl [&_img]:border",
  // Tables: scroll sideways on small screens rather than squeeze.
  "[&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-[0.9375rem]",
  "[&_caption]:text-ink-subtle [&_caption]:mb-2 [&_caption]:text-left [&_caption]:text-sm",
  "[&_th]:border-line-strong [&_th]:border-b [&_th]:py-2.5 [&_th]:pr-6 [&_th]:text-left [&_th]:align-bottom [&_th]:font-semibold",
  "[&_td]:border-line [&_td]:border-b [&_td]:py-2.5 [&_td]:pr-6 [&_td]:align-top",
].join(" ");

/**
 * Code blocks and tables scroll sideways here, and a scrolling region must be reachable by keyboard.
 * The sanitiser writes both start tags bare, so the exact tags are all there is to match.
 */
const withFocusableScrollers = (html: string) =>
  html.replaceAll("<pre>", '<pre tabindex="0">').replaceAll("<table>", '<table tabindex="0">');

export function Prose({ html, className = "", media = true }: { html: string; className?: string; media?: boolean }) {
  return (
    <div
      className={`${proseClasses} ${media ? richTextMediaClasses : ""} ${className}`}
      dangerouslySetInnerHTML={{ __html: media ? withFocusableScrollers(html) : html }}
    />
  );
}
