import { lazy, Suspense } from "react";
import { whenInteracted } from "../../client/when";
import type { ConsentState } from "../../lib/consent";
import { openConsentEvent } from "./events";

/**
 * Browser side of the cookie-consent island: its code loads at the visitor's first
 * interaction (or when 'Cookie settings' is asked for). Until then the server's notice is in
 * place and its buttons post the choice without JavaScript. Analytics for a visitor who
 * already allowed them is started by the entry, not by this island.
 */
let ready: Promise<void> | null = null;

const CookieConsent = lazy(async () => {
  await (ready ??= whenInteracted([openConsentEvent]));
  const module = await import("./CookieConsent");
  return { default: module.CookieConsent };
});

export function CookieConsentSlot(props: { initial: ConsentState; path: string }) {
  return (
    <Suspense fallback={null}>
      <CookieConsent {...props} />
    </Suspense>
  );
}
