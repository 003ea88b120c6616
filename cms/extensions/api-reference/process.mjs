// Turns a valid OpenAPI 3.1 document into what the site renders: every $ref resolved (a schema
// that contains itself stays a named reference), allOf merged into one object, operations
// listed per tag with their parameters, body and responses, and an example for each. No
// dependencies and no code generation, so the same function runs in the CMS hook (Node) and in
// the worker's tests (workerd); validation is the parser's job, before this runs.

/** Bumped when the shape below changes; the site ignores documents of another format. */
export const processedFormat = 1;

/**
 * A version's name, which is also its URL segment (`/docs/api/v1/…`): `v` and a number. No tag
 * slug may look like one, so a version's pages and a tag's never share an address.
 */
export const apiVersionPattern = /^v[0-9]{1,4}$/;

const methods = ["get", "post", "put", "patch", "delete", "head", "options", "trace"];

/** `createCluster` → `create-cluster`, `API keys` → `api-keys`. */
export function slugify(text) {
  return String(text)
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function pointer(document, ref) {
  if (typeof ref !== "string" || !ref.startsWith("#/")) throw new Error(`Only local references are supported: ${ref}`);
  let node = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in node)) throw new Error(`Unresolved reference ${ref}`);
    node = node[key];
  }
  return node;
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** Resolves references in any part of the document (parameters, responses, bodies). */
function resolveNode(document, node, seen = new Set()) {
  while (isObject(node) && typeof node.$ref === "string") {
    if (seen.has(node.$ref)) throw new Error(`Circular reference ${node.$ref}`);
    seen.add(node.$ref);
    node = pointer(document, node.$ref);
  }
  return node;
}

/** Merges allOf parts that are objects into one object schema; other keywords are kept. */
function mergeAllOf(schema) {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  const merged = { ...rest };
  const properties = { ...(rest.properties ?? {}) };
  const required = new Set(rest.required ?? []);
  const others = [];
  for (const part of allOf) {
    if (isObject(part) && (part.type === "object" || part.properties) && !part.oneOf && !part.anyOf) {
      Object.assign(properties, part.properties ?? {});
      for (const name of part.required ?? []) required.add(name);
      for (const [key, value] of Object.entries(part)) {
        if (!["properties", "required", "type", "title"].includes(key) && !(key in merged)) merged[key] = value;
      }
    } else others.push(part);
  }
  merged.type ??= "object";
  merged.properties = properties;
  if (required.size) merged.required = [...required];
  if (others.length) merged.allOf = others;
  return merged;
}

/** A schema with its references inlined; a schema met again inside itself stays `{ "x-circular": name }`. */
function resolveSchema(document, schema, stack = []) {
  if (Array.isArray(schema)) return schema.map((item) => resolveSchema(document, item, stack));
  if (!isObject(schema)) return schema;
  let name;
  if (typeof schema.$ref === "string") {
    name = schema.$ref.split("/").pop();
    if (stack.includes(schema.$ref)) return { "x-circular": name, ...(schema.description ? { description: schema.description } : {}) };
    const { $ref, ...siblings } = schema;
    const target = pointer(document, $ref);
    const resolved = resolveSchema(document, target, [...stack, $ref]);
    return { ...resolved, ...siblings, "x-name": resolved["x-name"] ?? name };
  }
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" || key === "patternProperties" || key === "$defs") {
      out[key] = Object.fromEntries(Object.entries(value).map(([prop, sub]) => [prop, resolveSchema(document, sub, stack)]));
    } else if (["items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"].includes(key) && isObject(value)) {
      out[key] = resolveSchema(document, value, stack);
    } else if (["allOf", "oneOf", "anyOf", "prefixItems"].includes(key) && Array.isArray(value)) {
      out[key] = value.map((item) => resolveSchema(document, item, stack));
    } else out[key] = value;
  }
  return mergeAllOf(out);
}

/** An example value for a schema: its own example, default, const or first enum value, else one built from its type. */
export function sampleOf(schema, depth = 0) {
  if (!isObject(schema) || depth > 8) return null;
  if ("example" in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ("const" in schema) return schema.const;
  if ("default" in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (Array.isArray(schema.oneOf) && schema.oneOf.length) return sampleOf(schema.oneOf[0], depth + 1);
  if (Array.isArray(schema.anyOf) && schema.anyOf.length) return sampleOf(schema.anyOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || schema.properties) {
    const out = {};
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (sub?.readOnly) continue;
      out[name] = sampleOf(sub, depth + 1);
    }
    return out;
  }
  if (type === "array") return schema.items ? [sampleOf(schema.items, depth + 1)] : [];
  if (type === "integer" || type === "number") return schema.minimum ?? 0;
  if (type === "boolean") return false;
  if (type === "string") {
    if (schema.format === "date-time") return "2026-01-01T00:00:00Z";
    if (schema.format === "uri") return "https://example.com";
    return "string";
  }
  return null;
}

function mediaOf(document, content) {
  const entries = Object.entries(content ?? {});
  const [contentType, media] = entries.find(([type]) => type.includes("json")) ?? entries[0] ?? [];
  if (!contentType) return { contentType: null, schema: null, example: null };
  const schema = media.schema ? resolveSchema(document, media.schema) : null;
  const firstExample = media.examples ? resolveNode(document, Object.values(media.examples)[0])?.value : undefined;
  const example = media.example ?? firstExample ?? (schema ? sampleOf(schema) : null);
  return { contentType, schema, example: example ?? null };
}

function parameterOf(document, raw) {
  const parameter = resolveNode(document, raw);
  const schema = parameter.schema ? resolveSchema(document, parameter.schema) : { type: "string" };
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.in === "path" ? true : Boolean(parameter.required),
    description: parameter.description ?? "",
    deprecated: Boolean(parameter.deprecated),
    schema,
    example: parameter.example ?? sampleOf(schema),
  };
}

