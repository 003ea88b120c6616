import { fullTitle, type PageMeta } from "../render/meta";

function setMeta(selector: string, attribute: string, value: string | null) {
  const element = document.head.querySelector(selector);
  if (element && value !== null) element.setAttribute(attribute, value);
}

/** After a client navigation: title, description, canonical, share tags and noindex. */
export function applyMeta(meta: PageMeta, siteName: string, siteUrl: string): void {
  const title = fullTitle(meta, siteName);
  const canonical = new URL(meta.path, siteUrl).toString();
  document.title = title;
  setMeta('meta[name="description"]', "content", meta.description);
  setMeta('link[rel="canonical"]', "href", canonical);
  setMeta('meta[property="og:title"]', "content", title);
  setMeta('meta[property="og:description"]', "content", meta.description);
  setMeta('meta[property="og:url"]', "content", canonical);
  setMeta('meta[name="twitter:title"]', "content", title);
  setMeta('meta[name="twitter:description"]', "content", meta.description);
  const robots = document.head.querySelector('meta[name="robots"]');
  if (meta.noindex && !robots) {
    const element = document.createElement("meta");
    element.name = "robots";
    element.content = "noindex, nofollow";
    document.head.appendChild(element);
  }
}
