// Pages built from blocks, the sections they share and the price list. Each block is
// `[collection, fields]`; `["sections", key]` places a shared section. Pages are listed parents
// first; `parent` names another page's key. Written through REST by cms/scripts/seed.mjs.

/** Offers of the GPU price list (the same numbers as docs/gpu-clusters/instance-types). */
export const plans = [
  {
    key: "gpu",
    name: "GPU compute",
    prices: [
      {
        name: "L40S",
        summary: "Inference, LoRA fine-tuning and batch embeddings for models up to about 30B parameters.",
        amount: "0.99",
        currency: "USD",
        unit: "per GPU-hour",
        cta_label: "Start on demand",
        cta_href: "/docs/getting-started/quickstart",
        features: [
          { feature: "GPU memory", value: "48 GB" },
          { feature: "GPUs per node", value: "4" },
          { feature: "Interconnect", value: "2 × 100 Gb/s Ethernet" },
          { feature: "1-year reserved", value: "$0.69" },
          { feature: "Multi-node training", value: "No" },
        ],
      },
      {
        name: "H100 SXM",
        summary: "The default for distributed training: 8 GPUs per node on a rail-optimised InfiniBand fabric.",
        amount: "2.49",
        currency: "USD",
        unit: "per GPU-hour",
        highlighted: true,
        cta_label: "Create a cluster",
        cta_href: "/docs/gpu-clusters/create-a-cluster",
        features: [
          { feature: "GPU memory", value: "80 GB" },
          { feature: "GPUs per node", value: "8" },
          { feature: "Interconnect", value: "8 × 400 Gb/s NDR" },
          { feature: "1-year reserved", value: "$1.59" },
          { feature: "Multi-node training", value: "Up to 4,096 GPUs" },
        ],
      },
      {
        name: "H200",
        summary: "141 GB per GPU: many 70B configurations drop one level of tensor parallelism.",
        amount: "3.19",
        currency: "USD",
        unit: "per GPU-hour",
        cta_label: "Create a cluster",
        cta_href: "/docs/gpu-clusters/create-a-cluster",
        features: [
          { feature: "GPU memory", value: "141 GB" },
          { feature: "GPUs per node", value: "8" },
          { feature: "Interconnect", value: "8 × 400 Gb/s NDR" },
          { feature: "1-year reserved", value: "$2.09" },
          { feature: "Multi-node training", value: "Up to 2,048 GPUs" },
        ],
      },
      {
        name: "B200",
        summary: "Roughly twice the dense BF16 throughput of H100 per GPU in our benchmarks.",
        amount: "4.89",
        currency: "USD",
        unit: "per GPU-hour",
        cta_label: "Talk to sales",
        cta_href: "/contact-sales",
        features: [
          { feature: "GPU memory", value: "192 GB" },
          { feature: "GPUs per node", value: "8" },
          { feature: "Interconnect", value: "8 × 400 Gb/s NDR" },
          { feature: "1-year reserved", value: "$3.29" },
          { feature: "Multi-node training", value: "nordics-2 and us-west-1" },
        ],
      },
    ],
  },
];

/** Sections: groups of blocks several pages show; edited once, changed everywhere. */
export const sections = [
  {
    key: "talk-to-an-engineer",
    name: "Closing call to action: talk to an engineer",
    blocks: [
      [
        "block_cta",
        {
          eyebrow: "Capacity planning",
          title: "Size your cluster with an engineer, not a form",
          text: "Tell us the model, the token budget and the deadline. We answer within one working day with a node count, a region and a price.",
          primary_label: "Contact sales",
          primary_href: "/contact-sales",
          secondary_label: "Read the docs",
          secondary_href: "/docs",
        },
      ],
    ],
  },
];

const productCards = [
  {
    icon: "compute",
    title: "GPU clusters",
    text: "Reserved and on-demand clusters with InfiniBand fabric, from 8 to 4,096 GPUs.",
    href: "/products/gpu-clusters",
  },
  {
    icon: "inference",
    title: "AI Studio",
    text: "Serverless inference for open models and your own, with per-token pricing.",
    href: "/products/ai-studio",
  },
  {
    icon: "orchestration",
    title: "Managed Kubernetes and Slurm",
    text: "Schedulers you already know, operated by us, with topology-aware placement.",
    href: "/products/kubernetes-and-slurm",
  },
  {
    icon: "storage",
    title: "Object storage",
    text: "S3-compatible storage next to your GPUs, with no egress fees between regions.",
    href: "/products/object-storage",
  },
];

