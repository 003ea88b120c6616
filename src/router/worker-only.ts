/**
 * Paths the worker answers itself (API routes, the image route, the platform's own), registered
 * before the pages: the browser never loads one ahead as a page (the app's preload, the
 * speculation rules), though the catch-all route would match it.
 */
export const workerOnlyPrefixes = ["/api/", "/_next/", "/cdn-cgi/"] as const;
