// A small corpus shaped like the site's content: doc pages (Markdown, split into sections by
// docSections), posts, roles and events. Used by the search tests and by scripts/bench/search.mjs (test data: kept out of src/).
import { docSections, type DocPage, type SearchDocument } from "../../src/features/search/documents";

/** The clock of the fixtures: posts are dated relative to it. */
export const fixtureNow = Date.parse("2026-11-20T12:00:00Z");

/** The test slugger: what a docs renderer typically does (lower case, runs of other characters → `-`). */
export function fixtureSlugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
}

const daysAgo = (days: number) => new Date(fixtureNow - days * 86_400_000).toISOString();

export const fixtureDocPages: DocPage[] = [
  {
    url: "/docs/gpu-clusters",
    title: "GPU clusters",
    section: "Compute",
    description: "Dedicated clusters of H100 and B200 GPUs connected by InfiniBand, reserved or on demand.",
    markdown: `---
title: GPU clusters
---
# GPU clusters

A GPU cluster is a set of bare-metal nodes with eight GPUs each, connected by a non-blocking fabric.
You create one from the console or with \`mrd cluster create\`.

## Choosing a GPU type

Meridian offers **H100** and **B200** nodes. The H100 SXM has 80 GB of HBM3 per GPU; the B200 has 192 GB.
Pick the B200 for models above 70B parameters or long context windows.

## InfiniBand fabric

Every node has eight 400 Gb/s InfiniBand NDR links, one per GPU, arranged in a rail-optimised topology.
Collective operations such as all-reduce stay inside a rail group.

\`\`\`bash
# ## Not a heading: this is inside a code block
ibstat | grep Rate
\`\`\`

### Checking link health

Run \`ibdiagnet\` after provisioning. A link that flaps more than twice an hour is replaced automatically.

## Reserved capacity

Reserved capacity is billed monthly whether you use it or not, at a lower hourly rate than on-demand nodes.
See [pricing](/pricing) for the current rates.
`,
  },
  {
    url: "/docs/kubernetes/node-pools",
    title: "Managed Kubernetes node pools",
    section: "Kubernetes",
    description: "Add GPU nodes to a Managed Kubernetes cluster, scale them automatically and keep them up to date.",
    markdown: `# Managed Kubernetes node pools

A node pool is a group of identical nodes in a Kubernetes cluster. GPU pools come with the NVIDIA device plugin installed.

## Creating a GPU node pool

Choose the GPU type and the number of nodes. Pools of up to 64 nodes are created in about ten minutes.

## Autoscaling

The cluster autoscaler adds nodes when pods are pending and removes idle ones after 10 minutes.

### Taints and tolerations

GPU nodes carry the taint \`nvidia.com/gpu=present:NoSchedule\`, so only pods that request GPUs land on them.

## Upgrading Kubernetes versions

Control-plane upgrades are automatic. Node pools are upgraded one node at a time, draining each node first.
`,
  },
  {
    url: "/docs/slurm",
    title: "Slurm clusters",
    section: "Compute",
    description: "Run batch training jobs with Slurm on Meridian GPU clusters.",
    markdown: `# Slurm clusters

Meridian runs a managed Slurm controller next to your GPU cluster, so your team keeps its familiar batch workflow.

## Submitting jobs with sbatch

Write a batch script and submit it with \`sbatch train.sh\`. Use \`--gres=gpu:8\` to request all GPUs of a node.

## Partitions and QoS

Each cluster starts with a \`gpu\` partition and a \`debug\` partition limited to two nodes and 30 minutes.

## Job scheduling and fair share

The scheduler orders pending jobs by a multifactor priority: age, fair share and job size.
Backfill scheduling starts small jobs early when they will not delay the next large job.
`,
  },
  {
    url: "/docs/object-storage",
    title: "Object Storage",
    section: "Storage",
    description: "S3-compatible object storage for datasets, checkpoints and model weights.",
    markdown: `# Object Storage

Buckets hold any number of objects of up to 5 TB each, replicated across three zones.

## Creating a bucket

Bucket names are global and must be 3 to 63 characters long: lower-case letters, digits and hyphens.

## S3-compatible API

Use any S3 client. Point it at the regional endpoint and sign requests with an access key from the console.

## Lifecycle rules

Lifecycle rules move objects to the archive tier or delete them after a number of days.

## Consistency model

Reads after a successful write always return the new object: Object Storage is strongly consistent.
`,
  },
  {
    url: "/docs/inference/api",
    title: "Inference API",
    section: "AI Studio",
    description: "Call hosted models over HTTPS: chat completions, embeddings and streaming.",
    markdown: `# Inference API

The Inference API serves open models behind an OpenAI-compatible interface.

## Authentication

Send your API key as a bearer token in the \`Authorization\` header. Keys are scoped to one project.

## Chat completions

POST a list of messages to \`/v1/chat/completions\`. Requests are served with continuous batching, so short
requests are not held up by long ones.

## Rate limits

Each key may send 600 requests and 2 million tokens per minute. A 429 response carries a \`Retry-After\` header.

## Streaming responses

Set \`stream: true\` to receive tokens as server-sent events while they are generated.
`,
  },
];

