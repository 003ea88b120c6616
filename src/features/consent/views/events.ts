/** Event the footer's 'Cookie settings' button sends to open the consent dialog. */
export const openConsentEvent = "meridian:open-consent";
export const analyticsScriptPath = "/analytics.js";

let pendingOpen = false;
let dialogReady = false;

/** The dialog's code has loaded and listens for requests itself. */
export function markConsentDialogReady(): void {
  dialogReady = true;
}
export const isConsentDialogReady = () => dialogReady;

/** Asks for the consent dialog; remembered if the dialog's code has not loaded yet. */
export function requestConsentDialog(): void {
  pendingOpen = true;
  window.dispatchEvent(new Event(openConsentEvent));
}

/** A request is waiting for the dialog's code. */
export const isConsentDialogRequested = () => pendingOpen;

/** True once after a request that nobody handled yet. */
export function takePendingConsentRequest(): boolean {
  const pending = pendingOpen;
  pendingOpen = false;
  return pending;
}

/** Starts first-party analytics (only ever called with analytics consent). */
export function loadAnalytics(): void {
  if (document.querySelector(`script[src="${analyticsScriptPath}"]`)) return;
  const script = document.createElement("script");
  script.src = analyticsScriptPath;
  script.async = true;
  document.head.appendChild(script);
}

/** Counts a page the visitor was shown without a page load (the analytics script, if consent loaded it). */
export function countPageView(): void {
  (window as { meridianAnalytics?: { pageview(): void } }).meridianAnalytics?.pageview();
}
