// What a question is matched against: the docs split at their h2/h3 headings, one passage per
// API operation (every version, labelled) and one per changelog entry. They are the site
// search's own documents (the same splitting and heading ids as the rendered pages), so a
// citation links to an anchor that exists.
import type { SearchDocument } from "../search";

type PassageKind = "guide" | "api" | "changelog";

export interface Passage {
  /** URL with its anchor: `/docs/kubernetes/autoscaling#enable-node-pool-autoscaling`. */
  id: string;
  /** The heading (or the page title for the text before the first heading). */
  title: string;
  /** Where it sits: the page title, or the API reference and tag, or "Changelog". */
  context: string;
  kind: PassageKind;
  /** An earlier API version's name (`v1`); absent for the latest and for everything else. */
  version?: string;
  /** Not quotable (a page's description is shown above its text, not in it) but searchable. */
  description?: string;
  /** The passage's text: what answers quote, verbatim. */
  text: string;
}

const passageKind = (url: string): PassageKind =>
  url === "/docs/api" || url.startsWith("/docs/api/") ? "api" : url.startsWith("/changelog/") ? "changelog" : "guide";

/** Callout markers (`[!TIP]`) are the renderer's syntax, not words a reader sees. */
const cleanText = (text: string) =>
  text
    .replace(/\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]\s*/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** The passages of the site search's documents: docs sections, API operations, changelog entries. */
export function passagesFrom(documents: Iterable<SearchDocument>): Passage[] {
  const passages: Passage[] = [];
  const seen = new Set<string>();
  for (const document of documents) {
    if (document.kind !== "doc" || !document.url || !document.title || seen.has(document.url)) continue;
    seen.add(document.url);
    const kind = passageKind(document.url);
    const version = kind === "api" && document.version && !document.version.latest ? document.version.name : undefined;
    const text = cleanText(document.body ?? "");
    const intro = kind === "guide" && !document.url.includes("#");
    passages.push({
      id: document.url,
      title: version ? `${document.title} (API ${version})` : document.title,
      context: kind === "changelog" ? "Changelog" : intro ? document.title : (document.section ?? document.title),
      kind,
      ...(version ? { version } : {}),
      ...(document.description && kind !== "api" ? { description: cleanText(document.description) } : {}),
      text,
    });
  }
  return passages;
}
