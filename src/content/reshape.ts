/**
 * Reshape functions the features share: Directus' shapes in, the views' types out. Each
 * feature reshapes its own collections (its `reshape.ts` or `queries.ts`); here are the files.
 */
import type { ImageRef } from "./types/site";
import type { FileFieldsFragment } from "./generated/operations";

/**
 * Directus returns some timestamps without a zone (`modified_on`: "2026-11-22T00:13:12"); they
 * are UTC. Parsed explicitly so the server and a browser in any time zone agree.
 */
function parseDirectusDate(value: string): number {
  return Date.parse(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`);
}

/** Public URL of a Directus file; `modified_on` versions it, so caches can keep it forever. */
function fileUrl(file: Pick<FileFieldsFragment, "id" | "modified_on" | "filename_download">, apiBaseUrl: string): string {
  const version = file.modified_on ? `?v=${parseDirectusDate(file.modified_on).toString(36)}` : "";
  return `${apiBaseUrl.replace(/\/$/, "")}/assets/${file.id}${version}`;
}

export function reshapeImage(file: FileFieldsFragment | null | undefined, apiBaseUrl: string, alt?: string | null): ImageRef | null {
  if (!file || !file.width || !file.height) return null;
  return { src: fileUrl(file, apiBaseUrl), width: file.width, height: file.height, alt: alt ?? file.title ?? "" };
}
