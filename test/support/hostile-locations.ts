/**
 * Addresses that try to lead a visitor off the site, generated rather than listed: every way of
 * writing "another host" (a second slash, a backslash, a tab or newline inside `//`, dot segments
 * in every spelling, single, double and mixed-case percent-encoding, user information, IDN and
 * IP-literal hosts, schemes) combined with every way of reaching the host part.
 */

/** Hosts a visitor must never be sent to. */
const hostileHosts = [
  "evil.example",
  "EVIL.example",
  "evil.example.",
  "xn--80ak6aa92e.example", // an IDN in punycode
  "еvil.example", // Cyrillic "е": an IDN as typed
  "127.0.0.1",
  "2130706433", // 127.0.0.1 as one number
  "0x7f.1",
  "[::1]",
  "site.example@evil.example",
  "user:pass@evil.example",
  "evil.example%2f",
];

/** What may stand between the start of the path and the host so that a browser reads a host. */
function authorityLeads(): string[] {
  const slash = ["/", "\\", "%2f", "%2F", "%5c", "%5C", "%252f", "%255C"];
  const leads = new Set<string>();
  for (const a of slash) for (const b of slash) leads.add(`${a}${b}`);
  // Tabs and newlines vanish inside the URL parser.
  for (const gap of ["\t", "\n", "\r", "%09", "%0a", "%0D"]) {
    leads.add(`/${gap}/`);
    leads.add(`\\${gap}\\`);
  }
  // Dot segments that a normaliser removes, leaving `//`.
  const dots = [".", "%2e", "%2E", "%252e", "..", ".%2e", "%2e.", "%2E%2e", "%252e%252e"];
  for (const dot of dots) {
    leads.add(`/${dot}//`);
    leads.add(`/${dot}/\\`);
    leads.add(`/a/${dot}/${dot}//`);
  }
  return [...leads];
}

/** Absolute forms: schemes with and without slashes, in mixed case, with spaces before. */
const absoluteLeads = [
  "https://",
  "HTTPS://",
  "http://",
  "https:\\\\",
  "https:/\\",
  "https:",
  "http:",
  " https://",
  "\thttps://",
  "javascript:",
  "data:",
  "//",
];

/** Every hostile spelling: the hosts behind every lead, plus a path after them. */
export function offSiteLocations(): string[] {
  const values = new Set<string>();
  for (const host of hostileHosts) {
    for (const lead of [...authorityLeads(), ...absoluteLeads]) {
      values.add(`${lead}${host}`);
      values.add(`${lead}${host}/login?next=1`);
    }
  }
  return [...values];
}

/** Locations the site must go on sending: its own paths, encoded and with queries and fragments. */
export const ownLocations = [
  "/",
  "/blog",
  "/blog/a-post?page=2#comments",
  "/docs/compute/gpus",
  "/%C3%BCber-uns",
  "/search?q=%2F%2Fevil.example",
  "/a/b/../c",
  "/docs//gpus",
  "/pricing#form-demo",
];

/**
 * Whether a browser on `https://site.example/some/page` that follows `location` stays on the
 * site, also after a server on the way normalises the path it lands on and sends it back as a
 * path (the mistake behind `/.//evil.example` becoming `//evil.example`).
 */
export function staysOnSite(location: string, allowedHosts: readonly string[] = []): boolean {
  const base = "https://site.example/some/page";
  const allowed = (url: URL) => url.origin === "https://site.example" || allowedHosts.includes(url.host);
  let first: URL;
  try {
    first = new URL(location, base);
  } catch {
    return true; // a browser does not follow what it cannot parse
  }
  if (!allowed(first)) return false;
  if (first.origin !== "https://site.example") return true;
  // A server that decodes and normalises the path, then sends it back as a path.
  const resentAsPath = (path: string) => {
    try {
      return new URL(new URL(path, base).pathname, base);
    } catch {
      return first;
    }
  };
  let decoded = first.pathname;
  for (let round = 0; round < 3; round++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  return allowed(resentAsPath(first.pathname)) && allowed(resentAsPath(decoded));
}
