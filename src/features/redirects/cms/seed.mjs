// Demo redirects (decision 015). Written through REST by cms/scripts/seed.mjs.

/** Redirects to learn from in the admin: an old docs version, the status page, a retired programme. */
export const redirects = [
  { source: "/docs/v1", match: "prefix", target: "/docs", status_code: 308, note: "The first docs version moved to /docs." },
  { source: "/status", target: "https://status.meridian.example/", status_code: 307, note: "The status page lives on its own host." },
  {
    source: "/news/(\\d{4})/([a-z0-9-]+)",
    match: "regex",
    target: "/blog/$2",
    status_code: 301,
    note: "Links from the old newsroom (/news/2023/slug).",
  },
  { source: "/early-access", status_code: 410, note: "The early-access programme has ended." },
];
