// What a redirect may be, shared by the CMS and the site: Directus refuses a redirect that breaks
// these rules when it is saved (the "Redirect check on save" flow runs `redirectOnSave`), and the
// site's worker drops any that break them when it compiles its map (data imported around the flow
// included), so a visitor never follows a loop, a chain or an open redirect. The functions run
// inside a flow's script operation too, so each is self-contained: `redirectFlowScript` sends
// their source text to Directus. `judgeLocation` is also the one judge of every Location the worker
// sends (src/lib/location.ts).

/**
 * @typedef {{ source: string, match: "exact" | "prefix" | "regex" }} RedirectSource
 * @typedef {RedirectSource & { id?: string | number, status_code: number, target: string | null }} ResolvedRedirect
 *   `target` is where it leads (a path, or a URL on an allowed host), already resolved from a page or post.
 */

/**
 * `location` when a browser following it stays on this site or goes to one of `allowedHosts`;
 * null otherwise. A path is judged as every reader on the way may see it: percent-decoded (also
 * twice), backslashes as slashes, tabs and newlines dropped, dot segments removed. A path that
 * then starts with `//` names another host and is refused. A URL must be http(s), with no user
 * information, no encoded or IP-v6 host, and a host (with its port, if any) on the list.
 * Anything else (control characters, spaces, non-ASCII, a relative reference such as
 * `evil.example` or `?x`, another scheme) is refused: the site only ever sends ASCII paths and
 * full URLs.
 * @param {unknown} location
 * @param {readonly string[]} [allowedHosts]
 * @returns {string | null}
 */
export function judgeLocation(location, allowedHosts = []) {
  if (typeof location !== "string" || location.length === 0 || location.length > 4096) return null;
  if (/[^\x21-\x7e]/.test(location)) return null;
  const slashed = location.replace(/\\/g, "/");
  if (slashed.startsWith("/")) {
    if (slashed.startsWith("//")) return null;
    let path = slashed.split(/[?#]/)[0];
    for (let round = 0; round < 3; round++) {
      const decoded = path.replace(/%(25|2e|2f|5c|09|0a|0d)/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (decoded === path) break;
      path = decoded;
    }
    path = path.replace(/[\t\n\r]/g, "").replace(/\\/g, "/");
    const kept = [];
    const segments = path.split("/").slice(1);
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      if (segment === "." || segment === "..") {
        if (segment === "..") kept.pop();
        if (last) kept.push("");
      } else {
        kept.push(segment);
      }
    });
    const resolved = `/${kept.join("/")}`;
    return resolved.startsWith("//") ? null : location;
  }
  const absolute = /^(https?):\/\/([^/?#]*)/i.exec(slashed);
  if (!absolute) return null;
  const authority = absolute[2].toLowerCase();
  if (!authority || /[@%[\]]/.test(authority)) return null;
  return allowedHosts.some((host) => String(host).toLowerCase() === authority) ? location : null;
}

/**
 * The editor-facing problem with a regular expression, or null. Refuses what does not compile and
 * what can backtrack catastrophically: a repeated group that itself repeats or has alternatives
 * (`(a+)+`, `(a|ab)*`), and back-references.
 * @param {string} pattern
 * @returns {string | null}
 */
export function patternProblem(pattern) {
  if (pattern.length > 300) return "The pattern is longer than 300 characters.";
  try {
    new RegExp(pattern);
  } catch (error) {
    return `The pattern is not a valid regular expression: ${error instanceof Error ? error.message : error}.`;
  }
  if (/\\[1-9]|\\k</.test(pattern))
    return "The pattern uses a back-reference (\\1, \\k<name>), which can take very long to test; write it without one.";
  // The site matches patterns with a linear-time engine (RE2), which has no look-around.
  if (/\(\?<?[=!]/.test(pattern))
    return "The pattern uses a look-ahead or look-behind ((?=…), (?!…), (?<=…), (?<!…)), which redirects do not support; write it without one.";
  const risky = `The pattern repeats a group that itself repeats or has alternatives, like (a+)+ or (a|ab)*: on some addresses that takes seconds to test. Write it without the nested repetition.`;
  // Per open group: whether it repeats something inside, whether it has alternatives.
  const groups = [{ repeats: false, alternates: false }];
  /** @param {number} at index of a possible quantifier; returns [isQuantifier, repeatsMoreThanOnce, length] */
  const quantifierAt = (at) => {
    const c = pattern[at];
    if (c === "*" || c === "+") return [true, true, 1];
    if (c === "?") return [true, false, 1];
    if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at));
      if (m) return [true, m[2] !== undefined ? m[3] === "" || Number(m[3]) > 1 : Number(m[1]) > 1, m[0].length];
    }
    return [false, false, 0];
  };
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    const top = groups[groups.length - 1];
    if (c === "\\") {
      i++;
    } else if (c === "[") {
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
    } else if (c === "(") {
      groups.push({ repeats: false, alternates: false });
    } else if (c === "|") {
      top.alternates = true;
    } else if (c === ")") {
      const group = groups.pop();
      const parent = groups[groups.length - 1];
      const [quantified, many, length] = quantifierAt(i + 1);
      if (quantified && many && (group.repeats || group.alternates)) return risky;
      if (parent) parent.repeats ||= group.repeats || (quantified && many);
      i += length;
      if (pattern[i + 1] === "?") i++;
    } else {
      const [quantified, many] = quantifierAt(i);
      if (quantified && many) top.repeats = true;
    }
  }
  return null;
}

