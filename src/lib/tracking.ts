/** Query parameters that only track campaigns: they never change a page. */
const trackingParameter = /^(utm_[a-z_]+|gclid|dclid|fbclid|msclkid|mc_cid|mc_eid|_ga|_gl|ref_src|igshid|yclid)$/i;

/** Path and query without tracking parameters, the remaining parameters sorted. */
export function pageIdentity(url: URL): string {
  const params = [...url.searchParams.entries()]
    .filter(([name]) => !trackingParameter.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return url.pathname + (query ? `?${query}` : "");
}
