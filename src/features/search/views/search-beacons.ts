import { useCallback, useEffect, useRef } from "react";
import { consentCookieName, parseConsent } from "../../../lib/consent";
import type { SearchKind } from "../documents";

/**
 * The search dialog's analytics: a search and a click on a result, sent to /api/collect like
 * page views, only with analytics consent (the collector checks the cookie again). They carry
 * the query, the clicked result's kind and position, never who the visitor is.
 */
type SearchBeacon =
  | { type: "search"; source: "dialog"; q: string }
  | { type: "search_click"; source: "dialog"; q: string; kind: SearchKind; position: number };

/** A search counts once the visitor has looked at its answer this long without typing on. */
const settleMs = 1000;

function analyticsAllowed(): boolean {
  const match = document.cookie.match(new RegExp(`(?:^|; )${consentCookieName}=([^;]*)`));
  return parseConsent(match?.[1]) === "all";
}

function sendSearchBeacon(beacon: SearchBeacon): void {
  if (!analyticsAllowed() || !navigator.sendBeacon) return;
  navigator.sendBeacon("/api/collect", JSON.stringify(beacon));
}

/**
 * Which of the dialog's searches count: the answer a visitor stops at (shown for `settleMs`
 * without more typing), or chose a result from, or closed the dialog on: not every prefix typed
 * on the way. Each query counts once per opening. `shownQuery` is the query whose answer is on
 * screen and current (null while the next one loads).
 */
export function useSearchRecording(shownQuery: string | null, open: boolean) {
  const recorded = useRef(new Set<string>());
  const record = useCallback((query: string | null) => {
    if (!query || recorded.current.has(query)) return;
    recorded.current.add(query);
    sendSearchBeacon({ type: "search", source: "dialog", q: query });
  }, []);

  useEffect(() => {
    if (!open) recorded.current.clear();
  }, [open]);

  useEffect(() => {
    if (!open || !shownQuery) return;
    const timer = setTimeout(() => record(shownQuery), settleMs);
    return () => clearTimeout(timer);
  }, [open, shownQuery, record]);

  /** A result chosen: the search counts now, and the click beside it. */
  const recordClick = useCallback(
    (query: string, kind: SearchKind, position: number) => {
      record(query);
      sendSearchBeacon({ type: "search_click", source: "dialog", q: query, kind, position });
    },
    [record],
  );

  /** The search page chosen: the page records the search itself. */
  const leaveToSearchPage = useCallback((query: string) => {
    recorded.current.add(query);
  }, []);

  return { record, recordClick, leaveToSearchPage };
}
