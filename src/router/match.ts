/**
 * The one URL matcher of the site: the worker's page handler and the browser's router both
 * call `matchPath`, so they cannot disagree about which route a URL is.
 *
 * Patterns: static segments, `:name` (one segment) and a final `*name` (one or more segments).
 * A parameter segment never contains a dot: page URLs have no file extension, so `/blog/rss.xml`
 * or `/docs/intro.md` are never pages (they are files the worker serves by other handlers).
 * A trailing slash never matches: the worker redirects it to the canonical path first.
 */
interface CompiledPattern<Id extends string> {
  id: Id;
  pattern: string;
  regex: RegExp;
  names: string[];
  /** Static segments rank above parameters, parameters above a rest parameter. */
  rank: number[];
}

const segmentValue = "[^/.]+";

function compilePattern<Id extends string>(id: Id, pattern: string): CompiledPattern<Id> {
  const names: string[] = [];
  const rank: number[] = [];
  const segments = pattern.split("/").filter(Boolean);
  const source = segments
    .map((segment, index) => {
      if (segment.startsWith(":")) {
        names.push(segment.slice(1));
        rank.push(2);
        return `/(${segmentValue})`;
      }
      if (segment.startsWith("*")) {
        if (index !== segments.length - 1) throw new Error(`${pattern}: a rest parameter must come last`);
        names.push(segment.slice(1));
        rank.push(1);
        return `/(${segmentValue}(?:/${segmentValue})*)`;
      }
      rank.push(3);
      return "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return { id, pattern, regex: new RegExp(`^${source || "/"}$`), names, rank };
}

/** Most specific first: compares segment by segment, then the longer pattern first. */
function bySpecificity(a: CompiledPattern<string>, b: CompiledPattern<string>): number {
  for (let index = 0; index < Math.min(a.rank.length, b.rank.length); index++) {
    const difference = b.rank[index]! - a.rank[index]!;
    if (difference) return difference;
  }
  return b.rank.length - a.rank.length;
}

export interface PathMatch<Id extends string> {
  id: Id;
  params: Record<string, string>;
}

/** A matcher over `patterns` (id → pattern); returns null for no match or a malformed escape. */
export function createMatcher<Id extends string>(patterns: Record<Id, string>): (pathname: string) => PathMatch<Id> | null {
  const compiled = (Object.entries(patterns) as [Id, string][]).map(([id, pattern]) => compilePattern(id, pattern)).sort(bySpecificity);
  return (pathname) => {
    for (const route of compiled) {
      const found = route.regex.exec(pathname);
      if (!found) continue;
      const params: Record<string, string> = {};
      try {
        route.names.forEach((name, index) => {
          params[name] = decodeURIComponent(found[index + 1]!);
        });
      } catch {
        return null; // a broken %-escape is no page
      }
      return { id: route.id, params };
    }
    return null;
  };
}
