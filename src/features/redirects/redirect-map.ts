import { RE2JS } from "re2js";
import type { RedirectsQuery } from "../../content/generated/operations";
// The same rules Directus applies when a redirect is saved (its flow runs this module's functions).
import { applyTarget, comparablePath, internalPath, matchRedirect, redirectProblem } from "../../../cms/scripts/redirect-rules.mjs";
import { siteLocation } from "../../lib/location";
import { postHref } from "../blog";

type RedirectStatus = 301 | 302 | 307 | 308 | 410;

/** One redirect as the worker keeps it: its target resolved from the page or post it points at. */
export interface RedirectRule {
  id: string;
  source: string;
  match: "exact" | "prefix" | "regex";
  status: RedirectStatus;
  /** A path (`/new`) or a URL on an allowed host; null for 410 (gone). */
  target: string | null;
  keepQuery: boolean;
}

/** What a visitor gets: a redirect to `location`, or 410 for an address that is gone. */
export interface RedirectAnswer {
  rule: RedirectRule;
  status: RedirectStatus;
  location: string | null;
}

/** The rules in lookup order: exact paths in a map (an exact path always wins), then prefixes and patterns by priority. */
export interface RedirectMap {
  exact: Map<string, RedirectRule>;
  ordered: { rule: RedirectRule; pattern: RE2JS | null }[];
  /** The other hosts the accepted rules lead to (each was on the CMS's allowed list when compiled). */
  hosts: string[];
}

type Row = RedirectsQuery["redirects"][number];

const statuses = new Set([301, 302, 307, 308, 410]);
/** Longer paths are not tested against patterns (no address of this site is that long). */
const maxPatternInput = 1024;
/** Redirects that lead on to another redirect are answered with the last address, at most this many steps on. */
const maxSteps = 5;

/** The rows' rules that pass the save-time checks (one at a time, against the accepted ones), and why the others do not. */
export function acceptRedirects(
  rows: readonly Row[],
  allowedHosts: readonly string[],
): { rules: RedirectRule[]; refused: { id: string; problem: string }[] } {
  const rules: RedirectRule[] = [];
  const refused: { id: string; problem: string }[] = [];
  for (const row of rows) {
    const status = Number(row.status_code ?? 308);
    const match: RedirectRule["match"] = row.match === "prefix" || row.match === "regex" ? row.match : "exact";
    let target = row.target || null;
    if (row.target_page) target = row.target_page.path ?? null;
    else if (row.target_post) target = postHref(row.target_post.slug);
    else if (status !== 410 && !row.target) {
      refused.push({ id: row.id, problem: "its page or post is not live" });
      continue;
    }
    const source = match === "regex" ? row.source : decodedPath(row.source.length > 1 ? row.source.replace(/\/+$/, "") || "/" : row.source);
    const rule = {
      id: row.id,
      source,
      match,
      status: status as RedirectStatus,
      target: status === 410 ? null : target,
      keepQuery: row.keep_query !== false,
    };
    // Loops and chains are answered at run time (a loop with nothing, a chain with its last address),
    // so here only what a rule is on its own: a checked source, an allowed target.
    // The rule's own loop check matches on RE2 too: no editor's pattern runs on the backtracking
    // engine here (the save checks' messages come first; then what RE2 alone refuses).
    const problem = statuses.has(status)
      ? (redirectProblem({ id: row.id, source, match, status_code: status, target: rule.target }, [], allowedHosts, linearMatch) ??
        (match === "regex" ? linearPatternProblem(source) : null))
      : "its status is not 301, 302, 307, 308 or 410";
    if (problem) refused.push({ id: row.id, problem });
    else rules.push(rule);
  }
  return { rules, refused };
}

/**
 * Editors' patterns run on RE2 (re2js): time linear in the path whatever the pattern, where V8's
 * backtracking engine takes seconds on `a*a*a*a*b` against a few hundred letters.
 */
const compilePattern = (source: string) => RE2JS.compile(`^(?:${source})$`);

/** `matchRedirect` with patterns on RE2, for the checks a rule passes when the map is compiled. */
function linearMatch(rule: { source: string; match: string }, path: string): string[] | null {
  if (rule.match !== "regex") return matchRedirect(rule as Parameters<typeof matchRedirect>[0], path);
  if (path.length > maxPatternInput) return null;
  let compiled: ReturnType<typeof compilePattern>;
  try {
    compiled = compilePattern(rule.source);
  } catch {
    return null; // refused just after, with RE2's reason
  }
  const found = compiled.matcher(path);
  return found.matches() ? Array.from({ length: found.groupCount() }, (_, index) => found.group(index + 1) ?? "") : null;
}

