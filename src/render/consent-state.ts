import { consentCookieName } from "../lib/consent";
import { nonceAttribute } from "./serialize";

/**
 * Every visitor gets the same HTML for a page, whatever their cookie choice, so a shared cache
 * (an edge, a company proxy) may keep it: the server never reads the consent cookie for a page.
 * This inline script, first in the head, reads it before the body is drawn and marks `<html>`
 * (`data-consent="unset" | "all" | "necessary"`); the stylesheet shows the cookie notice only
 * for "unset", so a returning visitor sees no flash of it. Without JavaScript there is no mark
 * and no notice: nothing that needs consent (analytics, experiments) runs without it either.
 * Its text is constant: public pages' policy names its SHA-256 (decision 021).
 */
export const consentStateScript = `document.documentElement.dataset.consent=(/(?:^|;\\s*)${consentCookieName}=(all|necessary)(?:;|$)/.exec(document.cookie)||[0,"unset"])[1]`;

/** The script as the head's element (a page with a nonce gives it the nonce). */
export const consentStateTag = (nonce: string): string => `<script${nonceAttribute(nonce)}>${consentStateScript}</script>`;
