// The site's own Vite plugins (vite.config.ts): what scripts/build.mjs did around esbuild,
// as small plugins that run the same in `vite` (dev) and `vite build`.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { Plugin, ResolvedConfig } from "vite";
import { tailwindThemeCss } from "../../src/config/design-tokens.ts";
import { commonSecurityHeaders, staticFileCsp, strictTransportSecurity } from "../../src/middleware/security-headers.ts";

const cleanId = (id: string) => id.replace(/[?#].*$/, "");

/** Tailwind theme tokens from src/config/design-tokens.ts (one source of truth for CSS and TypeScript). */
export function designTokens(root: string): Plugin {
  const target = join(root, "src/styles/tokens.generated.css");
  const write = () => {
    const css = tailwindThemeCss();
    if (!existsSync(target) || readFileSync(target, "utf8") !== css) writeFileSync(target, css);
  };
  return {
    name: "meridian:design-tokens",
    // Before Tailwind reads app.css. design-tokens.ts is a dependency of this config, so
    // editing it restarts the dev server, which writes the file again.
    config() {
      write();
    },
  };
}

/**
 * GraphQL result types and each operation's collections (scripts/codegen.mjs), written before
 * anything imports them: the worker reads the collections table at run time. Unchanged query
 * documents cost a hash check.
 */
export function graphqlCodegen(): Plugin {
  let written: Promise<unknown> | null = null;
  return {
    name: "meridian:graphql-codegen",
    async config() {
      written ??= import("../codegen.mjs").then((codegen) => codegen.writeOperationsFile());
      await written;
    },
  };
}

/** The Workers runtime types (worker-configuration.d.ts), generated again when wrangler.toml changed. */
export function workerTypes(): Plugin {
  return {
    name: "meridian:worker-types",
    async config() {
      (await import("../worker-types.mjs")).writeWorkerTypes();
    },
  };
}

/**
 * Islands: a module with a sibling `X.client.tsx` is replaced by it in the browser (dev and
 * build), never in the worker.
 */
export function islands(): Plugin {
  return {
    name: "meridian:islands",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      if (!importer || !/^\.\.?\//.test(source) || source.endsWith(".client")) return null;
      const candidate = resolve(dirname(cleanId(importer)), `${source}.client.tsx`);
      return existsSync(candidate) ? candidate : null;
    },
  };
}

const serverOnly = /\.server\.tsx?$/;

/**
 * The worker's build takes React's string renderer alone. Every `react-dom/server` entry
 * requires two renderers, the stream one (`renderToReadableStream`) beside the string one, and
 * CommonJS keeps both: 32 kB gzipped of the worker for a renderer no page uses
 * (docs/decisions/011). Dev and the tests keep the package's own entry.
 */
export function reactStringRenderer(root: string): Plugin {
  const legacy = join(root, "node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js");
  return {
    name: "meridian:react-string-renderer",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name !== "client",
    resolveId(source) {
      return source === "react-dom/server" ? legacy : null;
    },
  };
}

/**
 * Shiki's grammars and theme in the worker's build, as less text: each is a JSON string in a JS
 * string literal, every backslash of a pattern written four times (`\\\\s`); as `String.raw` it is
 * written twice. The theme keeps only the colours Shiki reads (the editor's foreground and
 * background, the terminal's), not the 170 of VS Code's interface. About 3 kB gzipped.
 * The grammars' patterns come translated to JavaScript (scripts/vite/shiki-precompile.ts), and
 * src/render/markdown/precompiled-regex.server.ts takes regex-engine.server.ts's place, so the
 * worker does without Shiki's Oniguruma translator: 16 kB gzip less.
 */
export function slimShikiData(root: string): Plugin {
  const jsonLiteral = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/g;
  const regexEngine = join(root, "src/render/markdown/regex-engine.server.ts");
  const precompiledEngine = join(root, "src/render/markdown/precompiled-regex.server.ts");
  // What would end a template or start a substitution (with the backslashes before it, which
  // would escape it) goes in as a substitution of its own.
  const rawTemplate = (text: string) => `String.raw\`${text.replace(/\\*(`|\$\{)/g, (part) => `\${${JSON.stringify(part)}}`)}\``;
  return {
    name: "meridian:slim-shiki-data",
    apply: "build",
    applyToEnvironment: (environment) => environment.name !== "client",
    // The grammars below come with their patterns translated: the engine that looks them up.
    load(id) {
      return cleanId(id) === regexEngine ? `export { createRegexEngine } from ${JSON.stringify(precompiledEngine)};` : null;
    },
    async transform(code, id) {
      const file = cleanId(id);
      if (!/\/@shikijs\/(langs|themes)\/dist\/[^/]+\.mjs$/.test(file)) return null;
      const theme = file.includes("/@shikijs/themes/");
      const { precompileGrammar } = await import("./shiki-precompile.ts");
      let registration = "";
      // `map: null`: lines stay where they were, so the module keeps its place in the source maps.
      const slim = code.replace(jsonLiteral, (_call, literal: string) => {
        let data = JSON.parse(JSON.parse(literal));
        if (theme) {
          const read = (key: string) => key === "editor.foreground" || key === "editor.background" || key.startsWith("terminal.ansi");
          data.colors = Object.fromEntries(Object.entries(data.colors ?? {}).filter(([key]) => read(key)));
        } else {
          if (registration) throw new Error(`${file}: more than one grammar`);
          const language = file.replace(/^.*\/|\.mjs$/g, "");
          const precompiled = precompileGrammar(language, data);
          data = precompiled.grammar;
          registration = `import{registerPatterns as __registerPatterns}from${JSON.stringify(precompiledEngine)};__registerPatterns(${JSON.stringify(language)},${rawTemplate(precompiled.lines.join("\n"))});`;
        }
        return `JSON.parse(${rawTemplate(JSON.stringify(data))})`;
      });
      return { code: registration + slim, map: null };
    },
  };
}

