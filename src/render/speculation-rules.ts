import { serializeForScript } from "./serialize";

/**
 * Speculation Rules: the browser fetches the next page of the site as soon as the visitor shows
 * intent for a link (hover, pointer or finger down: `moderate`), before any of the site's own
 * JavaScript has loaded, so a tap on a page that has not started its app is a plain navigation
 * with a head start. Only documents of this origin: never API routes, the image route, files
 * (anything with a dot: feeds, Markdown, sitemaps) or links that leave the page's normal flow.
 * Prefetch, not prerender: a prerendered page would run its scripts (analytics) unseen.
 * Editors' previews carry no rules: a draft changes under the editor's hands.
 */
const speculationRules = {
  prefetch: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/api/*" } },
          { not: { href_matches: "/_next/*" } },
          { not: { href_matches: "/cdn-cgi/*" } },
          { not: { href_matches: "/*.*" } },
          { not: { selector_matches: "[download], [target='_blank'], [rel~='external'], [rel~='nofollow'], [data-needs-app]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
} as const;

const rulesJson = serializeForScript(speculationRules);

/** The rules as a script tag (the CSP nonce applies to speculation rules too). */
export const speculationRulesTag = (nonce: string): string => `<script type="speculationrules" nonce="${nonce}">${rulesJson}</script>`;
