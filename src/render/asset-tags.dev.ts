/**
 * The page's asset tags under `vite` (npm start), swapped in for asset-tags.ts by
 * scripts/vite/plugins.ts: Vite's client (HMR), the React Fast Refresh preamble, the
 * stylesheet and the entry as source modules.
 *
 * CSP: nothing is relaxed. The inline preamble and the module scripts carry the request's
 * nonce ('strict-dynamic' then trusts what they import), and the `csp-nonce` meta tag hands
 * the nonce to Vite's client for the style elements it creates (error overlay).
 */

// @vitejs/plugin-react's `preambleCode` (base "/").
const refreshPreamble =
  `import { injectIntoGlobalHook } from "/@react-refresh";` +
  `injectIntoGlobalHook(window);window.$RefreshReg$ = () => {};window.$RefreshSig$ = () => (type) => type;`;

export function headAssetTags(nonce: string): string {
  return (
    `<meta property="csp-nonce" nonce="${nonce}">` +
    `<script type="module" nonce="${nonce}">${refreshPreamble}</script>` +
    `<script type="module" src="/@vite/client" nonce="${nonce}"></script>` +
    `<link rel="stylesheet" href="/src/styles/app.css">`
  );
}

export function bodyAssetTags(nonce: string): string {
  return `<script type="module" src="/src/client/boot.ts" nonce="${nonce}"></script>`;
}

/** No file hashes in dev: pages keep the request's nonce. */
export const clientEntryIntegrity: string | undefined = undefined;

/** No page cache in dev: an edit changes the HTML without changing any file name. */
export const buildId: string | null = null;
