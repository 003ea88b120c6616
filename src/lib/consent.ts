/** First-party cookie holding the visitor's cookie choice; the server reads it too. */
export const consentCookieName = "meridian_consent";
export type ConsentState = "unset" | "all" | "necessary";

/** One year, as usual for a consent record. */
const consentMaxAgeSeconds = 365 * 24 * 60 * 60;

export function parseConsent(value: string | undefined | null): ConsentState {
  return value === "all" || value === "necessary" ? value : "unset";
}

/** The Set-Cookie / document.cookie value recording a choice. */
export function consentCookie(choice: Exclude<ConsentState, "unset">, secure: boolean): string {
  return `${consentCookieName}=${choice}; Max-Age=${consentMaxAgeSeconds}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The choice recorded in a `Cookie` header or `document.cookie`. */
export function consentFromCookies(cookies: string): ConsentState {
  return parseConsent(new RegExp(`(?:^|;\\s*)${consentCookieName}=([^;]*)`).exec(cookies)?.[1]);
}
