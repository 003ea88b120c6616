import manifest from "../generated/asset-manifest.json";
import { nonceAttribute } from "./serialize";

/**
 * The page's asset tags in a build (wrangler, tests, `vite build`): the hashed files named by
 * src/generated/asset-manifest.json. `vite` (dev) swaps in asset-tags.dev.ts.
 */

/** Subresource Integrity of the client entry, which a public page's CSP trusts (security-headers.ts). */
export const clientEntryIntegrity = (manifest as { clientEntryIntegrity?: string }).clientEntryIntegrity;
const integrityAttribute = clientEntryIntegrity ? ` integrity="${clientEntryIntegrity}"` : "";

/** In `<head>`: the font preload, the stylesheet, and module preloads of the entry and its static imports. */
export function headAssetTags(_nonce: string): string {
  return (
    `<link rel="preload" href="${manifest.font}" as="font" type="font/woff2" crossorigin>` +
    `<link rel="stylesheet" href="${manifest.css}">` +
    `<link rel="modulepreload" href="${manifest.clientEntry}"${integrityAttribute}>` +
    manifest.initialChunks.map((file) => `<link rel="modulepreload" href="${file}">`).join("")
  );
}

/** At the end of `<body>`: the boot script (it loads the app at the first interaction); `nonce` "" for none. */
export function bodyAssetTags(nonce: string): string {
  return `<script type="module" src="${manifest.clientEntry}"${integrityAttribute}${nonceAttribute(nonce)}></script>`;
}

/** Pages name hashed CSS and JS files and are rendered by this worker: the page cache keys by build. */
export const buildId: string | null = encodeURIComponent(
  `${manifest.clientEntry}${manifest.css}${"serverSources" in manifest ? manifest.serverSources : ""}`.replace(/[^a-zA-Z0-9]/g, ""),
);