/** `*.server.ts(x)` never reaches the browser: an error in dev, a failed build. */
export function serverOnlyGuard(): Plugin {
  return {
    name: "meridian:server-only-guard",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      if (serverOnly.test(cleanId(id))) {
        this.error(`server-only module in the browser graph: ${id}${importChain(this, id)}`);
      }
      return null;
    },
    generateBundle(_options, bundle) {
      const leaked = Object.values(bundle).flatMap((output) =>
        output.type === "chunk" ? output.moduleIds.filter((id) => serverOnly.test(cleanId(id))) : [],
      );
      if (leaked.length) this.error(`server-only modules in the client bundle: ${leaked.join(", ")}`);
    },
  };
}

function importChain(context: { getModuleInfo?: (id: string) => { importers: readonly string[] } | null }, id: string): string {
  const importers = context.getModuleInfo?.(id)?.importers ?? [];
  return importers.length ? ` (imported by ${importers.join(", ")})` : "";
}

/**
 * In `vite` (dev) the worker writes Vite's client and source entry into the page
 * (src/render/asset-tags.dev.ts) instead of the hashed files of the last build
 * (src/render/asset-tags.ts, which wrangler, the tests and `vite build` use).
 */
export function devAssetTags(root: string): Plugin {
  const prod = join(root, "src/render/asset-tags.ts");
  const dev = join(root, "src/render/asset-tags.dev.ts");
  return {
    name: "meridian:dev-asset-tags",
    apply: "serve",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name !== "client",
    async resolveId(source, importer, options) {
      if (!source.endsWith("asset-tags") && !source.endsWith("asset-tags.ts")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && cleanId(resolved.id) === prod ? dev : resolved;
    },
  };
}

interface ViteManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** The manifest the worker imports (src/generated/asset-manifest.json), from Vite's. */
export interface AssetManifest {
  clientEntry: string;
  initialChunks: string[];
  clientChunks: string[];
  css: string;
  font: string;
  /** A hash of what the server renders from (sources, texts, dependencies): see serverSourcesHash. */
  serverSources?: string;
  /**
   * Subresource Integrity of the client entry (`sha384-…`): public pages' CSP trusts the entry
   * by this hash instead of a per-request nonce (src/middleware/security-headers.ts).
   */
  clientEntryIntegrity?: string;
}

/** The build's output folders under src/ (the asset manifest; scripts/codegen.mjs's operation types). */
const generatedSourceDirs = new Set(["src/generated", "src/content/generated"]);

/** A feature's CMS part (src/features/<name>/cms/: schema, access, seed): Directus', never the worker's. */
const cmsPart = (directory: string) => directory === "cms";
/** Tests, and a block's part of the CMS schema, sit beside what they are about but render nothing. */
const notRendered = (file: string) => /\.test\.[cm]?[jt]sx?$/.test(file) || file === "schema.yaml";

/**
 * A hash of everything the worker's HTML is built from: the sources (not the generated files,
 * which follow from them, nor tests and CMS parts, which render nothing), the texts and the locked dependencies. The page cache keys by build;
 * a change that only the server renders (the document head, say) leaves the client's file names
 * as they were, and must still not be answered with pages of the previous build.
 */
export function serverSourcesHash(root: string): string {
  const hash = createHash("sha256");
  const add = (path: string) => {
    const entries = readdirSync(join(root, path), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const child = `${path}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!generatedSourceDirs.has(child) && !cmsPart(entry.name)) add(child);
      } else if (!entry.name.endsWith(".generated.css") && !notRendered(entry.name)) {
        hash
          .update(`${child}\0`)
          .update(readFileSync(join(root, child)))
          .update("\0");
      }
    }
  };
  add("src");
  add("locales");
  hash.update(readFileSync(join(root, "package-lock.json")));
  return hash.digest("hex").slice(0, 16);
}

export function assetManifestFrom(vite: Record<string, ViteManifestEntry>, { entry, css }: { entry: string; css: string }): AssetManifest {
  const url = (file: string) => `/${file}`;
  const entryChunk = vite[entry];
  const cssEntry = vite[css];
  if (!entryChunk) throw new Error(`${entry} missing from Vite's manifest`);
  if (!cssEntry) throw new Error(`${css} missing from Vite's manifest`);
  const cssFile = cssEntry.file.endsWith(".css") ? cssEntry.file : cssEntry.css?.[0];
  if (!cssFile) throw new Error(`no CSS file for ${css}`);
  // What every page loads before its route's own chunks: the entry's static imports, transitively.
  const initial: string[] = [];
  const visit = (key: string) => {
    for (const imported of vite[key]?.imports ?? []) {
      const file = vite[imported]?.file;
      if (!file || initial.includes(file)) continue;
      initial.push(file);
      visit(imported);
    }
  };
  visit(entry);
  const js = [...new Set(Object.values(vite).map((chunk) => chunk.file))].filter(
    (file) => file.endsWith(".js") && file !== entryChunk.file,
  );
  const font = [...(cssEntry.assets ?? []), ...Object.values(vite).map((chunk) => chunk.file)].find((file) =>
    /inter-latin-wght-normal.*\.woff2$/.test(file),
  );
  if (!font) throw new Error("the self-hosted font is missing from the build");
  return {
    clientEntry: url(entryChunk.file),
    initialChunks: initial.map(url),
    clientChunks: js.sort().map(url),
    css: url(cssFile),
    font: url(font),
  };
}

/**
 * After the client build: the worker's asset manifest (same shape as before Vite) from Vite's
 * build manifest, which is then removed from the public files; and `_headers` for Workers
 * Static Assets (the worker's middleware never runs for static files).
 */
export function clientBuildOutput(root: string, { entry, css }: { entry: string; css: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: "meridian:client-build-output",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      if (process.env.MERIDIAN_CHUNKS) {
        const chunks = Object.values(bundle).flatMap((output) =>
          output.type === "chunk"
            ? [
                {
                  file: output.fileName,
                  imports: output.imports,
                  modules: output.moduleIds.map((id) => `${relative(root, id)}:${output.modules[id]?.renderedLength}`),
                },
              ]
            : [],
        );
        writeFileSync(process.env.MERIDIAN_CHUNKS, JSON.stringify(chunks, null, 2));
      }
      // Static files: immutable caching for hashed files; the worker's security headers, a CSP
      // that lets nothing load or run, and HSTS (every deployed environment is https).
      this.emitFile({
        type: "asset",
        fileName: "_headers",
        source: [
          "/static/*",
          "  Cache-Control: public, max-age=31536000, immutable",
          "/*",
          ...Object.entries(commonSecurityHeaders).map(([name, value]) => `  ${name}: ${value}`),
          `  Content-Security-Policy: ${staticFileCsp}`,
          `  Strict-Transport-Security: ${strictTransportSecurity}`,
          "",
        ].join("\n"),
      });
    },
    writeBundle: {
      order: "post",
      handler() {
        const outDir = resolve(root, this.environment.config.build.outDir);
        const manifestDir = join(outDir, ".vite");
        const vite = JSON.parse(readFileSync(join(manifestDir, "manifest.json"), "utf8")) as Record<string, ViteManifestEntry>;
        const base = assetManifestFrom(vite, { entry, css });
        const entryBytes = readFileSync(join(outDir, base.clientEntry.slice(1)));
        const manifest: AssetManifest = {
          ...base,
          serverSources: serverSourcesHash(root),
          clientEntryIntegrity: `sha384-${createHash("sha384").update(entryBytes).digest("base64")}`,
        };
        mkdirSync(join(root, "src/generated"), { recursive: true });
        writeFileSync(join(root, "src/generated/asset-manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
        rmSync(manifestDir, { recursive: true, force: true });
        config.logger.info(
          `asset manifest: ${manifest.clientEntry}, ${manifest.css} -> ${relative(root, join(root, "src/generated/asset-manifest.json"))}`,
        );
      },
    },
  };
}

/**
 * Browser build only: message texts inlined where the code names their keys, so each chunk
 * carries the texts it shows and the entry no longer carries all of locales/en.json (about
 * 4 kB gzip on every page). A literal `"ns.key"` becomes the text behind a marker that `t()`
 * reads (src/i18n/index.ts); a plural prefix (`plural("blog.count", n)`) becomes both forms
 * behind another (src/i18n/plural.ts); a key built at run time from a namespace
 * (`newsletter.${code}`) reads that namespace alone. The worker and `vite` (dev) keep the
 * whole table.
 */
export function inlineMessages(root: string): Plugin {
  const messagesFile = join(root, "locales/en.json");
  const i18nModule = join(root, "src/i18n/index.ts");
  const messages = JSON.parse(readFileSync(messagesFile, "utf8")) as Record<string, Record<string, string>>;
  const texts = new Map<string, string>();
  const plurals = new Map<string, [string, string]>();
  for (const [namespace, entries] of Object.entries(messages)) {
    for (const [key, text] of Object.entries(entries)) {
      texts.set(`${namespace}.${key}`, text);
      const base = key.match(/^(.*)_one$/)?.[1];
      if (base && typeof entries[`${base}_other`] === "string") plurals.set(`${namespace}.${base}`, [text, entries[`${base}_other`]!]);
    }
  }
  return {
    name: "meridian:inline-messages",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      const file = cleanId(id);
      if (!file.startsWith(join(root, "src") + "/") || !/\.tsx?$/.test(file)) return null;
      // A key with a fixed part before the expression (`ns.prefix_${x}`) cannot be inlined and
      // would render its key in the browser: a hydration mismatch. Refuse it at build time.
      const partial = /`([A-Za-z]\w*)\.\w+\$\{/.exec(code);
      if (partial && Object.hasOwn(messages, partial[1]!)) {
        this.error(`${file}: message key built as ${partial[0]}…}: write the literal keys (the browser build inlines texts by key)`);
      }
      if (file === i18nModule) {
        const replaced = code.replace(/^import en from "[^"]+";$/m, 'const en = {} as typeof import("../../locales/en.json");');
        if (replaced === code) this.error("src/i18n/index.ts: the locales import was not found");
        return { code: replaced, map: null };
      }
      const imports = new Set<string>();
      let out = code.replace(/(["'])([A-Za-z]\w*\.\w+)\1/g, (literal, _quote, key: string) => {
        const text = texts.get(key);
        if (text !== undefined) return JSON.stringify(`\uE000${text}`);
        const forms = plurals.get(key);
        if (forms) return JSON.stringify(`\uE001${forms[0]}\uE001${forms[1]}`);
        return literal;
      });
      out = out.replace(/`([A-Za-z]\w*)\.\$\{([\w.]+)\}`/g, (literal, namespace: string, expression: string) => {
        if (!Object.hasOwn(messages, namespace)) return literal;
        imports.add(namespace);
        const table = `__messages_${namespace}`;
        return `((${table} as Record<string, string>)[${expression}] === undefined ? ${literal} : "\\uE000" + (${table} as Record<string, string>)[${expression}])`;
      });
      if (out === code) return null;
      const header = [...imports]
        .map((namespace) => `import { ${namespace} as __messages_${namespace} } from ${JSON.stringify(messagesFile)};\n`)
        .join("");
      return { code: header + out, map: null };
    },
  };
}
