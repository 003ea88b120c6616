// Read by the Analytics Engine reports (scripts/analytics.mjs, scripts/feedback.mjs).

/** Dataset names per environment from wrangler.toml's [[analytics_engine_datasets]] tables. */
export function datasetsFromWrangler(toml, binding) {
  const found = {};
  let table = null;
  let entry = {};
  const flush = () => {
    if (table && entry.binding === binding && entry.dataset) found[table] = entry.dataset;
  };
  for (const raw of toml.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    const header = /^\[\[?([^\]]+)\]\]?$/.exec(line);
    if (header) {
      flush();
      const match = /^(?:env\.([\w-]+)\.)?analytics_engine_datasets$/.exec(header[1].trim());
      table = match ? (match[1] ?? "dev") : null;
      entry = {};
      continue;
    }
    const pair = /^(\w+)\s*=\s*"([^"]*)"$/.exec(line);
    if (table && pair) entry[pair[1]] = pair[2];
  }
  flush();
  return found;
}
