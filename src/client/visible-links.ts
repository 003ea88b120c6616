import { savingData, whenIdle } from "../ui/when";

/**
 * Once the app runs, the pages of the first few in-app links that come into view are loaded
 * (route code and data) while the browser is idle, so the tap that follows renders at once
 * instead of waiting a round trip; before it runs on a phone, the boot script fetches their
 * pages the same way. Only links in the page's main content (the header's are on every page), at
 * most `limit` per page shown, none for a visitor saving data.
 */
const visibleLinkLimit = 6;

let observer: IntersectionObserver | null = null;

/** Whether an element's box is within the viewport (what an IntersectionObserver would report). */
function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
}

/**
 * Watches the links under `root` (again after each client navigation; one watcher at a time).
 * `preload` answers whether it started loading a page (false: not an app page, or loaded already);
 * it runs in an idle moment unless `idle` is false (a cheap mark for the browser to act on).
 *
 * An observer first reports with the page's first frame, which a slow phone may paint only after
 * the page has loaded (measured at 4x CPU: the load event 150-250 ms before the first frame, and a
 * finger can come down in between). So if the page is still loading, the links in view are also
 * looked at in its load event, when its own downloads are done (the layout that reads is the one
 * the first frame needs).
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
  const handled = new Set<Element>();
  const seen = (link: Element) => {
    if (handled.has(link)) return;
    handled.add(link);
    watching.unobserve(link);
    const load = () => {
      if (left > 0 && observer === watching && preload(link as HTMLAnchorElement)) left -= 1;
      if (left === 0) watching.disconnect();
    };
    if (idle) whenIdle(load);
    else load();
  };
  const watching = new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) seen(entry.target);
  });
  observer = watching;
  const links = root.querySelectorAll<HTMLAnchorElement>("a[href]");
  for (const link of links) watching.observe(link);
  if (document.readyState !== "complete") {
    window.addEventListener(
      "load",
      () => {
        if (observer !== watching) return;
        for (const link of links) if (left > 0 && inView(link)) seen(link);
      },
      { once: true },
    );
  }
}
