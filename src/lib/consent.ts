import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../env";

/** First-party cookie holding the visitor's cookie choice; the server reads it. */
export const consentCookieName = "meridian_consent";
export type ConsentState = "unset" | "all" | "necessary";

export function parseConsent(value: string | undefined | null): ConsentState {
  return value === "all" || value === "necessary" ? value : "unset";
}

/** The page-cache variant: pages differ only by whether and how consent was given. */
export const consentVariant = (c: Context<AppEnv>): string => parseConsent(getCookie(c, consentCookieName));
