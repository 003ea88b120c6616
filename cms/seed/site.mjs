// Small collections and singletons.

export const newsletterTopics = [
  {
    key: "product-updates",
    title: "Product updates",
    description: "New GPU types, regions and features, once a month. No more than one email a month.",
    sort: 1,
  },
  {
    key: "engineering",
    title: "Engineering blog",
    description: "New articles from Meridian engineers on scheduling, networking, storage and inference.",
    sort: 2,
  },
  {
    key: "events",
    title: "Events and webinars",
    description: "Invitations to conferences where we have a booth, and to our online sessions.",
    sort: 3,
  },
];

export const stockQuote = {
  ticker: "MRDN",
  value: 84.12,
  currency: "USD",
  change: 1.24,
  // last_update is set to the seed time by the seed script.
};

export const siteSettings = {
  site_name: "Meridian Cloud",
  booking_link: "https://meridian.example/book-a-meeting",
  privacy_policy_link: "/legal/privacy-policy",
  // Redirects may lead off the site to these hosts only.
  redirect_hosts: ["status.meridian.example"],
  // default_social_image is a generated 1280x640 image uploaded by the seed script.
};

export const searchProposals = [
  { label: "GPU cluster pricing", query: "gpu pricing", sort: 1 },
  { label: "Reserved vs on-demand capacity", query: "reserved capacity", sort: 2 },
  { label: "Serverless inference with AI Studio", query: "ai studio inference", sort: 3 },
  { label: "Managed Kubernetes for training", query: "kubernetes training", sort: 4 },
  { label: "Slurm quick start", query: "slurm", sort: 5 },
  { label: "S3-compatible object storage", query: "object storage s3", sort: 6 },
  { label: "Regions and data centres", query: "regions", sort: 7 },
  { label: "Open roles in engineering", query: "careers engineering", sort: 8 },
];

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
