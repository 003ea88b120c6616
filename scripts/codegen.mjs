#!/usr/bin/env node
// Writes src/content/generated/operations.ts from the operations in the query modules (src/content/queries/*.ts, src/features/*/queries.ts) and
// Directus' public schema (src/content/directus.public.graphql):
//   - one result type and one variables type per operation (`BlogPostsQuery`, `BlogPostsQueryVariables`)
//     and one type per named fragment (`PostCardFieldsFragment`), by GraphQL Code Generator;
//   - `operationReads`: what each operation's answer shows (the collection at each path, its lists,
//     the fields shown and filtered), which tags cached results and pages with the items they show;
//     from it, when the module loads, `operationCollections` (the Directus collections each
//     operation reads, which tag its cached result with their content generations) and
//     `operationListFields` (the top-level fields of its answer that are lists, which the content
//     client checks: an answer of another shape is an upstream error). Reads of a content version
//     (`*Version`, preview only, never cached) are left out.
// The query modules are bundled with esbuild and imported, so the documents are exactly the
// strings the site sends (template interpolations such as `${postCardFields}` resolved).
// Run by scripts/build.mjs; `node scripts/codegen.mjs` alone works too.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  Kind,
  parse,
  print,
  printSchema,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from "graphql";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const schemaFile = join(root, "src/content/directus.public.graphql");
const sourceDir = join(root, "src");

/**
 * The query modules: the shared ones in src/content/queries/, and each feature's `queries.ts`
 * (or `<name>.queries.ts`) beside its routes.
 */
export function queryModules() {
  return readdirSync(sourceDir, { recursive: true })
    .map((file) => file.split(sep).join("/"))
    .filter((file) => !file.endsWith(".test.ts") && (/^content\/queries\/[^/]+\.ts$/.test(file) || /(^|\/|\.)queries\.ts$/.test(file)))
    .sort();
}
export const outputFile = join(root, "src/content/generated/operations.ts");

export const loadSchema = () => buildSchema(readFileSync(schemaFile, "utf8"));

/**
 * Everything the output depends on: the schema, the documents, this script and the generator's
 * versions. Written into the file, so a build with nothing changed skips loading the generator.
 */
function inputHash(operations) {
  const hash = createHash("sha256")
    .update(readFileSync(schemaFile))
    .update(readFileSync(fileURLToPath(import.meta.url)));
  for (const name of ["graphql", "@graphql-codegen/core", "@graphql-codegen/typescript-operations"]) {
    hash.update(JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version);
  }
  return hash.update(JSON.stringify(operations)).digest("hex").slice(0, 16);
}

/**
 * The operations the query modules export, `{ name, document }`, sorted by name. Bundled into
 * one temporary ESM file first: Node cannot import the TypeScript modules, and bundling resolves
 * their imports the way the site's build does.
 */
export async function loadOperations() {
  const entry = queryModules()
    .map((file, index) => `export * as m${index} from ${JSON.stringify(`./${file}`)};`)
    .join("\n");
  const bundle = await esbuild.build({
    stdin: { contents: entry, resolveDir: sourceDir, loader: "js", sourcefile: "codegen-entry.js" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node22",
    write: false,
    logLevel: "warning",
  });
  const dir = mkdtempSync(join(tmpdir(), "meridian-codegen-"));
  const file = join(dir, "queries.mjs");
  try {
    writeFileSync(file, bundle.outputFiles[0].contents);
    const namespaces = await import(pathToFileURL(file).href);
    const operations = new Map();
    for (const namespace of Object.values(namespaces)) {
      for (const value of Object.values(namespace)) {
        if (!value || typeof value !== "object" || typeof value.name !== "string" || typeof value.document !== "string") continue;
        const seen = operations.get(value.name);
        if (seen && seen.document !== value.document) throw new Error(`two different operations are named ${value.name}`);
        operations.set(value.name, { name: value.name, document: value.document });
      }
    }
    return [...operations.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Object types that are not collections: the roots, and the helper types Directus adds around
 * collections (functions on a field, aggregates, content versions, subscription payloads).
 */
const helperType = /^(?:Query|Mutation|Subscription|count_functions|datetime_functions)$|_aggregated_(?:count|fields)$|_mutated$/;

/**
 * The collection an object type stands for, or null: a collection's own type, `X_aggregated`
 * (`jobs_aggregated { countAll }` counts jobs) and `version_X` stand for X.
 */
export function collectionOfType(typeName) {
  if (helperType.test(typeName)) return null;
  return /^(\w+)_aggregated$/.exec(typeName)?.[1] ?? /^version_(\w+)$/.exec(typeName)?.[1] ?? typeName;
}

/**
 * The collections one operation reads: the named type of every selected object field, through
 * fragments and relations (an m2m junction such as `events_speakers` included) and the type
 * conditions of inline fragments (the block collections of a many-to-any field), sorted.
 */
export function deriveCollections(schema, document, operationName) {
  const ast = typeof document === "string" ? parse(document) : document;
  const fragments = new Map();
  for (const definition of ast.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const operations = ast.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName),
  );
  if (operations.length !== 1) throw new Error(`expected one operation${operationName ? ` named ${operationName}` : ""}`);

  const collections = new Set();
  const walked = new Set();
  const walk = (node) => {
    const typeInfo = new TypeInfo(schema);
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Field() {
          const type = typeInfo.getType();
          if (!type) throw new Error(`${operations[0].name?.value}: a field the schema does not know`);
          const named = getNamedType(type);
          const collection = isObjectType(named) ? collectionOfType(named.name) : null;
          if (collection) collections.add(collection);
        },
        // A many-to-any `item` is a union: its inline fragments name the collections read.
        InlineFragment(fragment) {
          const collection = fragment.typeCondition ? collectionOfType(fragment.typeCondition.name.value) : null;
          if (collection) collections.add(collection);
        },
        FragmentSpread(spread) {
          const name = spread.name.value;
          if (walked.has(name)) return;
          walked.add(name);
          const fragment = fragments.get(name);
          if (!fragment) throw new Error(`unknown fragment ${name}`);
          walk(fragment);
        },
      }),
    );
  };
  walk(operations[0]);
  return [...collections].sort();
}

