import { savingData, whenIdle } from "../ui/when";

/**
 * Once the app runs, the pages of the first few in-app links that come into view are loaded
 * (route code and data) while the browser is idle, so the tap that follows renders at once
 * instead of waiting a round trip; before it runs on a phone, the boot script has their
 * documents prefetched the same way. Only links in the page's main content (the header's are on
 * every page), at most `limit` per page shown, none for a visitor saving data.
 */
const visibleLinkLimit = 6;

let observer: IntersectionObserver | null = null;

/**
 * Watches the links under `root` (again after each client navigation; one watcher at a time).
 * `preload` answers whether it started loading a page (false: not an app page, or loaded already);
 * it runs in an idle moment unless `idle` is false (a cheap mark for the browser to act on).
 */
export function preloadVisibleLinks(
  root: Element | null,
  preload: (link: HTMLAnchorElement) => boolean,
  { limit = visibleLinkLimit, idle = true }: { limit?: number; idle?: boolean } = {},
): void {
  observer?.disconnect();
  observer = null;
  if (!root || !("IntersectionObserver" in window) || savingData()) return;
  let left = limit;
  const watching = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      watching.unobserve(entry.target);
      const load = () => {
        if (left > 0 && observer === watching && preload(entry.target as HTMLAnchorElement)) left -= 1;
        if (left === 0) watching.disconnect();
      };
      if (idle) whenIdle(load);
      else load();
    }
  });
  observer = watching;
  for (const link of root.querySelectorAll<HTMLAnchorElement>("a[href]")) watching.observe(link);
}
