/** Shared-cache policy of public HTML: edges keep it briefly and refresh in the background. */
export const publicHtmlCacheControl = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** Cache-Control of a rendered page by status: 404s and 410s briefly, errors never. */
export function pageCacheControl(status: number): string {
  if (status === 200) return publicHtmlCacheControl;
  return status === 404 || status === 410 ? "public, max-age=0, s-maxage=60" : "no-store";
}
