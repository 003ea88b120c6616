/**
 * Whether a request's `Accept` prefers Markdown to HTML: `text/markdown` named with a higher
 * quality than HTML gets, or the same quality when HTML is reached only through a wildcard
 * (`text/markdown, *\/*`). A browser's usual header (`text/html,…,*\/*;q=0.8`) names no Markdown,
 * `*\/*` alone counts for HTML only (a client that takes anything gets the page), and a tie
 * between the two named types keeps HTML, the default.
 */
export function prefersMarkdown(accept: string | null | undefined): boolean {
  if (!accept?.toLowerCase().includes("text/markdown")) return false;
  let markdown = 0;
  let html = 0;
  let htmlNamed = false;
  let htmlSpecificity = -1;
  for (const item of accept.toLowerCase().split(",")) {
    const [range = "", ...params] = item.split(";").map((part) => part.trim());
    const qParam = params.find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (range === "text/markdown") markdown = Math.max(markdown, q);
    // The most specific range that covers HTML decides its quality (RFC 9110, 12.5.1).
    const specificity = range === "text/html" ? 2 : range === "text/*" ? 1 : range === "*/*" ? 0 : -1;
    if (specificity > htmlSpecificity) {
      htmlSpecificity = specificity;
      html = q;
      htmlNamed = specificity === 2;
    }
  }
  return markdown > 0 && (markdown > html || (markdown === html && !htmlNamed));
}
