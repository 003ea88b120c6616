/**
 * Shiki's JavaScript regex engine, translating the grammars' Oniguruma patterns when first used:
 * for `vite` and the tests. The worker's build has the translations made already and puts
 * precompiled-regex.server.ts in this module's place (plugin meridian:slim-shiki-data).
 */
export { createJavaScriptRegexEngine as createRegexEngine } from "shiki/engine/javascript";
