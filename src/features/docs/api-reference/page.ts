import { defineOperation } from "../../../content/operation";
import type { DocHeading } from "../../../render/markdown/heading";
import type { ApiNavigation, ApiNavOperation, ApiOperation } from "./types";
import type { ApiVersionLink } from "./versions";

/**
 * One page of the API reference as the view gets it: the document's processed parts for that
 * page, its Markdown already rendered to HTML and its code samples generated and highlighted on
 * the server (page.server.ts), so the browser never sees OpenAPI or Markdown.
 */
export type ApiPageData = ApiPageCommon &
  (
    | { kind: "overview"; html: string; headings: DocHeading[] }
    | { kind: "tag"; tag: { name: string; slug: string; href: string; html: string }; operations: (ApiNavOperation & { href: string })[] }
    | {
        kind: "operation";
        operation: Omit<ApiOperation, "description" | "codeSamples">;
        /** The operation's share card (a Directus asset, 1280×640, a new file at each drawing), if the CMS drew one. */
        shareCardSrc: string | null;
        tagHref: string;
        descriptionHtml: string;
        samplesHtml: string;
        /** The tabs the document wrote (shown first); the others are generated. */
        writtenSampleLabels: string[];
        /** The environment variable the generated samples read the key from. */
        keyVariable: string;
        /** Example bodies as code blocks (HTML), by "request" or response status. */
        examplesHtml: Record<string, string>;
        headings: DocHeading[];
      }
  );

export interface ApiPageCommon {
  title: string;
  /** The document's own version (`info.version`, e.g. a date). */
  version: string;
  /** The API version this page belongs to (`v2`): its name in the picker and, unless it is the latest, in its addresses. */
  apiVersion: string;
  /** The segment of this version's addresses: null for the latest (/docs/api), else its name (/docs/api/v1). */
  versionSegment: string | null;
  /** On an earlier version's page: the latest's name and this page there (null when the latest has no such page). */
  latest: { name: string; href: string | null; rootHref: string } | null;
  /** Every version the reader may open, the latest first, each linking to this page there when it has it. */
  versions: ApiVersionLink[];
  summary: string;
  navigation: ApiNavigation;
  servers: { url: string; description: string }[];
  updatedAt: string | null;
  /** Where Try it can send requests besides the API: the site's own mock. */
  mockBaseUrl: string;
}

/**
 * Answered by the worker (its feature's `content.server.ts`) from the stored document, so the /docs/api
 * routes and the browser's /graphql get the same data. No `tag`: the overview; no `operation`: a tag;
 * no `version`: the latest (an earlier version by its name, `v1`; the latest's own name is no
 * address of its pages: null).
 */
export const apiReferencePageQuery = defineOperation<
  { apiReferencePage: ApiPageData | null },
  { version?: string; tag?: string; operation?: string }
>("query ApiReferencePage($version: String, $tag: String, $operation: String) { apiReferencePage }");
