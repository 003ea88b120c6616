import { workerOnlyPrefixes } from "../router/worker-only";
import { shownInPlaceAttribute } from "../ui/navigation";
import { nonceAttribute, serializeForScript } from "./serialize";

/** Documents of this origin only: never API routes, the image route, files (anything with a dot: feeds, Markdown, sitemaps), links that leave the page's normal flow, or links whose page the boot script holds to show in place. */
const sameSiteDocuments = [
  { href_matches: "/*" },
  ...workerOnlyPrefixes.map((prefix) => ({ not: { href_matches: `${prefix}*` } })),
  { not: { href_matches: "/*.*" } },
  {
    not: {
      selector_matches: `[download], [target='_blank'], [rel~='external'], [rel~='nofollow'], [data-needs-app], [${shownInPlaceAttribute}]`,
    },
  },
];

/**
 * Speculation Rules: the browser fetches the next page of the site as soon as the visitor shows
 * intent for a link (hover, pointer or finger down: `moderate`), before any of the site's own
 * JavaScript has loaded, so a tap on a page that has not started its app is a plain navigation
 * with a head start (on a phone the boot script adds the first links in view: `src/client/boot.ts`).
 * Chromium makes none of them for a visitor saving data or battery.
 * Prefetch, not prerender: a prerendered page would run its scripts (analytics) unseen.
 * Editors' previews carry no rules: a draft changes under the editor's hands.
 */
const speculationRules = {
  prefetch: [{ source: "document", where: { and: sameSiteDocuments }, eagerness: "moderate" }],
} as const;

/** The rules' JSON as the page's script element holds it (public pages' CSP names its hash). */
export const speculationRulesJson = serializeForScript(speculationRules);

/** The rules as a script tag (a nonce applies to speculation rules too; a policy of hashes names their SHA-256). */
export const speculationRulesTag = (nonce: string): string =>
  `<script type="speculationrules"${nonceAttribute(nonce)}>${speculationRulesJson}</script>`;