/** One operation of a document (the only one, or the one named) and the document's fragments by name. */
function operationOf(document, operationName) {
  const ast = typeof document === "string" ? parse(document) : document;
  const fragments = new Map();
  for (const definition of ast.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const operation = ast.definitions.find(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName),
  );
  if (!operation) throw new Error(`no operation${operationName ? ` named ${operationName}` : ""}`);
  return { fragments, operation };
}

/**
 * The response keys (aliases included) of the top-level fields of one operation whose type is a
 * list, through fragments spread on the root type, sorted.
 */
export function deriveListFields(schema, document, operationName) {
  const { fragments, operation } = operationOf(document, operationName);
  const root = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  const lists = new Set();
  const walk = (selectionSet) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = root?.getFields()[selection.name.value];
        if (field && isListType(getNullableType(field.type))) lists.add(selection.alias?.value ?? selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return [...lists].sort();
}

/**
 * Reads of a content version: an editor's preview, which neither reads nor writes a cache, so they
 * need no tags.
 */
export const isPreviewOnly = (operationName) => operationName.endsWith("Version");

/** What src/content/generated/operations.ts derives from an operation's reads: its collections. */
export const collectionsOfReads = (reads) => [...new Set(Object.values(reads.paths).flat())].sort();

/** And its top-level list fields. */
export const listFieldsOfReads = (reads) => reads.lists.filter((path) => !path.includes("."));

/** Filter operators whose value names an item by a field no two items share. */
const uniqueFields = new Set(["id", "slug", "key", "path"]);

/**
 * What one operation's answer shows, for invalidation by item (decision 033): the collection at
 * each response path (`posts`, `posts.author`; a many-to-any `item` holds several), the paths that
 * are lists, the root fields that select one item by a unique field (`slug: { _eq: $slug }`), the
 * fields each collection's items show, and the fields its filters and sorts read (a change to one
 * of those moves items into or out of a list). Fragments are followed; aliases are the paths.
 */
export function deriveReads(schema, document, operationName) {
  const { fragments, operation } = operationOf(document, operationName);
  const paths = new Map();
  const lists = new Set();
  const keyed = new Set();
  const shown = new Map();
  const membership = new Map();
  const add = (map, key, value) => {
    if (!map.has(key)) map.set(key, new Set());
    map.get(key).add(value);
  };
  const filterFields = (value, collection, names = new Set()) => {
    if (value?.kind !== Kind.OBJECT) return names;
    for (const field of value.fields) {
      const name = field.name.value;
      if (name === "_and" || name === "_or") {
        if (field.value.kind === Kind.LIST) for (const item of field.value.values) filterFields(item, collection, names);
      } else if (!name.startsWith("_")) names.add(name);
    }
    return names;
  };
  const selectsByUniqueField = (value) =>
    value?.kind === Kind.OBJECT &&
    value.fields.some(
      (field) =>
        uniqueFields.has(field.name.value) &&
        field.value.kind === Kind.OBJECT &&
        field.value.fields.some((operator) => operator.name.value === "_eq"),
    );
  const walk = (selectionSet, parentType, parentCollection, path) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment) throw new Error(`unknown fragment ${selection.name.value}`);
        const type = schema.getType(fragment.typeCondition.name.value);
        walk(fragment.selectionSet, type, isObjectType(type) ? collectionOfType(type.name) : parentCollection, path);
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parentType;
        const collection = isObjectType(type) ? collectionOfType(type.name) : parentCollection;
        if (collection && path) add(paths, path, collection);
        walk(selection.selectionSet, type, collection, path);
        continue;
      }
      const name = selection.name.value;
      if (name === "__typename") continue;
      const field = isObjectType(parentType) ? parentType.getFields()[name] : undefined;
      if (!field) throw new Error(`${operation.name?.value}: ${parentType?.name}.${name} is not in the schema`);
      if (parentCollection) add(shown, parentCollection, name);
      if (!selection.selectionSet) continue;
      const key = selection.alias?.value ?? name;
      const childPath = path ? `${path}.${key}` : key;
      const named = getNamedType(field.type);
      const collection = isObjectType(named) ? collectionOfType(named.name) : null;
      if (collection) add(paths, childPath, collection);
      else if (!paths.has(childPath)) paths.set(childPath, new Set());
      if (isListType(getNullableType(field.type))) lists.add(childPath);
      if (/_aggregated$/.test(named.name) && collection) lists.add(childPath);
      const args = new Map((selection.arguments ?? []).map((argument) => [argument.name.value, argument.value]));
      if (collection) {
        for (const filtered of filterFields(args.get("filter"), collection)) add(membership, collection, filtered);
        const sort = args.get("sort");
        const sorts = sort?.kind === Kind.LIST ? sort.values : sort ? [sort] : [];
        for (const item of sorts) if (item.kind === Kind.STRING) add(membership, collection, item.value.replace(/^-/, ""));
        if (!path && (selectsByUniqueField(args.get("filter")) || (name.endsWith("_by_id") && args.has("id")))) keyed.add(childPath);
      }
      walk(selection.selectionSet, named, collection ?? null, childPath);
    }
  };
  const rootType = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  walk(operation.selectionSet, rootType, null, "");
  const sortedRecord = (map) =>
    Object.fromEntries([...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, values]) => [key, [...values].sort()]));
  return {
    paths: sortedRecord(paths),
    lists: [...lists].sort(),
    keyed: [...keyed].sort(),
    shown: sortedRecord(shown),
    membership: sortedRecord(membership),
  };
}

