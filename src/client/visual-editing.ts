import { apply, remove } from "@directus/visual-editing";

/**
 * Editors only, loaded by the entry with a dynamic import when a page renders in preview (its
 * own chunk: public pages never load it). Connects the page to the Directus Visual Editor or Live
 * Preview around it and makes the `data-directus` elements (src/ui/editable.ts) editable.
 * A preview opened as a page of its own has no CMS to talk to: nothing to do.
 */
export async function refreshVisualEditing(directusUrl: string): Promise<void> {
  if (window.parent === window) return;
  remove(); // markers of the page shown before (client navigation)
  await withStyleNonce(() => apply({ directusUrl }));
}

/**
 * The overlay adds one <style> element; the preview page's CSP allows styles with the page's
 * nonce (src/middleware/security-headers.ts), so the element gets it on its way in.
 */
async function withStyleNonce<T>(run: () => Promise<T>): Promise<T> {
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  const head = document.head;
  if (!nonce) return run();
  const append = head.appendChild;
  head.appendChild = function <N extends Node>(this: HTMLHeadElement, node: N): N {
    if (node instanceof HTMLStyleElement) node.nonce = nonce;
    return append.call(this, node) as N;
  };
  try {
    return await run();
  } finally {
    head.appendChild = append;
  }
}
