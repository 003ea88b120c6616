/** The search dialog's recent searches: the last few distinct queries, newest first, in localStorage. */
const recentSearchesKey = "meridian:recent-searches";
const maxRecentSearches = 5;
const maxStoredLength = 200;

const sameQuery = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The list with `query` first, without an earlier copy of it (case ignored), capped. */
function withRecent(list: readonly string[], query: string): string[] {
  const text = query.trim().slice(0, maxStoredLength);
  if (!text) return [...list];
  return [text, ...list.filter((each) => !sameQuery(each, text))].slice(0, maxRecentSearches);
}

function withoutRecent(list: readonly string[], query: string): string[] {
  return list.filter((each) => each !== query);
}

// localStorage throws in some private modes and when blocked by settings: then nothing is kept.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readRecentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(recentSearchesKey) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((each): each is string => typeof each === "string" && each.trim() !== "").slice(0, maxRecentSearches);
  } catch {
    return [];
  }
}

function write(list: readonly string[]): void {
  try {
    storage()?.setItem(recentSearchesKey, JSON.stringify(list));
  } catch {
    // Full or denied: the list just is not kept.
  }
}

/** Saves `query` as the newest recent search; returns the new list. */
export function saveRecentSearch(query: string): string[] {
  const list = withRecent(readRecentSearches(), query);
  write(list);
  return list;
}

export function removeRecentSearch(query: string): string[] {
  const list = withoutRecent(readRecentSearches(), query);
  write(list);
  return list;
}