const fixturePosts: SearchDocument[] = [
  {
    id: "/blog/reserved-or-on-demand-gpus",
    kind: "post",
    title: "Reserved or on-demand GPUs: a worked example",
    description: "A cost model for a team that trains weekly and serves daily, with the numbers we use when customers ask which to buy.",
    headings: "The model\nWhere the break-even sits\nWhat we recommend",
    body:
      "The question we hear most from new customers is whether to reserve capacity or run on demand. The answer depends on " +
      "one number: how many GPU-hours per week you will use with certainty. Take a team that fine-tunes a 70B model once a " +
      "week on 64 GPUs for 30 hours. Reserved capacity is billed whether you use it or not. It pays off once utilisation of " +
      "the reserved block stays above the ratio of the reserved to the on-demand price. Reserve what you can predict and " +
      "burst the rest on demand.",
    url: "/blog/reserved-or-on-demand-gpus",
    section: "Customers",
    date: daysAgo(9),
  },
  {
    id: "/blog/topology-aware-scheduling-for-multi-node-training",
    kind: "post",
    title: "Topology-aware scheduling for multi-node training",
    description: "How we place jobs on GPU clusters so that all-reduce traffic stays inside a rail group, and what it did to step time.",
    headings: "What the scheduler knows now\nRequesting a placement\nResults",
    body:
      "A 512-GPU training job is only as fast as its slowest all-reduce. When we started placing jobs purely by free " +
      "capacity, step times for the same model varied by up to 18% from one run to the next. Every node in a Meridian " +
      "cluster reports its position in the fabric: rail, leaf switch and spine group. The scheduler treats these as a tree " +
      "and scores each candidate placement by the number of switch hops. Across 1,900 jobs in the last quarter, median " +
      "step-time variance fell from 11% to 2.6%.",
    url: "/blog/topology-aware-scheduling-for-multi-node-training",
    section: "Engineering",
    date: daysAgo(3),
  },
  {
    id: "/blog/ai-studio-continuous-batching",
    kind: "post",
    title: "Continuous batching in AI Studio, measured",
    description: "What continuous batching does to throughput and tail latency of an inference endpoint, with numbers.",
    body:
      "Static batches wait for the slowest request. With continuous batching, AI Studio adds new requests to a running " +
      "batch at every decoding step. On a 70B model throughput rose 3.1 times while p99 latency stayed under budget.",
    url: "/blog/ai-studio-continuous-batching",
    section: "Engineering",
    date: daysAgo(40),
  },
  {
    id: "/blog/rail-optimised-fabric",
    kind: "post",
    title: "Why our GPU fabric is rail-optimised",
    description: "One InfiniBand rail per GPU position: fewer hops for collectives and simpler failure domains.",
    body:
      "In a rail-optimised fabric the first GPU of every node connects to the same leaf switch, the second GPU to the next, " +
      "and so on. Collective operations then cross one switch instead of three.",
    url: "/blog/rail-optimised-fabric",
    section: "Engineering",
    date: daysAgo(70),
  },
  {
    id: "/blog/managed-kubernetes-gpu-node-pools",
    kind: "post",
    title: "GPU node pools in Managed Kubernetes",
    description: "Node pools with H100 GPUs, the device plugin preinstalled and autoscaling from zero.",
    body:
      "Managed Kubernetes now supports GPU node pools. Pools scale from zero, so a cluster that only trains at night pays " +
      "for GPUs only at night.",
    url: "/blog/managed-kubernetes-gpu-node-pools",
    section: "Product",
    date: daysAgo(120),
  },
  {
    id: "/blog/slurm-on-meridian",
    kind: "post",
    title: "Running Slurm on Meridian without a platform team",
    description: "A managed Slurm controller, accounting and fair share, set up in minutes.",
    body:
      "Research teams that grew up on university clusters know Slurm. We run the controller and the database; you keep " +
      "sbatch, srun and your partitions.",
    url: "/blog/slurm-on-meridian",
    section: "Product",
    date: daysAgo(200),
  },
  {
    id: "/blog/object-storage-consistency",
    kind: "post",
    title: "Strong read-after-write consistency in Object Storage",
    description: "Why a checkpoint written by one node can be read at once by all the others.",
    body:
      "Object Storage used to be eventually consistent for overwrites. Since the new metadata layer, every read after a " +
      "successful write returns the new object, in every zone.",
    url: "/blog/object-storage-consistency",
    section: "Engineering",
    date: daysAgo(300),
  },
];

