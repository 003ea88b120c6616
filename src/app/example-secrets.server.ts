// The file's text, inlined by Vite at build time: the list below follows the file, never a copy.
import exampleVarsText from "../../.dev.vars.example?raw";
import type { Bindings } from "../env";
import { logLine } from "../lib/log";

/**
 * `NAME=value` lines of a .dev.vars-style file, comments and empty values left out (an empty
 * value is no secret: MAPS_KEY may be empty).
 */
export function parseVars(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*"?([^"]*?)"?\s*$/.exec(line);
    if (match?.[2]) vars.set(match[1]!, match[2]);
  }
  return vars;
}

/**
 * The secrets every checkout has from .dev.vars.example, by name. Anyone can read them in the
 * repository: a deployed site still holding one would let anyone see drafts, revalidate its
 * caches, sign upload links or pass Turnstile with Cloudflare's always-passing test secret.
 */
export const exampleSecrets: ReadonlyMap<string, string> = parseVars(exampleVarsText);

/** The environments the public reaches (wrangler.toml's [env.preprod.vars] and [env.prod.vars] set ENVIRONMENT). */
const deployedEnvironments = new Set(["preprod", "prod"]);

/** A site whose own address is this machine: a production build run locally (the bench, Lighthouse) against the local CMS, whose tokens are the examples. */
const loopbackSite = /^https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?(?:\/|$)/i;

/** The names of the secrets that still hold their example value in a deployed environment; empty otherwise (and in dev). */
export function exampleSecretsIn(env: Bindings): string[] {
  if (!deployedEnvironments.has(env.ENVIRONMENT) || loopbackSite.test(env.SITE_URL ?? "")) return [];
  const values = env as unknown as Record<string, unknown>;
  const names: string[] = [];
  for (const [name, example] of exampleSecrets) {
    const value = values[name];
    if (typeof value === "string" && value.trim() === example) names.push(name);
  }
  return names;
}

/**
 * What a deployed worker holding an example secret answers every request with: 503, and a log
 * line naming the secrets (never their values), so the deploy fails its first check instead of
 * serving with a key everyone knows. Null when the secrets are the environment's own.
 */
export function refuseExampleSecrets(env: Bindings): Response | null {
  const names = exampleSecretsIn(env);
  if (names.length === 0) return null;
  logExampleSecrets(env, names);
  return new Response("This site is not configured yet: it cannot serve pages.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function logExampleSecrets(env: Bindings, names: readonly string[]): void {
  logLine("error", "example_secrets", {
    environment: env.ENVIRONMENT,
    secrets: names,
    message: `${names.join(", ")} still ${names.length === 1 ? "holds its" : "hold their"} value from .dev.vars.example: set ${names.length === 1 ? "it" : "each"} with \`wrangler secret put NAME --env ${env.ENVIRONMENT}\``,
  });
}
