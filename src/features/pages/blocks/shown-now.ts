/** A block placement's filter: not hidden, and inside its display window at `$now` (set by the server). */
export const shownNow = `{ _and: [
  { _or: [{ hide: { _null: true } }, { hide: { _eq: false } }] },
  { _or: [{ show_from: { _null: true } }, { show_from: { _lte: $now } }] },
  { _or: [{ show_until: { _null: true } }, { show_until: { _gt: $now } }] }
] }`;
