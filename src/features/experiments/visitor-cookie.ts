import { experimentKeyPattern } from "./assignment";

/**
 * The first-party cookie of experiments (decision 028), set only with analytics consent: the
 * visitor's random id, the experiments the visitor was counted in and those the visitor reached
 * the goal of, so each is counted once. Readable by the page's script: the browser's router
 * decides the same variants on a client navigation. `<id>:<exposed keys, ~>:<converted keys, ~>`.
 */
export const experimentCookieName = "meridian_exp";

/** 180 days: long enough for an experiment, short of the consent's year. */
export const experimentCookieMaxAgeSeconds = 180 * 24 * 60 * 60;

export interface ExperimentCookie {
  id: string;
  /** Experiments this visitor was counted in (an exposure was recorded). */
  exposed: Set<string>;
  /** Experiments whose goal this visitor reached (a conversion was recorded). */
  converted: Set<string>;
}

const idPattern = /^[a-z0-9]{16,32}$/;

/** The cookie's value read, or null when it is missing or not one this site wrote. */
export function parseExperimentCookie(value: string | null | undefined): ExperimentCookie | null {
  if (!value) return null;
  const [id, exposed = "", converted = ""] = value.split(":");
  if (!id || !idPattern.test(id)) return null;
  const keys = (list: string) => new Set(list.split("~").filter((key) => experimentKeyPattern.test(key)));
  return { id, exposed: keys(exposed), converted: keys(converted) };
}

export function formatExperimentCookie(cookie: ExperimentCookie): string {
  return `${cookie.id}:${[...cookie.exposed].join("~")}:${[...cookie.converted].join("~")}`;
}

/** A new random visitor id (no meaning, not derived from anything about the visitor). */
export function newVisitorId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/** The visitor id in a `document.cookie`-style header, or null. */
export function visitorIdFromCookies(cookies: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${experimentCookieName}=([^;]*)`).exec(cookies);
  return parseExperimentCookie(match?.[1])?.id ?? null;
}
