import { lazyIslandSlot } from "../../../ui/island-slot.client";
import { whenInteracted } from "../../../ui/when";
import { isConsentDialogReady, isConsentDialogRequested, openConsentEvent, requestConsentDialog } from "./events";

/**
 * Browser side of the cookie-consent island: its code loads at the visitor's first
 * interaction (or when 'Cookie settings' is asked for). Until then the server's notice is in
 * place and its buttons post the choice without JavaScript. Analytics for a visitor who
 * already allowed them is started by the entry, not by this island.
 */

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

export const CookieConsentSlot = lazyIslandSlot<{ path: string }>({
  // 'Cookie settings' may have been pressed before this boundary hydrated: load at once then.
  whenToLoad: () => (isConsentDialogRequested() ? Promise.resolve() : whenInteracted([openConsentEvent])),
  load: async () => (await import("./CookieConsent")).CookieConsent,
});
