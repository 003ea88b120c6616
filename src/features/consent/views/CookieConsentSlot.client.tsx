import { lazy, memo, Suspense } from "react";
import { whenInteracted } from "../../../ui/when";
import type { ConsentState } from "../../../lib/consent";
import { isConsentDialogReady, isConsentDialogRequested, openConsentEvent, requestConsentDialog } from "./events";

/**
 * Browser side of the cookie-consent island: its code loads at the visitor's first
 * interaction (or when 'Cookie settings' is asked for). Until then the server's notice is in
 * place and its buttons post the choice without JavaScript. Analytics for a visitor who
 * already allowed them is started by the entry, not by this island.
 */
let ready: Promise<void> | null = null;

// 'Manage cookies' clicked before the island loaded: remember it, the dialog opens on load.
if (typeof document !== "undefined") {
  document.addEventListener(
    "click",
    (event) => {
      if (!isConsentDialogReady() && (event.target as Element | null)?.closest?.("[data-consent-manage]")) requestConsentDialog();
    },
    true,
  );
}

const CookieConsent = lazy(async () => {
  // 'Cookie settings' may have been pressed before this boundary hydrated: load at once then.
  await (ready ??= isConsentDialogRequested() ? Promise.resolve() : whenInteracted([openConsentEvent]));
  const module = await import("./CookieConsent");
  return { default: module.CookieConsent };
});

/**
 * Memoised: a parent re-render (the mobile flag, a navigation with the same props) must not
 * update the boundary while it is still dehydrated, or React would replace the server HTML.
 */
export const CookieConsentSlot = memo(function CookieConsentSlot(props: { initial: ConsentState; path: string }) {
  return (
    <Suspense fallback={null}>
      <CookieConsent {...props} />
    </Suspense>
  );
});
