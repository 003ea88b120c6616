/**
 * Triggers for loading an island's code later than the page: when an element comes near the
 * viewport, or at the visitor's first interaction. Each resolves once.
 */
export function whenNear(elementId: string, rootMargin = "400px 0px"): Promise<void> {
  return new Promise<void>((resolve) => {
    const target = document.getElementById(elementId);
    if (!target || !("IntersectionObserver" in window)) return resolve();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      },
      { rootMargin },
    );
    observer.observe(target);
    target.addEventListener("focusin", () => resolve(), { once: true });
    target.addEventListener("pointerenter", () => resolve(), { once: true });
  });
}

export const interactions = ["pointerdown", "keydown", "touchstart", "focusin", "wheel"] as const;

let interacted = false;

/** The visitor has interacted (the page's boot script saw it before anything else loaded). */
export function markInteracted(): void {
  interacted = true;
}

/** Resolves at the visitor's first interaction, at once if there has been one already. */
export function whenInteracted(extraEvents: string[] = []): Promise<void> {
  return new Promise<void>((resolve) => {
    if (interacted) return resolve();
    const done = () => {
      for (const name of [...interactions, ...extraEvents]) window.removeEventListener(name, done, true);
      resolve();
    };
    for (const name of [...interactions, ...extraEvents]) window.addEventListener(name, done, { capture: true, passive: true });
  });
}

/** A visitor who asked to save data, or a 2G link: no code or pages loaded ahead that they did not ask for. */
export function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || /2g/.test(connection?.effectiveType ?? "");
}

/** Runs `then` when the browser is idle (at the latest after `timeoutMs`); at once where it cannot tell. */
export function whenIdle(then: () => void, timeoutMs = 2000): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(then, { timeout: timeoutMs });
  else setTimeout(then, 0);
}
