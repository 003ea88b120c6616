// The consent feature's public module: the cookie notice's island and the footer's way to open it
// (the browser runtime's page-view signals are in boot.ts).
export { CookieConsentSlot } from "./views/CookieConsentSlot";
export { requestConsentDialog } from "./views/events";