const fixtureJobs: SearchDocument[] = [
  {
    id: "/careers/senior-kubernetes-engineer",
    kind: "job",
    title: "Senior Kubernetes Engineer",
    description: "Build the managed Kubernetes service customers run their inference and training on.",
    body:
      "You will work on the control plane and the node lifecycle of Managed Kubernetes: upgrades, autoscaling and GPU " +
      "node pools. You know Go and have operated Kubernetes clusters in production.",
    url: "/careers/senior-kubernetes-engineer",
    section: "GPU Platform · Amsterdam, Netherlands",
  },
  {
    id: "/careers/senior-software-engineer-gpu-scheduler",
    kind: "job",
    title: "Senior Software Engineer, GPU Scheduler",
    description: "Work on the scheduler that places training jobs across thousands of GPUs.",
    body:
      "Design and ship placement and preemption features in Go. Build simulation tooling to test scheduling changes " +
      "against recorded workloads. Take part in the on-call rotation for the scheduler.",
    url: "/careers/senior-software-engineer-gpu-scheduler",
    section: "GPU Platform · Amsterdam, Netherlands",
  },
  {
    id: "/careers/senior-network-engineer-fabric",
    kind: "job",
    title: "Senior Network Engineer, Data Centre Fabric",
    description: "Design, build and operate the InfiniBand and Ethernet fabrics that connect our GPU clusters.",
    body: "Plan fabric topologies for new halls and regions. Automate switch configuration and firmware rollouts.",
    url: "/careers/senior-network-engineer-fabric",
    section: "Networking · Stockholm, Sweden",
  },
  {
    id: "/careers/software-engineer-object-storage",
    kind: "job",
    title: "Software Engineer, Object Storage",
    description: "Work on the replicated metadata layer behind Meridian Object Storage and its S3-compatible API.",
    body: "Improve consistency, throughput and tail latency of metadata operations.",
    url: "/careers/software-engineer-object-storage",
    section: "Storage · Stockholm, Sweden",
  },
  {
    id: "/careers/data-centre-technician",
    kind: "job",
    title: "Data Centre Technician",
    description: "Install, cable and repair GPU servers in our liquid-cooled halls.",
    body: "Work in shifts at our site in Luleå. Replace failed GPUs, NICs and optics, and keep the spares inventory right.",
    url: "/careers/data-centre-technician",
    section: "Data Centre Operations · Luleå, Sweden",
  },
];

const fixtureEvents: SearchDocument[] = [
  {
    id: "/events/meridian-at-kubecon-europe",
    kind: "event",
    title: "Meridian at KubeCon Europe",
    description: "Meet the Managed Kubernetes team at booth S42 and hear our talk on GPU autoscaling.",
    body: "Our engineers show GPU node pools scaling from zero, and answer questions about running training on Kubernetes.",
    url: "/events/meridian-at-kubecon-europe",
    section: "Conference · Amsterdam",
    date: "2027-03-23T09:00:00Z",
  },
  {
    id: "/events/workshop-slurm-to-kubernetes",
    kind: "event",
    title: "Online workshop: from Slurm to Kubernetes for training",
    description: "Move batch training from Slurm to Kubernetes without losing fair share and gang scheduling.",
    body: "A hands-on session: we port an sbatch script to a Kubernetes job with queueing and topology-aware placement.",
    url: "/events/workshop-slurm-to-kubernetes",
    section: "Workshop · Online",
    date: "2026-12-10T15:00:00Z",
  },
  {
    id: "/events/webinar-serving-llms-on-a-latency-budget",
    kind: "event",
    title: "Webinar: serving LLMs on a latency budget",
    description: "How to size an inference endpoint for a p99 latency target.",
    body: "We walk through batching, quantisation and autoscaling settings of the Inference API with live measurements.",
    url: "/events/webinar-serving-llms-on-a-latency-budget",
    section: "Webinar · Online",
    date: "2026-12-02T16:00:00Z",
  },
  {
    id: "/events/meridian-at-ai-infra-summit-berlin",
    kind: "event",
    title: "Meridian at AI Infra Summit Berlin",
    description: "Talks on InfiniBand fabrics and checkpointing at scale.",
    body: "Find us at the summit for two talks and a demo of liquid-cooled racks.",
    url: "/events/meridian-at-ai-infra-summit-berlin",
    section: "Conference · Berlin",
    date: "2026-10-14T09:00:00Z",
  },
];

const fixtureDocs: SearchDocument[] = fixtureDocPages.flatMap((page) => docSections(page, fixtureSlugify));

/** The whole fixture corpus. */
export const fixtureCorpus: SearchDocument[] = [...fixtureDocs, ...fixturePosts, ...fixtureJobs, ...fixtureEvents];
