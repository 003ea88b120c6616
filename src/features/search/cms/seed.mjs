// The searches the search dialog proposes. Written through REST by cms/scripts/seed.mjs.

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
