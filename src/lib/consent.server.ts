import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { consentCookieName, parseConsent } from "./consent";

/** The page-cache variant: pages differ only by whether and how consent was given. */
export const consentVariant = (c: Context<AppEnv>): string => parseConsent(getCookie(c, consentCookieName));
