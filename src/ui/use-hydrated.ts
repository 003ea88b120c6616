import { useEffect, useState } from "react";

/**
 * False in the server's render and while the browser hydrates, true from the first effect on: a
 * form then answers in place rather than posting (its `data-ready` says so; browser tests wait
 * for it), and controls that only JavaScript needs may show.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
