import { serverIslandSlot } from "../../../ui/island-slot";
import { CookieConsent } from "./CookieConsent";

/**
 * Server side of the cookie-consent island: the notice and dialog rendered in place (their
 * buttons are forms posting to /api/consent, so they work before hydration). The browser
 * build swaps in CookieConsentSlot.client.tsx.
 */
export const CookieConsentSlot = serverIslandSlot(CookieConsent);
