// Demo changelog entries. `daysAgo` sets the entry's date (its publish time): a negative value
// is a published entry scheduled for the future, which appears by itself on that day. `docs`
// are docs paths below /docs (section/…/page), `operations` operationIds of the seeded API.
const md = (strings, ...values) => String.raw({ raw: strings }, ...values).replace(/^\n/, "");

export const changelogEntries = [
  {
    slug: "cluster-upgrades-operation",
    title: "Cluster upgrades have an operation of their own",
    kind: "deprecated",
    products: ["Kubernetes"],
    daysAgo: 1,
    docs: [],
    operations: ["updateCluster", "upgradeCluster"],
    body: md`
API v2 upgrades a cluster with \`POST /v1/clusters/{cluster_id}/upgrade\` ([Upgrade a cluster](/docs/api/clusters/upgrade-cluster)). Changing \`kubernetes_version\` through \`PATCH /v1/clusters/{cluster_id}\` ([Update a cluster](/docs/api/clusters/update-cluster)) still works and is deprecated: a later version will refuse it.`,
  },
  {
    // Names the version it announces ("API v2"): its page and feed item list v2's breaking changes.
    slug: "api-v2",
    title: "API v2 is the latest version",
    kind: "new",
    products: ["API"],
    daysAgo: 3,
    docs: [],
    operations: ["createBucket", "deleteEndpoint"],
    body: md`
The [API reference](/docs/api) now describes **v2**; v1's stays at [/docs/api/v1](/docs/api/v1) while your clients move. Creating a bucket needs \`storage_class\`, and deleting an inference endpoint answers \`202\` while it drains: the list below names every change a v1 client meets.`,
  },
  {
    slug: "b200-reserved-clusters",
    title: "B200 reserved clusters in eu-north-1",
    kind: "new",
    products: ["GPU Clusters"],
    daysAgo: 2,
    docs: ["gpu-clusters/instance-types", "gpu-clusters/spot-and-reserved"],
    operations: ["createCluster"],
    body: md`
Reserved clusters of **NVIDIA B200** nodes (8 GPUs, 1.4 TB HBM3e, 8 × 400 Gb/s InfiniBand per node) can now be created in \`eu-north-1\`, in blocks of 16 to 512 nodes for terms of 3 to 36 months.

Use the instance type \`b200.8x\` in the console, the CLI or \`POST /v1/clusters\`. Capacity is confirmed within one business day.`,
  },
  {
    slug: "node-pool-autoscaling-to-zero",
    title: "GPU node pools scale down to zero",
    kind: "improved",
    products: ["Kubernetes"],
    daysAgo: 6,
    docs: ["kubernetes/autoscaling", "kubernetes/gpu-node-pools"],
    operations: ["updateNodePool", "createNodePool"],
    body: md`
A GPU node pool's \`autoscaling.min_nodes\` may now be \`0\`. An idle pool releases its last node after the scale-down delay (10 minutes by default) and is billed nothing until a pod needs a GPU again; the first node is ready in about 90 seconds.`,
  },
  {
    slug: "streaming-usage-in-final-chunk",
    title: "Token usage in the last chunk of a stream",
    kind: "improved",
    products: ["AI Studio"],
    daysAgo: 11,
    docs: ["ai-studio/chat-completions/streaming"],
    operations: [],
    body: md`
Streamed chat completions now report \`usage\` (prompt, completion and total tokens) in the final chunk before \`data: [DONE]\`, so clients no longer need a second request to count tokens. Set \`stream_options.include_usage\` to \`false\` to leave it out.`,
  },
  {
    slug: "presigned-url-clock-skew",
    title: "Presigned URLs accepted with up to 15 minutes of clock skew",
    kind: "fixed",
    products: ["Object Storage"],
    daysAgo: 15,
    docs: ["object-storage/presigned-urls"],
    operations: [],
    body: md`
Presigned URLs created on machines whose clock ran a few minutes ahead were refused with \`RequestTimeTooSkewed\`. Object storage now accepts a signing time up to 15 minutes in the future, as Amazon S3 does.`,
  },
  {
    slug: "instance-actions-idempotency",
    title: "Idempotency keys on instance actions",
    kind: "new",
    products: ["API"],
    daysAgo: 20,
    docs: [],
    operations: ["runInstanceAction", "createInstance"],
    body: md`
\`POST /v1/instances/{instance_id}/actions\` and \`POST /v1/instances\` accept an \`Idempotency-Key\` header. A retried request with the same key within 24 hours returns the first answer instead of acting twice.`,
  },
  {
    slug: "slurm-24-11",
    title: "Slurm 24.11 on managed Slurm clusters",
    kind: "improved",
    products: ["Slurm", "GPU Clusters"],
    daysAgo: 27,
    docs: ["gpu-clusters/slurm", "gpu-clusters/slurm/multi-node-jobs"],
    operations: [],
    body: md`
New managed Slurm clusters run **Slurm 24.11**; existing clusters are upgraded in their next maintenance window. Highlights: \`--segment\` for topology-aware placement on the InfiniBand fabric and faster \`sacct\` queries on clusters with millions of jobs.`,
  },
  {
    slug: "cli-storage-sync-checksums",
    title: "meridian storage sync verifies checksums",
    kind: "fixed",
    products: ["CLI", "Object Storage"],
    daysAgo: 34,
    docs: ["cli/storage"],
    operations: [],
    body: md`
\`meridian storage sync\` compared objects by size and time only and could skip a changed file of the same size. Version 2.14 compares CRC64 checksums as well; \`--size-only\` restores the old behaviour.`,
  },
  {
    slug: "v1-regions-zones-deprecated",
    title: "The zones field of regions is deprecated",
    kind: "deprecated",
    products: ["API"],
    daysAgo: 41,
    docs: ["getting-started/regions"],
    operations: ["listRegions", "getRegion"],
    body: md`
The \`zones\` array of a region is deprecated and will be removed on **1 March 2027**. Read \`availability_zones\`, which also carries each zone's GPU types. Until then both fields are returned.`,
  },
  {
    slug: "api-key-scopes",
    title: "API keys limited to read-only scopes",
    kind: "new",
    products: ["API"],
    daysAgo: 48,
    docs: ["getting-started/authentication"],
    operations: ["createApiKey", "listApiKeys"],
    body: md`
An API key can now be created with \`scopes: ["read"]\`: it lists and reads resources but cannot create, change or delete them. Useful for dashboards and cost reports.`,
  },
  {
    slug: "ingress-http3",
    title: "HTTP/3 on managed ingress",
    kind: "improved",
    products: ["Kubernetes", "Networking"],
    daysAgo: 56,
    docs: ["kubernetes/ingress"],
    operations: [],
    body: md`
Load balancers created by the managed ingress controller now answer over HTTP/3 (QUIC) as well as HTTP/1.1 and HTTP/2. Turn it off per ingress with the annotation \`meridian.cloud/http3: "false"\`.`,
  },
  {
    slug: "bucket-lifecycle-transitions",
    title: "Lifecycle rules move objects to the archive tier",
    kind: "new",
    products: ["Object Storage"],
    daysAgo: -3,
    docs: ["object-storage/lifecycle-rules"],
    operations: ["createBucket"],
    body: md`
Lifecycle rules gain a \`transition\` action: objects older than a given number of days move to the archive tier at a fifth of the standard price. Reading an archived object restores it within 4 hours.`,
  },
  {
    slug: "fine-tuning-preview-notes",
    title: "Fine-tuning: draft notes",
    kind: "new",
    products: ["AI Studio"],
    status: "draft",
    daysAgo: 1,
    docs: ["ai-studio/fine-tuning"],
    operations: [],
    body: md`
Not ready: an editor's draft.`,
  },
];