const talk = ["sections", "talk-to-an-engineer"];

export const pages = [
  {
    key: "home",
    title: "Meridian Cloud",
    slug: "",
    seo_description:
      "GPU clusters for training, serverless inference, managed Kubernetes and Slurm, object storage and networking, in data centres across five regions.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "GPU cloud for AI teams",
          headline: "Train and serve models on infrastructure built for them",
          text: "Reserved and on-demand GPU clusters, serverless inference and managed orchestration, billed by the second.",
          primary_label: "Start building",
          primary_href: "/docs/getting-started/quickstart",
          secondary_label: "Talk to an engineer",
          secondary_href: "/contact-sales",
          illustration: "stack",
        },
      ],
      ["block_feature_grid", { title: "One platform from first experiment to production", items: productCards }, { anchor: "products" }],
      [
        "block_stats",
        {
          title: "Measured, not promised",
          items: [
            { value: "38,000+", label: "GPUs online" },
            { value: "5", label: "regions" },
            { value: "99.95%", label: "uptime over the last 12 months" },
          ],
        },
        { anchor: "proof" },
      ],
      ["block_feed", { kind: "latest_posts", title: "Latest from the blog" }],
      ["block_feed", { kind: "next_event", title: "Next event" }],
      [
        "block_feed",
        {
          kind: "open_roles",
          title: "Build the infrastructure AI runs on",
          text: "We hire engineers, operators and researchers across our regions.",
        },
      ],
      [
        "block_feed",
        {
          kind: "search_proposals",
          title: "Looking for something specific?",
          text: "Search articles, open roles and events, or start from a popular topic.",
        },
      ],
    ],
  },
  {
    key: "products",
    title: "Products",
    slug: "products",
    seo_description:
      "GPU clusters, serverless inference, managed Kubernetes and Slurm, and object storage: one account, one bill, five regions.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "Products",
          headline: "Four products, one network, one bill",
          text: "Every product runs in the same five regions, on the same fabric and the same identity and billing model. Start with one; add the others without moving data.",
          primary_label: "See pricing",
          primary_href: "/pricing",
          secondary_label: "Read the docs",
          secondary_href: "/docs",
          illustration: "network",
        },
      ],
      ["block_feature_grid", { title: "Choose a starting point", items: productCards }],
      talk,
    ],
  },
  {
    key: "gpu-clusters",
    parent: "products",
    title: "GPU clusters",
    slug: "gpu-clusters",
    seo_description: "Bare-metal H100, H200, B200 and L40S clusters with InfiniBand, Slurm and shared storage, on demand or reserved.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "GPU clusters",
          headline: "Bare-metal GPU clusters, ready in 12 minutes",
          text: "H100, H200, B200 and L40S nodes on a rail-optimised InfiniBand fabric, with a shared file system and a login node. On demand by the second, or reserved for one to three years.",
          primary_label: "Create a cluster",
          primary_href: "/docs/gpu-clusters/create-a-cluster",
          secondary_label: "See pricing",
          secondary_href: "/pricing",
          illustration: "cluster",
        },
      ],
      [
        "block_feature_grid",
        {
          title: "What every cluster includes",
          items: [
            {
              icon: "network",
              title: "Non-blocking fabric",
              text: "8 × 400 Gb/s NDR InfiniBand per node, rail-optimised, with no oversubscription up to 4,096 GPUs.",
            },
            {
              icon: "security",
              title: "Burn-in before handover",
              text: "Each node passes an NCCL all-reduce test at 90% of expected bus bandwidth, or it is swapped before you see it.",
            },
            {
              icon: "storage",
              title: "Shared file system",
              text: "From 1 to 500 TiB per cluster, mounted on every node, with snapshots to object storage.",
            },
          ],
        },
      ],
      [
        "block_code",
        {
          title: "From the CLI",
          language: "bash",
          code: "meridian compute clusters create llm-train-01 \\\n  --region nordics-1 \\\n  --node-type gpu-h100-8x \\\n  --nodes 4 \\\n  --shared-fs-size 20TiB \\\n  --scheduler slurm",
          caption: "Four H100 nodes, 32 GPUs, with Slurm and a 20 TiB shared file system.",
        },
      ],
      [
        "block_faq",
        {
          title: "Questions about clusters",
          items: [
            {
              question: "How long does provisioning take?",
              answer: "6 to 12 minutes for up to 16 nodes, including burn-in. Larger reservations are handed over on an agreed date.",
            },
            {
              question: "Can I mix GPU types in one cluster?",
              answer:
                "No: a cluster is a set of identical nodes in one availability zone. Create one cluster per node type and share the file system between them.",
            },
            {
              question: "How is usage billed?",
              answer: "Per GPU and per second, from the moment a node is ready until it is deleted. Reserved capacity is billed monthly.",
            },
          ],
        },
      ],
      talk,
    ],
  },
  {
    key: "ai-studio",
    parent: "products",
    title: "AI Studio",
    slug: "ai-studio",
    seo_description: "An OpenAI-compatible API for open-weight models: chat, streaming and embeddings, priced per token.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "AI Studio",
          headline: "Serverless inference with an API you already use",
          text: "An OpenAI-compatible endpoint for open-weight models and your own fine-tunes. Per-token pricing, no idle GPUs, data processed in the region you choose.",
          primary_label: "Make a first request",
          primary_href: "/docs/ai-studio",
          secondary_label: "Talk to an engineer",
          secondary_href: "/contact-sales",
          illustration: "pipeline",
        },
      ],
      [
        "block_code",
        {
          title: "Change one line",
          language: "python",
          code: 'from openai import OpenAI\n\nclient = OpenAI(base_url="https://api.studio.meridian.example/v1", api_key=MERIDIAN_API_KEY)\nreply = client.chat.completions.create(\n    model="llama-3.1-70b-instruct",\n    messages=[{"role": "user", "content": "Summarise this incident report."}],\n)\nprint(reply.choices[0].message.content)',
          caption: "Existing OpenAI client libraries work with a different base URL and key.",
        },
      ],
      [
        "block_stats",
        {
          title: "Latency we publish every month",
          items: [
            { value: "180 ms", label: "median time to first token, 70B model" },
            { value: "12", label: "open-weight models hosted" },
            { value: "0", label: "prompts kept after the response" },
          ],
        },
      ],
      talk,
    ],
  },
  {
    key: "kubernetes-and-slurm",
    parent: "products",
    title: "Managed Kubernetes and Slurm",
    slug: "kubernetes-and-slurm",
    seo_description:
      "Kubernetes with a managed control plane and GPU node pools, or Slurm with topology-aware placement, operated by Meridian.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "Orchestration",
          headline: "Kubernetes and Slurm, operated by us",
          text: "A managed control plane, GPU node pools that scale to zero, and Slurm clusters that place jobs by InfiniBand topology. You keep kubectl and sbatch; we keep them running.",
          primary_label: "Create a Kubernetes cluster",
          primary_href: "/docs/kubernetes/create-a-cluster",
          secondary_label: "Slurm on GPU clusters",
          secondary_href: "/docs/gpu-clusters/slurm",
          illustration: "stack",
        },
      ],
      [
        "block_feature_grid",
        {
          title: "What we operate for you",
          items: [
            {
              icon: "orchestration",
              title: "Control plane",
              text: "Three replicas across zones, upgraded in place with a 99.95% availability target.",
            },
            {
              icon: "compute",
              title: "GPU node pools",
              text: "Drivers, device plugin and NCCL preinstalled; pools autoscale from zero on pending pods.",
            },
            {
              icon: "network",
              title: "Topology-aware placement",
              text: "Slurm and the Kubernetes scheduler see the fabric, so multi-node jobs land on one rail group.",
            },
          ],
        },
      ],
      [
        "block_code",
        {
          title: "A GPU node pool",
          language: "bash",
          code: "meridian k8s node-pools create \\\n  --cluster prod-eu \\\n  --name h100 \\\n  --type gpu-h100-8x \\\n  --min-nodes 0 --max-nodes 8",
        },
      ],
      talk,
    ],
  },
  {
    key: "object-storage",
    parent: "products",
    title: "Object storage",
    slug: "object-storage",
    seo_description: "S3-compatible buckets in every region, next to your GPUs, with lifecycle rules and no egress fees between regions.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "Object storage",
          headline: "S3-compatible storage next to your GPUs",
          text: "Buckets in every region on the same network as the clusters, up to 40 GB/s of read throughput per cluster, and no fees for traffic between Meridian regions.",
          primary_label: "Create a bucket",
          primary_href: "/docs/object-storage",
          secondary_label: "See pricing",
          secondary_href: "/pricing",
          illustration: "network",
        },
      ],
      [
        "block_stats",
        {
          title: "Storage in numbers",
          items: [
            { value: "$0.018", label: "per GB-month, standard class" },
            { value: "40 GB/s", label: "read throughput per cluster" },
            { value: "$0", label: "egress between Meridian regions" },
          ],
        },
      ],
      [
        "block_code",
        {
          title: "Any S3 client works",
          language: "bash",
          code: "aws s3 cp ./checkpoints s3://llm-train-01/ckpt/ --recursive \\\n  --endpoint-url https://s3.nordics-1.meridian.example",
        },
      ],
      talk,
    ],
  },
  {
    key: "pricing",
    title: "Pricing",
    slug: "pricing",
    seo_description: "GPU prices per GPU-hour, billed by the second: L40S from $0.99, H100 from $2.49, H200 from $3.19, B200 from $4.89.",
    blocks: [
      // The hero is an experiment: its control is the hero the page always had.
      ["block_experiment", "pricing-hero"],
      [
        "block_pricing_table",
        {
          title: "GPU compute",
          text: "On-demand prices per GPU and hour. Every node comes with local NVMe and the regional shared file system.",
          plan: "gpu",
        },
      ],
      ["block_comparison_table", { title: "Compare GPU types", plan: "gpu" }],
      [
        "block_faq",
        {
          title: "Billing questions",
          items: [
            {
              question: "What is billed per second?",
              answer: "GPU nodes, from the moment a node is ready until it is deleted. There is no minimum charge.",
            },
            {
              question: "How do reservations work?",
              answer:
                "You commit to a number of nodes of one type in one region for one or three years, billed monthly. Unused reserved hours are not refunded.",
            },
            {
              question: "Do you charge for egress?",
              answer: "Not between Meridian regions. Traffic to the internet costs $0.02 per GB after the first 10 TB each month.",
            },
          ],
        },
      ],
      talk,
    ],
  },
  {
    key: "solutions",
    title: "Solutions",
    slug: "solutions",
    seo_description: "How teams use Meridian Cloud to train foundation models and to serve them at scale.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "Solutions",
          headline: "From the first training run to a million requests a day",
          text: "Two paths our customers take most often, with the products and settings that matter for each.",
          primary_label: "Pick a workload",
          primary_href: "#workloads",
          secondary_label: "Talk to an engineer",
          secondary_href: "/contact-sales",
          illustration: "pipeline",
        },
      ],
      // The pages under /solutions, listed from the CMS: a solution page published under this one
      // appears here by itself, in the order editors drag them in its "Pages under this one".
      [
        "block_child_pages",
        {
          title: "Pick a workload",
          text: "Each guide names the products, instance types and settings we would start with, and the numbers to expect.",
        },
        { anchor: "workloads" },
      ],
      talk,
    ],
  },
  {
    key: "model-training",
    parent: "solutions",
    title: "Model training",
    slug: "model-training",
    seo_description: "Train foundation models on up to 4,096 GPUs with InfiniBand, Slurm or Kubernetes, and checkpoints to object storage.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "Solutions · Model training",
          headline: "Train on up to 4,096 GPUs without rebuilding your stack",
          text: "Slurm or Kubernetes, PyTorch or JAX: bring the launcher you have. We provide the fabric, the burn-in and the people who answer at 3 a.m.",
          primary_label: "See GPU clusters",
          primary_href: "/products/gpu-clusters",
          secondary_label: "Multi-node jobs",
          secondary_href: "/docs/gpu-clusters/slurm/multi-node-jobs",
          illustration: "cluster",
        },
      ],
      [
        "block_rich_text",
        {
          title: "What a training run needs from a cloud",
          body: "<p>Large runs fail for boring reasons: a node with a slow link, a full disk, a checkpoint that took too long to write. We design for those.</p><ul><li><strong>Fabric:</strong> every node is tested at handover and every week after; a node below 90% of expected bus bandwidth is drained automatically.</li><li><strong>Checkpoints:</strong> the shared file system writes at up to 40 GB/s and snapshots to object storage in the same region.</li><li><strong>Capacity:</strong> reservations hold the exact nodes you tested on, not a pool.</li></ul>",
        },
      ],
      [
        "block_quote",
        {
          quote:
            "Our 70B run went from 11 days of restarts to 6 days end to end. The difference was a fabric that stayed healthy and an on-call engineer who read our NCCL logs.",
          author_name: "Priya Raman",
          author_title: "Head of ML infrastructure, Northwind Labs (fictional)",
        },
      ],
      talk,
    ],
  },
  {
    key: "inference-at-scale",
    parent: "solutions",
    title: "Inference at scale",
    slug: "inference-at-scale",
    seo_description: "Serve open-weight and fine-tuned models with AI Studio or on dedicated GPUs, with published latency numbers.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "Solutions · Inference",
          headline: "Serve models with latency you can plan around",
          text: "Start with serverless AI Studio endpoints priced per token. Move hot models to dedicated L40S or H100 nodes when traffic is steady enough to pay for them.",
          primary_label: "See AI Studio",
          primary_href: "/products/ai-studio",
          secondary_label: "Compare GPU prices",
          secondary_href: "/pricing",
          illustration: "pipeline",
        },
      ],
      [
        "block_feature_grid",
        {
          title: "Two ways to serve",
          items: [
            { icon: "inference", title: "Serverless endpoints", text: "Per-token pricing, no idle cost, 12 open-weight models ready." },
            {
              icon: "compute",
              title: "Dedicated nodes",
              text: "Your own L40S or H100 nodes behind a managed load balancer, billed per second.",
            },
            { icon: "region", title: "Data stays in region", text: "Requests are processed and logged only in the region you choose." },
          ],
        },
      ],
      [
        "block_quote",
        {
          quote:
            "We moved our two busiest models to dedicated H100s after three months on AI Studio. Same API, a third of the cost at our volume.",
          author_name: "Tomás Ibarra",
          author_title: "CTO, Lumen Search (fictional)",
        },
      ],
      talk,
    ],
  },
  {
    key: "about",
    title: "About",
    slug: "about",
    seo_description: "Meridian Cloud builds and operates GPU infrastructure for AI teams in five regions.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "About Meridian",
          headline: "We build and run the machines AI teams train on",
          text: "Meridian Cloud was founded by infrastructure engineers who had spent a decade keeping large clusters healthy. We still measure ourselves by the same numbers: utilisation, failed jobs, time to a fix.",
          primary_label: "Open roles",
          primary_href: "/careers",
          secondary_label: "Events",
          secondary_href: "/events",
          illustration: "cluster",
        },
      ],
      [
        "block_stats",
        {
          title: "Meridian today",
          items: [
            { value: "5", label: "regions on two continents" },
            { value: "38,000+", label: "GPUs online" },
            { value: "420", label: "people, 60% of them engineers" },
            { value: "MRDN", label: "listed since 2024" },
          ],
        },
      ],
      [
        "block_rich_text",
        {
          title: "How we work",
          body: "<p>We publish our latency, availability and incident numbers every month, including the bad ones. Our engineers answer support tickets; there is no first-line script.</p><p>Data centres run on contracted renewable power, and we report energy per GPU-hour alongside price.</p>",
        },
      ],
      [
        "block_logo_wall",
        {
          title: "Teams that train and serve on Meridian (fictional names)",
          logos: [
            { name: "Northwind Labs" },
            { name: "Lumen Search" },
            { name: "Fathom Bio" },
            { name: "Kestrel AI" },
            { name: "Orbital Maps" },
          ],
        },
      ],
    ],
  },
  {
    key: "contact-sales",
    title: "Contact sales",
    slug: "contact-sales",
    seo_description: "Talk to a Meridian engineer about capacity, reservations and pricing. We answer within one working day.",
    blocks: [
      [
        "block_hero",
        {
          eyebrow: "Contact sales",
          headline: "Talk to an engineer about your workload",
          text: "Reservations, large clusters, private networking or a proof of concept: tell us what you are building and we will size it with you.",
          illustration: "conversation",
        },
      ],
      [
        "block_form",
        {
          kind: "contact_sales",
          title: "Book a call or write to us",
          text: "A solutions engineer replies within one working day. Bring the model size, the token budget and the date you need capacity.",
          email: "sales@meridian.example",
          form: "contact-sales",
        },
      ],
      [
        "block_faq",
        {
          title: "Before you get in touch",
          items: [
            {
              question: "Is there a minimum commitment?",
              answer: "Not for on-demand capacity. Reservations start at one node for one year.",
            },
            {
              question: "Can we run a proof of concept?",
              answer: "Yes: up to 64 GPUs for two weeks, with an engineer assigned to your team.",
            },
          ],
        },
      ],
    ],
  },
];