/**
 * How Directus serialises its scalars in JSON (api/src/services/graphql/types): Date and Hash are
 * strings, GraphQLBigInt a string (0 and null pass through), GraphQLStringOrFloat either, Void
 * null. JSON is whatever the field holds: `unknown`, so a reshape function has to check it.
 * Listed beyond this schema's own scalars so a schema refresh does not fail on them;
 * `strictScalars` fails the codegen on any other new scalar instead of typing it `any`.
 */
const scalars = {
  ID: "string",
  Date: "string",
  Hash: "string",
  JSON: "unknown",
  GraphQLBigInt: { input: "string", output: "string | number" },
  GraphQLStringOrFloat: "string | number",
  GraphQLGeoJSON: "unknown",
  Void: "null",
};

const header = (hash) => `// Generated by scripts/codegen.mjs from the query modules and src/content/directus.public.graphql.
// Do not edit: \`node scripts/codegen.mjs\` (or any build) rewrites it. Inputs: ${hash}
`;

/** The text of src/content/generated/operations.ts. */
export async function generateOperationsSource({ schema = loadSchema(), operations } = {}) {
  operations ??= await loadOperations();
  if (!operations.length) throw new Error(`no operations found in the query modules of ${relative(root, sourceDir)}`);
  const [{ codegen }, typescriptOperations] = await Promise.all([
    import("@graphql-codegen/core"),
    import("@graphql-codegen/typescript-operations"),
  ]);

  // Each document carries its own copy of the fragments it uses: codegen wants each once.
  const fragments = new Map();
  const operationDefinitions = [];
  const reads = {};
  for (const { name, document } of operations) {
    const ast = parse(document);
    for (const definition of ast.definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION) operationDefinitions.push(definition);
      else if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        const text = print(definition);
        const seen = fragments.get(definition.name.value);
        if (seen && print(seen) !== text) throw new Error(`two different fragments are named ${definition.name.value}`);
        fragments.set(definition.name.value, definition);
      }
    }
    if (isPreviewOnly(name)) continue;
    const read = deriveReads(schema, ast, name);
    // The module derives these two from the reads when it loads: they must come out the same.
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    if (!same(collectionsOfReads(read), deriveCollections(schema, ast, name)))
      throw new Error(`${name}: its paths miss collections it reads`);
    if (!same(listFieldsOfReads(read), deriveListFields(schema, ast, name)))
      throw new Error(`${name}: its list paths miss top-level lists`);
    reads[name] = read;
  }
  const byName = (a, b) => (a.name.value < b.name.value ? -1 : 1);
  const merged = {
    kind: Kind.DOCUMENT,
    definitions: [...[...fragments.values()].sort(byName), ...operationDefinitions.sort(byName)],
  };

  const types = await codegen({
    filename: outputFile,
    // An AST, not the GraphQLSchema: codegen's own copy of graphql may be another instance
    // (vitest resolves graphql's ESM build, Node its CommonJS one).
    schema: parse(printSchema(schema)),
    documents: [{ location: "src/**/queries.ts", document: merged }],
    plugins: [{ typescriptOperations: {} }],
    pluginMap: { typescriptOperations },
    config: {
      scalars,
      strictScalars: true,
      skipTypename: true,
      // Result fields are never optional (Directus answers every selected field, null when empty:
      // the plugin's default since v6); nullable variables stay optional, so loaders leave out
      // `$status`, which the server sets.
      avoidOptionals: { variableValue: false, inputValue: false, defaultValue: false },
      arrayInputCoercion: false,
      // One field a line, and a fragment's type reused by name where it is spread.
      printFieldsOnNewLines: true,
      inlineFragmentTypes: "combine",
    },
  });

  return `${header(inputHash(operations))}
${types.trim()}

/** The operations that tag what they read: every one but the reads of a content version. */
export type CachedOperationName = ${Object.keys(reads)
    .map((name) => JSON.stringify(name))
    .join(" | ")};

/**
 * What each operation's answer shows (scripts/codegen.mjs \`deriveReads\`): the collection at each
 * response path, the list paths, the root fields that select one item by a unique field, and per
 * collection the fields shown and the fields its filters and sorts read. Cached results and
 * pages are tagged from it with the items they show (src/content/tags.server.ts).
 */
export const operationReads: Record<string, OperationReads> = ${JSON.stringify(reads)};

/**
 * The Directus collections each operation reads (those at the paths of its answer): its cached
 * result is tagged with their content generations, so a webhook for any of them invalidates it.
 */
export const operationCollections = Object.fromEntries<readonly string[]>(
  Object.entries(operationReads).map(([name, reads]) => [name, [...new Set(Object.values(reads.paths).flat())].sort()]),
) as Record<CachedOperationName, readonly string[]>;

/**
 * The top-level fields of each operation's answer that are lists in the schema: Directus
 * answering anything but an array for one (null, an object) is an upstream fault, not content.
 */
export const operationListFields: Partial<Record<CachedOperationName, readonly string[]>> = Object.fromEntries(
  Object.entries(operationReads).flatMap(([name, reads]) => {
    const lists = reads.lists.filter((path) => !path.includes("."));
    return lists.length ? [[name, lists]] : [];
  }),
);

export interface OperationReads {
  paths: Record<string, readonly string[]>;
  lists: readonly string[];
  keyed: readonly string[];
  shown: Record<string, readonly string[]>;
  membership: Record<string, readonly string[]>;
}
`;
}

/**
 * Regenerates the file unless its inputs are unchanged, and writes it only when its text
 * changed (watchers and tsc see no churn).
 */
export async function writeOperationsFile() {
  const started = performance.now();
  const operations = await loadOperations();
  let current = null;
  try {
    current = readFileSync(outputFile, "utf8");
  } catch {
    // first run
  }
  let changed = false;
  if (!current?.startsWith(header(inputHash(operations)))) {
    const source = await generateOperationsSource({ operations });
    changed = current !== source;
    if (changed) {
      mkdirSync(dirname(outputFile), { recursive: true });
      writeFileSync(outputFile, source);
    }
  }
  // Build output, like src/generated: ignored by the root .gitignore, and the folder also ignores
  // itself (a checkout whose .gitignore predates that entry).
  const ignore = join(dirname(outputFile), ".gitignore");
  if (!existsSync(ignore)) writeFileSync(ignore, "# Written by scripts/codegen.mjs on every build.\n*\n");
  return { file: relative(root, outputFile), changed, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { file, changed, ms } = await writeOperationsFile();
  console.log(`codegen: ${file} ${changed ? "written" : "unchanged"} in ${ms} ms`);
}