/** Why RE2 cannot run a pattern that JavaScript accepts, or null. */
function linearPatternProblem(source: string): string | null {
  try {
    compilePattern(source);
    return null;
  } catch (error) {
    return `the pattern is not supported by the linear-time matcher: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The host of an absolute target, lower-cased, or null for a path. */
const hostOf = (target: string | null) => (target ? (/^https?:\/\/([^/?#]+)/i.exec(target)?.[1]?.toLowerCase() ?? null) : null);

/** The lookup structure of accepted rules, in the order Directus sorted them (priority, then age). */
export function buildRedirectMap(rules: readonly RedirectRule[]): RedirectMap {
  const exact = new Map<string, RedirectRule>();
  const ordered: RedirectMap["ordered"] = [];
  const hosts = new Set<string>();
  for (const rule of rules) {
    const host = hostOf(rule.target);
    if (host) hosts.add(host);
    if (rule.match === "exact") {
      if (!exact.has(rule.source)) exact.set(rule.source, rule);
    } else {
      ordered.push({ rule, pattern: rule.match === "regex" ? compilePattern(rule.source) : null });
    }
  }
  return { exact, ordered, hosts: [...hosts] };
}

/** The first rule matching `path`, with its captures. */
function firstMatch(map: RedirectMap, path: string): { rule: RedirectRule; captures: string[] } | null {
  const exact = map.exact.get(path);
  if (exact) return { rule: exact, captures: [] };
  for (const { rule, pattern } of map.ordered) {
    if (pattern) {
      if (path.length > maxPatternInput) continue;
      const found = pattern.matcher(path);
      if (found.matches()) {
        const captures = Array.from({ length: found.groupCount() }, (_, index) => found.group(index + 1) ?? "");
        return { rule, captures };
      }
    } else {
      const captures = matchRedirect(rule, path);
      if (captures) return { rule, captures };
    }
  }
  return null;
}

/** What a visitor is not sent, and why: a loop, or a Location that would leave the site. */
export type RefusedRedirect = { rule: RedirectRule; reason: "loop" | "off_site"; location?: string };

/**
 * The answer for a request to `url`, or null to serve the page. A target that another redirect
 * moves on is answered with the last address at once (a visitor never walks a chain); a loop, or
 * a Location that would take the visitor to a host not allowed, is answered with nothing (the
 * page or the not-found screen) and reported through `onRefused`.
 */
export function findRedirect(map: RedirectMap, url: URL, onRefused: (refused: RefusedRedirect) => void = () => {}): RedirectAnswer | null {
  // Editors write sources as people read them (/über-uns); requests arrive percent-encoded.
  const requested = decodedPath(url.pathname);
  const first = firstMatch(map, requested);
  if (!first) return null;
  if (first.rule.status === 410 || first.rule.target === null) return { rule: first.rule, status: 410, location: null };
  let location = applyTarget(first.rule, first.rule.target, first.captures);
  const seen = new Set([comparablePath(requested)]);
  for (let step = 0; step < maxSteps; step++) {
    const target = internalPath(location);
    if (target === null) break;
    // Where the visitor lands once the site's own rules (trailing slash, decoding) have run.
    const path = comparablePath(target);
    if (seen.has(path)) {
      onRefused({ rule: first.rule, reason: "loop" });
      return null;
    }
    seen.add(path);
    const next = firstMatch(map, path);
    if (!next) break;
    if (next.rule.status === 410 || next.rule.target === null) return { rule: first.rule, status: 410, location: null };
    location = applyTarget(next.rule, next.rule.target, next.captures);
  }
  if (first.rule.keepQuery && url.search) location += (location.includes("?") ? "&" : "?") + url.search.slice(1);
  const judged = siteLocation(headerSafe(location), map.hosts);
  if (judged === null) {
    // Reported without its query: the visitor's query values stay out of the logs.
    onRefused({ rule: first.rule, reason: "off_site", location: location.split("?")[0] });
    return null;
  }
  return { rule: first.rule, status: first.rule.status, location: judged };
}

function decodedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname; // a malformed escape: compared as it came
  }
}

/** A Location header holds ASCII only: other characters (and spaces) percent-encoded, escapes kept. */
const headerSafe = (location: string) => location.replace(/[^\x21-\x7e]/g, (character) => encodeURIComponent(character));