/**
 * The captures when `rule` matches `path`, or null. Exact and prefix sources compare whole path
 * segments (a prefix `/docs/v1` matches `/docs/v1` and `/docs/v1/x`, not `/docs/v10`); a pattern
 * must match the whole path. A prefix's one capture is the rest after it (`""` or `/x`).
 * @param {RedirectSource} rule
 * @param {string} path
 * @returns {string[] | null}
 */
export function matchRedirect(rule, path) {
  if (rule.match === "regex") {
    const m = new RegExp(`^(?:${rule.source})$`).exec(path);
    return m ? m.slice(1).map((value) => value ?? "") : null;
  }
  if (rule.match === "prefix") {
    if (rule.source === "/") return [path === "/" ? "" : path];
    if (path === rule.source) return [""];
    return path.startsWith(`${rule.source}/`) ? [path.slice(rule.source.length)] : null;
  }
  return path === rule.source ? [] : null;
}

/**
 * Where `target` leads for one match: `$1`…`$9` are a pattern's captures; a prefix redirect
 * keeps the rest of the path (`/old/a/b` → `/new/a/b`).
 * @param {RedirectSource} rule
 * @param {string} target
 * @param {string[]} captures
 */
export function applyTarget(rule, target, captures) {
  let location = target;
  if (rule.match === "regex") location = target.replace(/\$([1-9])/g, (_, n) => captures[Number(n) - 1] ?? "");
  else if (rule.match === "prefix") {
    const [path, query] = [target.split("?")[0], target.includes("?") ? target.slice(target.indexOf("?")) : ""];
    const joined = path === "/" ? captures[0] || "/" : path + (captures[0] ?? "");
    location = joined + query;
  }
  if (location === target || !location.startsWith("/")) return location;
  // What a visitor's address put into the path (`/old//evil.example`, `/g/\\evil`, `/x/.//evil`)
  // stays a path on this site: dot segments resolved, the leading slashes kept as one.
  const cut = location.search(/[?#]/);
  const [path, rest] = cut === -1 ? [location, ""] : [location.slice(0, cut), location.slice(cut)];
  const kept = [];
  const segments = path.split(/[/\\]/).slice(1);
  segments.forEach((segment, index) => {
    if (segment === "." || segment === "..") {
      if (segment === "..") kept.pop();
      if (index === segments.length - 1) kept.push("");
    } else kept.push(segment);
  });
  const first = kept.findIndex((segment) => segment !== "");
  return `/${first === -1 ? "" : kept.slice(first).join("/")}${rest}`;
}

/**
 * The path (no query) a target string leads to on this site, or null when it leaves the site.
 * @param {string} target
 */
export function internalPath(target) {
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  return target.split(/[?#]/)[0] || "/";
}

/**
 * A path as this site's matcher sees it after the visitor arrives: percent-escapes decoded and
 * the trailing slash gone (the site answers `/a/` with `/a`), so `/a` → `/a/` and `/enc` → `/%65nc`
 * are seen as the loops they are.
 * @param {string} path
 */
export function comparablePath(path) {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // a malformed escape: compared as it came
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, "") || "/" : decoded;
}

/**
 * The editor-facing problem with a source, or null.
 * @param {RedirectSource} rule
 */
export function sourceProblem(rule) {
  const source = rule.source ?? "";
  if (!source) return "Enter the address to redirect from (the source), e.g. /old-page.";
  // A redirect is an address, not a program.
  if (source.length > 300) return "The source is longer than 300 characters.";
  if (rule.match === "regex") return patternProblem(source);
  if (!source.startsWith("/") || source.startsWith("//"))
    return `The source "${source}" must be a path on this site, starting with one "/" (e.g. /old-page).`;
  if (/[\s?#]/.test(source)) return `The source "${source}" may not contain spaces, "?" or "#": a redirect matches the path alone.`;
  // The worker's own APIs and files.
  for (const prefix of ["/api/", "/_next/", "/static/", "/graphql", "/cdn-cgi/"]) {
    if (source === prefix.replace(/\/$/, "") || source.startsWith(prefix))
      return `The site's own addresses (${prefix}…) cannot be redirected.`;
  }
  return null;
}

/**
 * The editor-facing problem with a resolved target, or null. A URL must be https or http on one
 * of `allowedHosts` (no open redirect).
 * @param {string | null} target
 * @param {readonly string[]} allowedHosts
 */
export function targetProblem(target, allowedHosts) {
  if (!target) return "Choose where the redirect leads: a path on this site, a page, a post or a URL on an allowed host.";
  if (/[\s<>"]/.test(target)) return `The target "${target}" may not contain spaces, quotes or angle brackets.`;
  if (target.startsWith("/")) {
    return target.startsWith("//") || target.startsWith("/\\")
      ? `The target "${target}" must start with one "/" (a path on this site) or https://.`
      : null;
  }
  // No URL class where flows run: a web address is scheme://host[:port][/…].
  const url = /^([a-z][a-z0-9+.-]*):\/\/([^/?#:@]+)(:\d+)?([/?#].*)?$/i.exec(target);
  if (!url) return `The target "${target}" is neither a path on this site (starting with "/") nor a full URL (https://…).`;
  if (!/^https?$/i.test(url[1])) return `The target "${target}" must be a web address (https://…).`;
  const host = url[2].toLowerCase();
  if (!allowedHosts.map((allowed) => allowed.toLowerCase()).includes(host)) {
    const list = allowedHosts.length ? `only to ${allowedHosts.join(", ")}` : "to no other host yet";
    return `Redirects may lead to this site or ${list}: "${host}" is not allowed. Add it to "Allowed redirect hosts" in Site settings first.`;
  }
  return null;
}

/**
 * The problem with `rule` among the other active redirects, or null: a loop (it leads back to an
 * address it redirects) or a chain (it leads to an address another redirect moves on, or another
 * redirect leads to an address it moves). Targets with captures are checked with each capture as "x".
 * @param {ResolvedRedirect} rule
 * @param {readonly ResolvedRedirect[]} others
 * @param {(rule: RedirectSource, path: string) => string[] | null} [match] how a rule is matched:
 *   the worker passes its linear-time (RE2) matcher; the CMS's flow, which has no RE2, keeps
 *   JavaScript's engine for patterns that passed `patternProblem`
 */
export function chainProblem(rule, others, match = matchRedirect) {
  const describe = (r) => `${r.source} → ${r.status_code === 410 ? "gone (410)" : r.target}`;
  const sample = (r) => {
    const path = r.target === null ? null : internalPath(r.target);
    return path === null ? null : comparablePath(path.replace(/\$[1-9]/g, "x"));
  };
  if (rule.status_code === 410) {
    for (const other of others) {
      const path = other.status_code === 410 ? null : sample(other);
      if (path !== null && match(rule, path))
        return `The redirect ${describe(other)} leads to an address this one marks as gone; change that one first.`;
    }
    return null;
  }
  const own = sample(rule);
  if (own !== null && match(rule, own)) return `This redirect would send ${own} back to an address it redirects itself (a loop).`;
  for (const other of others) {
    if (own !== null && match(other, own)) {
      const onward = sample(other);
      const loops = onward !== null && match(rule, onward);
      return loops
        ? `This redirect and ${describe(other)} send visitors back and forth (a loop).`
        : `${own} is itself redirected by ${describe(other)}: point this redirect straight at the final address (a chain of redirects is refused).`;
    }
    const theirs = other.status_code === 410 ? null : sample(other);
    if (theirs !== null && match(rule, theirs)) {
      return `The redirect ${describe(other)} leads to an address this one would move on again (a chain); point that one at the final address first.`;
    }
  }
  return null;
}

/**
 * The first problem with a redirect before it is saved or compiled, or null.
 * @param {ResolvedRedirect} rule
 * @param {readonly ResolvedRedirect[]} others the other active redirects
 * @param {readonly string[]} allowedHosts
 * @param {(rule: RedirectSource, path: string) => string[] | null} [match] as in `chainProblem`
 */
export function redirectProblem(rule, others, allowedHosts, match = matchRedirect) {
  if (![301, 302, 307, 308, 410].includes(Number(rule.status_code))) return "The status must be 301, 302, 307, 308 or 410.";
  if (!["exact", "prefix", "regex"].includes(rule.match)) return 'Match must be "exact", "prefix" or "regex".';
  return (
    sourceProblem(rule) ??
    (Number(rule.status_code) === 410 ? null : (targetProblem(rule.target, allowedHosts) ?? offSiteProblem(rule, allowedHosts))) ??
    chainProblem({ ...rule, status_code: Number(rule.status_code) }, others, match)
  );
}

/**
 * The editor-facing problem when a visitor's address could make this redirect lead off the site,
 * or null: the Location it would send is judged for hostile captures and prefix remainders (a
 * second slash, a backslash, dot segments, a host where the path should be), as the worker judges
 * every Location it sends.
 * @param {ResolvedRedirect} rule
 * @param {readonly string[]} allowedHosts
 */
export function offSiteProblem(rule, allowedHosts) {
  if (rule.target === null) return null;
  const hostile = [
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "evil.example",
    "@evil.example",
    ".evil.example",
  ];
  const probes =
    rule.match === "exact"
      ? [[]]
      : hostile.map((probe) => (rule.match === "prefix" ? [probe.startsWith("/") ? probe : `/${probe}`] : Array(9).fill(probe)));
  for (const captures of probes) {
    // As the worker sends it: other characters than printable ASCII percent-encoded.
    const location = applyTarget(rule, rule.target, captures).replace(/[^\x00-\x7e]/gu, (character) => encodeURIComponent(character));
    if (judgeLocation(location, allowedHosts) === null) {
      const example = rule.match === "exact" ? "" : ` (an address ending in "${captures[0]}" would be sent to "${location}")`;
      return `This redirect could send visitors to another site${example}. Put a fixed path before what it copies from the address, e.g. /new/$1.`;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Flow entries. `data` holds the trigger ($trigger: {payload, keys}) and what the flow read before.

/**
 * A redirect as it is stored, resolved for checking: `target` from the page or post it points at.
 * @param {Record<string, any>} row
 * @param {Map<string, string>} pagePaths page id → path
 * @param {Map<string, string>} postSlugs post id → slug
 * @returns {ResolvedRedirect & { active: boolean }}
 */
export function resolveRedirect(row, pagePaths, postSlugs) {
  const idOf = (value) => (value === null || value === undefined ? null : String(typeof value === "object" ? value.id : value));
  const page = idOf(row.target_page);
  const post = idOf(row.target_post);
  let target = row.target || null;
  if (page !== null) target = pagePaths.get(page) ?? null;
  else if (post !== null) target = postSlugs.has(post) ? `/blog/${postSlugs.get(post)}` : null;
  const match = row.match || "exact";
  let source = typeof row.source === "string" ? row.source.trim() : "";
  if (match !== "regex" && source.length > 1) source = source.replace(/\/+$/, "") || "/";
  return { id: row.id, source, match, status_code: Number(row.status_code ?? 308), target, active: row.active !== false };
}

/**
 * Blocking flow on redirects.items.create / items.update: the payload (source without a trailing
 * slash), or an error whose message the editor sees. `data.redirects`, `data.pages`, `data.posts`
 * and `data.settings` are read by the flow's earlier operations.
 */
export function redirectOnSave(data) {
  const trigger = data.$trigger;
  const payload = { ...trigger.payload };
  const keys = Array.isArray(trigger.keys) ? trigger.keys.map(String) : [];
  const pagePaths = new Map((data.pages ?? []).map((page) => [String(page.id), page.path]));
  const postSlugs = new Map((data.posts ?? []).map((post) => [String(post.id), post.slug]));
  const settings = Array.isArray(data.settings) ? data.settings[0] : data.settings;
  const hosts = Array.isArray(settings?.redirect_hosts) ? settings.redirect_hosts.map(String) : [];
  const stored = data.redirects ?? [];
  const edited = keys.length
    ? keys.map((key) => ({ ...stored.find((row) => String(row.id) === key), ...payload, id: key }))
    : [{ match: "exact", status_code: 308, active: true, ...payload, id: "(new)" }];
  if (typeof payload.source === "string" && (edited[0].match ?? "exact") !== "regex") {
    payload.source = resolveRedirect({ ...edited[0], target: null }, pagePaths, postSlugs).source;
  }
  const unresolved = (row) =>
    row.target_page ? "The page it points at is gone." : row.target_post ? "The post it points at is gone." : null;
  for (const row of edited) {
    const rule = resolveRedirect(row, pagePaths, postSlugs);
    if (rule.status_code !== 410 && rule.target === null && unresolved(row)) throw new Error(unresolved(row));
    const others = stored
      .filter((other) => !keys.includes(String(other.id)))
      .map((other) => resolveRedirect(other, pagePaths, postSlugs))
      .filter((other) => other.active);
    const twin = others.find((other) => other.match === rule.match && other.source === rule.source);
    if (rule.active && twin)
      throw new Error(`Another redirect already handles ${rule.source} (→ ${twin.target ?? "gone"}); edit that one instead.`);
    const problem = redirectProblem(rule, rule.active ? others : [], hosts);
    if (problem) throw new Error(problem);
  }
  return payload;
}

/**
 * Blocking flow on posts.items.update: when a slug changes, the redirect from the old address to
 * the post (it follows the post if the slug changes again, so there is never a chain), and the
 * automatic redirects to drop because the new address is live again.
 * `data.posts_before` holds the edited posts as stored, `data.slug_taken` the posts with the new slug.
 */
export function movedPostRedirects(data) {
  const trigger = data.$trigger;
  const slug = trigger.payload?.slug;
  const before = data.posts_before ?? [];
  if (typeof slug !== "string" || !before.some((post) => post.slug && post.slug !== slug))
    return { create: [], drop: ["-"], payload: trigger.payload };
  if (before.length > 1) throw new Error("Change the slug of one post at a time: each post needs its own address.");
  const post = before[0];
  if ((data.slug_taken ?? []).some((other) => String(other.id) !== String(post.id))) {
    throw new Error(`Another post already has the slug "${slug}"; choose another.`);
  }
  return {
    create: [
      {
        source: `/blog/${post.slug}`,
        match: "exact",
        status_code: 308,
        target_post: post.id,
        origin: "automatic",
        note: `Added when the post's slug changed from "${post.slug}" to "${slug}".`,
      },
    ],
    drop: [`/blog/${slug}`],
    payload: trigger.payload,
  };
}

/** The script of a flow's "Run Script" operation calling `entry` with the functions it needs. */
export function redirectFlowScript(entry) {
  const helpers = [
    judgeLocation,
    patternProblem,
    matchRedirect,
    applyTarget,
    internalPath,
    comparablePath,
    offSiteProblem,
    sourceProblem,
    targetProblem,
    chainProblem,
    redirectProblem,
    resolveRedirect,
  ];
  return `${[...helpers, entry].map((fn) => fn.toString()).join("\n\n")}\n\nmodule.exports = async function (data) {\n  return ${entry.name}(data);\n};\n`;
}