/**
 * Samples written in the document for an operation (`x-codeSamples`, as Redocly reads it, or its
 * older spelling `x-code-samples`): each a `lang`, an optional `label` and the `source`. The site
 * shows them ahead of its generated ones.
 */
function writtenSamples(operation, where) {
  const raw = operation["x-codeSamples"] ?? operation["x-code-samples"];
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new Error(`x-codeSamples of ${where} must be a list of { lang, label, source }`);
  return raw.map((sample, index) => {
    const lang = typeof sample?.lang === "string" ? sample.lang.trim() : "";
    const source = typeof sample?.source === "string" ? sample.source.replace(/\s+$/, "") : "";
    if (!lang || !source) throw new Error(`x-codeSamples[${index}] of ${where} needs a lang and a source`);
    const label = typeof sample.label === "string" && sample.label.trim() ? sample.label.trim() : lang;
    return { lang, label, source };
  });
}

/**
 * The processed document. `navigation` is the small part every docs page reads (sidebar,
 * search, llms.txt); `reference` is the whole, read by the API pages and the mock.
 */
export function processApiDocument(source) {
  const document = structuredClone(source);
  const tagsByName = new Map();
  const tagOrder = (document.tags ?? []).map((tag) => tag.name);
  const describe = (name) => (document.tags ?? []).find((tag) => tag.name === name)?.description ?? "";
  const operations = [];
  const usedSlugs = new Set();
  for (const [path, rawItem] of Object.entries(document.paths ?? {})) {
    const item = resolveNode(document, rawItem);
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      if (!tagOrder.includes(tag)) tagOrder.push(tag);
      const id = operation.operationId ?? `${method}-${path}`;
      let slug = slugify(id) || method;
      while (usedSlugs.has(`${tag}/${slug}`)) slug += "-2";
      usedSlugs.add(`${tag}/${slug}`);
      // Operation parameters override path-level ones of the same name and place.
      const parameters = new Map();
      for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = parameterOf(document, raw);
        parameters.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const body = operation.requestBody ? resolveNode(document, operation.requestBody) : null;
      const security = operation.security ?? document.security ?? [];
      operations.push({
        id,
        slug,
        tag,
        tagSlug: slugify(tag),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? id,
        description: operation.description ?? "",
        deprecated: Boolean(operation.deprecated),
        codeSamples: writtenSamples(operation, `${method.toUpperCase()} ${path}`),
        secured: security.some((requirement) => Object.keys(requirement).length > 0),
        parameters: [...parameters.values()],
        requestBody: body ? { required: Boolean(body.required), description: body.description ?? "", ...mediaOf(document, body.content) } : null,
        responses: Object.entries(operation.responses ?? {}).map(([status, raw]) => {
          const response = resolveNode(document, raw);
          return {
            status,
            description: response.description ?? "",
            headers: Object.entries(response.headers ?? {}).map(([name, header]) => {
              const resolved = resolveNode(document, header);
              return { name, description: resolved.description ?? "", schema: resolved.schema ? resolveSchema(document, resolved.schema) : null };
            }),
            ...mediaOf(document, response.content),
          };
        }),
      });
    }
  }
  for (const name of tagOrder) {
    const members = operations.filter((operation) => operation.tag === name);
    if (members.length) tagsByName.set(name, { name, slug: slugify(name), description: describe(name), operations: members.map((op) => op.id) });
  }
  const tags = [...tagsByName.values()];
  const clash = tags.find((tag) => apiVersionPattern.test(tag.slug));
  if (clash) throw new Error(`the tag "${clash.name}" would have the address of a version (${clash.slug}): rename the tag`);
  const schemes = Object.entries(document.components?.securitySchemes ?? {}).map(([name, raw]) => {
    const scheme = resolveNode(document, raw);
    return { name, type: scheme.type, scheme: scheme.scheme ?? null, in: scheme.in ?? null, headerName: scheme.name ?? null, description: scheme.description ?? "" };
  });
  const extra = document["x-meridian"] ?? {};
  const info = {
    title: document.info?.title ?? "API",
    version: document.info?.version ?? "",
    summary: document.info?.summary ?? "",
    description: document.info?.description ?? "",
  };
  const navigation = {
    format: processedFormat,
    title: info.title,
    tags: tags.map((tag) => ({
      name: tag.name,
      slug: tag.slug,
      operations: tag.operations.map((id) => {
        const op = operations.find((candidate) => candidate.id === id);
        return { id: op.id, slug: op.slug, method: op.method, path: op.path, summary: op.summary };
      }),
    })),
  };
  const reference = {
    format: processedFormat,
    info,
    servers: (document.servers ?? []).map((server) => ({ url: server.url, description: server.description ?? "" })),
    securitySchemes: schemes,
    guides: {
      errors: typeof extra.errors === "string" ? extra.errors : "",
      pagination: typeof extra.pagination === "string" ? extra.pagination : "",
      rateLimits: typeof extra.rateLimits === "string" ? extra.rateLimits : "",
    },
    tags,
    operations,
  };
  return { navigation, reference };
}
