// Demo documentation for Meridian Cloud: sections and Markdown pages (collections docs_sections
// and docs_pages). A page's `path` is its URL below /docs: section slug, the slugs of its parent
// pages, its own slug. Parents come before their children; the order among siblings is the sort
// order. `updated` becomes date_updated (fixed, so the seed is deterministic). `{{asset:key}}` in
// a body is replaced by `/assets/<file id>` of the generated image `docsImages[key]` at seed time.
// Two pages are drafts on purpose, and cli/changelog is deliberately malformed (broken table,
// stray HTML, a script, a javascript: link, an unclosed fence): the renderer must cope with it.
//
// Bodies are written with the `md` tag: raw text (backslashes are kept as typed), where \` stands
// for a backtick and \${ for a dollar sign followed by a brace.
const md = (strings, ...values) =>
  String.raw(strings, ...values)
    .replace(/\\`/g, "`")
    .replace(/\\\$\{/g, "${");

export const docsSections = [
  {
    slug: "getting-started",
    title: "Getting started",
    icon: "rocket",
    description: "Accounts, projects, API keys, regions and billing: what you need before you create anything.",
  },
  {
    slug: "gpu-clusters",
    title: "GPU clusters",
    icon: "gpu",
    description: "Bare-metal H100, H200, B200 and L40S clusters with InfiniBand, Slurm and shared storage.",
  },
  {
    slug: "kubernetes",
    title: "Managed Kubernetes",
    icon: "kubernetes",
    description: "Kubernetes clusters with a managed control plane, GPU node pools, autoscaling and ingress.",
  },
  {
    slug: "object-storage",
    title: "Object storage",
    icon: "storage",
    description: "S3-compatible buckets in every region, with lifecycle rules and presigned URLs.",
  },
  {
    slug: "ai-studio",
    title: "AI Studio inference API",
    icon: "sparkles",
    description: "An OpenAI-compatible API for open-weight models: chat, streaming, embeddings, limits.",
  },
  {
    slug: "cli",
    title: "CLI reference",
    icon: "terminal",
    description: "Install and configure the meridian command-line tool; reference for its commands.",
  },
];

/** Generated artwork used by the docs (1600x900, rendered like the blog covers). */
export const docsImages = [
  { key: "cluster", filename: "docs-cluster.jpg", title: "GPU cluster (generated artwork)", seed: "docs:cluster" },
  { key: "fabric", filename: "docs-fabric.jpg", title: "Rail-optimised fabric (generated artwork)", seed: "docs:fabric" },
  { key: "dashboard", filename: "docs-dashboard.jpg", title: "Cluster dashboard (generated artwork)", seed: "docs:dashboard" },
];

export const docsPages = [
  {
    path: "getting-started/overview",
    title: "Meridian Cloud overview",
    description: "What Meridian Cloud runs, how accounts, projects and regions fit together, and where to go next.",
    updated: "2026-09-02",
    body: md`Meridian Cloud runs GPU infrastructure for training and inference: dedicated GPU clusters with a non-blocking InfiniBand fabric, managed Kubernetes and Slurm on top of them, S3-compatible object storage and a serverless inference API called AI Studio. Everything is available through the console, the [\`meridian\` CLI](/docs/cli/install), a REST API and Terraform.

## How resources are organised

Every resource belongs to a **project**, and every project belongs to an **organisation**. Billing, quotas and audit logs are kept per organisation; access rules and API keys are scoped to projects.

| Level | Holds | Typical owner |
|---|---|---|
| Organisation | Billing account, members, SSO settings | Finance and platform leads |
| Project | Clusters, buckets, endpoints, API keys | One team or one product |
| Region | The physical location of a resource | Chosen per resource |

A project is not tied to a region: one project can hold a training cluster in \`nordics-2\` and an inference endpoint in \`us-east-2\`. Traffic between regions travels over the Meridian backbone and is billed as inter-region transfer (see [pricing and billing basics](/docs/getting-started/billing)).

## The products

- **[GPU clusters](/docs/gpu-clusters/create-a-cluster)**: bare-metal nodes with eight H100, H200 or B200 GPUs, or four L40S, connected rail by rail. Reserved or on demand.
- **[Managed Kubernetes](/docs/kubernetes/create-a-cluster)**: a control plane we operate, with CPU and GPU node pools you size yourself.
- **[Object storage](/docs/object-storage/buckets)**: buckets with an S3-compatible API, in every region, with no request fees.
- **[AI Studio](/docs/ai-studio/quickstart)**: an OpenAI-compatible inference API for open-weight models, billed per token.

> [!NOTE]
> Meridian does not run shared multi-tenant GPU nodes for training. A node in your cluster is yours for as long as it is allocated; AI Studio is the only product where GPUs are shared between customers.

## Where to start

1. Follow the [quickstart](/docs/getting-started/quickstart) to create an API key and make your first call.
2. Read about [regions and availability zones](/docs/getting-started/regions) before you pick a location for data that must stay in one jurisdiction.
3. Install the [CLI](/docs/cli/install); every example in these docs has a CLI form.

If something in these pages is wrong or out of date, the feedback link at the bottom of each page opens a ticket with the documentation team. We answer within two working days.
`,
  },
  {
    path: "getting-started/quickstart",
    title: "Quickstart",
    description:
      "Create an API key, call the API from cURL, Python, TypeScript or Go, and launch a small GPU instance in about ten minutes.",
    updated: "2026-11-27",
    body: md`This guide takes about ten minutes. At the end you will have an API key, a working client and a single-node GPU instance that you can log in to.

## Before you begin

- [x] A Meridian account with a verified e-mail address
- [x] An organisation with a payment method or trial credit
- [ ] An SSH public key (you will add it in step 3)
- [ ] The [Meridian CLI](/docs/cli/install), optional but used in the last step

## 1. Create an API key

In the console, open **Project settings → API keys** and choose **Create key**. Give it a name such as \`quickstart\`, keep the default role **Editor**, and copy the key: it is shown once. Store it in an environment variable for the rest of this guide; the API's samples, the CLI and the Terraform provider all read it from there:

\`\`\`bash
export MERIDIAN_TOKEN="mrd_live_8c1f..."
\`\`\`

> [!WARNING]
> API keys grant access to every resource in the project. Do not commit them to a repository or paste them into a notebook that others can read. See [authentication and API keys](/docs/getting-started/authentication) for scoped keys.

## 2. Make your first call

List the regions your project can use. These are the samples the API reference shows for [List regions](/docs/api/regions/list-regions); pick the language you prefer:

\`\`\`bash tab="cURL"
curl -X GET 'https://api.meridian.example/v1/regions' \
  -H "Authorization: Bearer $MERIDIAN_TOKEN"
\`\`\`

\`\`\`python tab="Python"
import os

import requests

response = requests.request(
    "GET",
    "https://api.meridian.example/v1/regions",
    headers={
        "Authorization": f"Bearer {os.environ['MERIDIAN_TOKEN']}",
    },
)
response.raise_for_status()
print(response.json() if response.content else response.status_code)
\`\`\`

\`\`\`ts tab="TypeScript"
const response = await fetch("https://api.meridian.example/v1/regions", {
  method: "GET",
  headers: {
    Authorization: \`Bearer \${process.env.MERIDIAN_TOKEN}\`,
  },
});
if (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);
const text = await response.text();
console.log(text ? JSON.parse(text) : response.status);
\`\`\`

\`\`\`go tab="Go"
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
)

func main() {
	req, err := http.NewRequest("GET", "https://api.meridian.example/v1/regions", nil)
	if err != nil {
		panic(err)
	}
	req.Header.Set("Authorization", "Bearer "+os.Getenv("MERIDIAN_TOKEN"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, string(out))
}
\`\`\`

A successful call returns \`200\` and the regions, each with its id (such as \`eu-central-1\`), name, GPU types and services; the operation's page shows the whole answer and lets you try it. A \`401\` means the key was not sent or was mistyped.

## 3. Add an SSH key

\`\`\`bash
meridian ssh-keys add --name laptop --public-key-file ~/.ssh/id_ed25519.pub
\`\`\`

## 4. Launch a single GPU instance

The smallest training shape is one L40S node, billed per second while it runs:

\`\`\`bash
meridian compute create quickstart-node \
  --region nordics-1 \
  --type gpu-l40s-4x \
  --image ubuntu-24.04-cuda-12.8 \
  --ssh-key laptop
meridian compute ssh quickstart-node -- nvidia-smi -L
\`\`\`

> [!TIP]
> Delete the node when you are done with \`meridian compute delete quickstart-node\`. Stopped nodes keep their disks and are billed for storage only.

## Next steps

- Create a multi-node [GPU cluster](/docs/gpu-clusters/create-a-cluster) with InfiniBand.
- Call a hosted model with the [AI Studio quickstart](/docs/ai-studio/quickstart).
`,
  },
  {
    path: "getting-started/authentication",
    title: "Authentication and API keys",
    description: "How requests are authenticated, which key types exist, how to scope and rotate them.",
    updated: "2026-10-03",
    body: md`Every call to the Meridian API carries a bearer token in the \`Authorization\` header. Tokens are project-scoped API keys, short-lived tokens issued to [service accounts](/docs/getting-started/authentication/service-accounts), or session tokens from the console.

\`\`\`http
GET /v1/clusters HTTP/1.1
Host: api.meridian.example
Authorization: Bearer mrd_live_8c1f0d3b2e...
\`\`\`

## Key types

| Prefix | Kind | Lifetime | Use it for |
|---|---|---|---|
| \`mrd_live_\` | Project API key | Until revoked | Scripts, CI, Terraform |
| \`mrd_test_\` | Sandbox key | Until revoked | Integration tests against the sandbox API |
| \`mrd_sa_\` | Service account token | 1 hour | Workloads running on Meridian |
| \`mrd_inf_\` | Inference-only key | Until revoked | AI Studio clients; cannot manage infrastructure |

## Roles

A key has one role in one project. **Viewer** reads everything, **Editor** creates and deletes resources, **Owner** also manages keys and members. Inference-only keys can call AI Studio endpoints and nothing else, which makes them the right choice for application back ends.

### Creating a scoped key

\`\`\`bash
meridian api-keys create ci-deploy \
  --role editor \
  --expires-in 90d \
  --allowed-ips 203.0.113.0/24
\`\`\`

The response contains the secret once. The CLI prints it and also writes the key's ID, which you need to rotate or revoke it later.

## Rotating keys

Keys do not expire unless you set \`--expires-in\`. We recommend rotating long-lived keys every 90 days:

1. Create the new key with the same role.
2. Deploy it to every consumer.
3. Watch **Last used** on the old key until it stops changing, then revoke it.

> [!IMPORTANT]
> Revoking a key takes effect within 30 seconds in every region. Requests in flight complete; new requests with the revoked key fail with \`401 key_revoked\`.

## Using keys from Terraform

The provider reads \`MERIDIAN_TOKEN\` from the environment, so the key never appears in state files:

\`\`\`hcl
terraform {
  required_providers {
    meridian = {
      source  = "meridian-cloud/meridian"
      version = "~> 2.4"
    }
  }
}

provider "meridian" {
  project = "ml-platform"
}
\`\`\`

If a key leaks, revoke it first and investigate second: the audit log under **Organisation → Audit** lists every call made with it, including source IP addresses.
`,
  },
  {
    path: "getting-started/authentication/service-accounts",
    title: "Service accounts",
    description: "Give workloads on Meridian short-lived credentials instead of long-lived API keys.",
    updated: "2026-10-03",
    body: md`A service account is an identity for software, not for a person. Workloads that run on Meridian (a training job, a Kubernetes pod, a CI runner on a GPU node) can exchange their service account for a token that lives one hour, so no long-lived secret has to be copied onto the machine.

## Create a service account

\`\`\`bash
meridian service-accounts create trainer --role editor
meridian service-accounts bind trainer --cluster llm-train-01
\`\`\`

Binding attaches the identity to every node of the cluster. On the node, the metadata endpoint hands out tokens:

\`\`\`bash
curl -s -H "Metadata-Flavor: Meridian" \
  http://169.254.169.254/v1/service-account/token | jq -r .access_token
\`\`\`

The SDKs do this automatically when no API key is configured, so code that runs on a bound node needs no credentials at all:

\`\`\`python
from meridian import Meridian

client = Meridian()  # picks up the service account token from the metadata endpoint
client.storage.upload("s3://team-ml/checkpoints/step-4000.pt", "/mnt/ckpt/step-4000.pt")
\`\`\`

## In Kubernetes

For [managed Kubernetes](/docs/kubernetes/create-a-cluster), map a Kubernetes service account to a Meridian one with an annotation. Pods using it receive a projected token that the SDKs understand.

\`\`\`yaml
apiVersion: v1
kind: ServiceAccount
metadata:
  name: trainer
  namespace: ml
  annotations:
    meridian.cloud/service-account: trainer
\`\`\`

> [!CAUTION]
> The metadata endpoint answers any process on a bound node. Do not bind a service account with the Owner role to nodes where untrusted code runs, such as shared notebook servers.

## Limits

An organisation can have 200 service accounts. Tokens cannot be extended; request a new one before the old one expires (the SDKs refresh five minutes early).
`,
  },
  {
    path: "getting-started/regions",
    title: "Regions and availability zones",
    description: "Where Meridian runs, which GPUs each region offers, and how availability zones affect cluster placement.",
    updated: "2026-09-18",
    body: md`Meridian operates seven regions. Each region is one or more data centre buildings within a few kilometres of each other, connected to the rest of the network by the Meridian backbone.

## Regions

| Region | Location | GPUs | Availability zones | Carbon-free energy |
|---|---|---|:---:|---:|
| \`nordics-1\` | Western Finland | H100, H200 | 2 | 94% |
| \`nordics-2\` | Northern Sweden | H200, B200 | 3 | 98% |
| \`eu-north-1\` | Stockholm area | H100, L40S | 2 | 91% |
| \`eu-west-1\` | Greater Dublin | H100, L40S | 3 | 63% |
| \`us-east-2\` | Central Ohio | H100, H200, L40S | 3 | 48% |
| \`us-west-1\` | Oregon | H200, B200 | 2 | 71% |
| \`ap-northeast-1\` | Osaka | H100, L40S | 2 | 39% |

Carbon-free energy is the hourly matched share over the last four quarters. Object storage and AI Studio are available in every region; managed Kubernetes everywhere except \`ap-northeast-1\`.

## Availability zones

An availability zone is a building with its own power feed, cooling and network spine. A GPU cluster always lives in **one** zone, because the InfiniBand fabric does not span buildings. Spread inference services over zones instead:

\`\`\`bash
meridian regions describe us-east-2 --zones
# ZONE         STATUS   GPU TYPES            FREE H100 NODES
# us-east-2a   ok       h100, h200, l40s     14
# us-east-2b   ok       h100, l40s           3
# us-east-2c   ok       h200                 0
\`\`\`

> [!TIP]
> When you create a cluster without \`--zone\`, the scheduler picks the zone with the most free nodes of the requested type. Pin the zone only if your data already lives there.

## Data residency

Data at rest stays in the region where you store it. Backups of managed services (the Kubernetes control plane, bucket metadata) are kept in a second zone of the same region, never in another region. Logs and billing records are processed in \`eu-west-1\` for European organisations and in \`us-east-2\` for all others.

## Choosing a region

- Train where the GPUs you need are free and power is clean: usually \`nordics-2\` or \`us-west-1\` for B200.
- Serve where your users are; round-trip time from AI Studio in \`eu-west-1\` to central Europe is 15–25 ms.
- Keep datasets in the training region. Transfer between regions is billed (see [pricing](/docs/getting-started/billing)) and a 40 TB dataset takes about 9 hours to copy at the default rate.
`,
  },
  {
    path: "getting-started/billing",
    title: "Pricing and billing basics",
    description: "How compute, storage and inference are metered, how invoices work and how to keep spending predictable.",
    updated: "2026-10-28",
    body: md`Meridian bills per second for compute, per gigabyte-month for storage and per token for AI Studio. Prices are the same in every region unless the [instance types](/docs/gpu-clusters/instance-types) table says otherwise.

## What is metered

| Resource | Unit | Billed while |
|---|---|---|
| GPU nodes (on demand) | GPU-second | The node is running |
| GPU nodes (reserved) | Fixed monthly fee | The reservation term lasts, whether used or not |
| Node disks | GB-month | The disk exists, also when the node is stopped |
| Object storage | GB-month | Data is stored; no request fees |
| Inter-region transfer | GB | Data leaves a region for another region |
| Internet egress | GB | Beyond 10 TB per month per organisation |
| AI Studio | 1M tokens | Input and output tokens are counted separately |

There is no charge for ingress, for traffic inside a region, or for the managed Kubernetes control plane.

## Invoices and payment

Usage is aggregated per organisation and invoiced monthly in USD or EUR. Card payments are charged on the 3rd of the month; organisations on invoice terms pay within 30 days. Each invoice line carries the project and any labels you attached to the resource, so the CSV export can be split by team.

\`\`\`bash
meridian billing usage --month 2026-10 --group-by project,label:team --format csv > october.csv
\`\`\`

## Budgets and alerts

Set a monthly budget per project and get alerts at thresholds you choose:

\`\`\`json
{
  "project": "ml-platform",
  "monthly_limit_usd": 40000,
  "alerts": [
    { "at_percent": 50, "notify": ["platform@example.com"] },
    { "at_percent": 90, "notify": ["platform@example.com", "cto@example.com"] }
  ],
  "action_at_limit": "notify_only"
}
\`\`\`

> [!IMPORTANT]
> \`action_at_limit: "stop_on_demand"\` stops on-demand nodes when the limit is reached. Reserved nodes, disks and buckets are never stopped or deleted by a budget.

## Reserved capacity

Reservations of 1 to 36 months lower the hourly rate of GPU nodes by 25–45%. They pay off once you keep the reserved nodes busy more than about 62% of the time; the arithmetic is in [spot and reserved capacity](/docs/gpu-clusters/spot-and-reserved).

## Trial credit

New organisations receive USD 300 of credit valid for 30 days. The credit covers every product except B200 nodes, which require a verified payment method.
`,
  },
  {
    path: "getting-started/ai-tools",
    title: "Use the docs from your AI tool",
    description: "Connect Claude, Cursor, VS Code or another AI tool to the Meridian docs over MCP, or hand a page to ChatGPT or Claude.",
    updated: "2026-11-26",
    body: md`Your AI assistant can read these docs directly instead of guessing from what it learned in training. Meridian runs a public [Model Context Protocol](https://modelcontextprotocol.io) (MCP) server at \`https://www.meridian.example/mcp\`: connect it once and your tool can search the documentation, read any page as Markdown, look up API operations with their parameters, schemas and code samples, and check the changelog.

The server is read-only and needs no login or API key. It shows what the public site shows: published pages only, never drafts. It is rate-limited to 120 requests a minute per address.

## What your tool can do

| Tool | What it does |
|---|---|
| \`search\` | Searches docs, API operations, changelog entries and blog posts; filter by kind |
| \`get_page\` | Returns a docs or API reference page as Markdown |
| \`get_api_operation\` | Returns one API operation: method, path, parameters, request and response schemas, code samples |
| \`list_changes\` | Lists changelog entries by product, kind and date |

## Claude Code

Add the server from a terminal:

\`\`\`bash
claude mcp add --transport http meridian-docs https://www.meridian.example/mcp
\`\`\`

Then ask, for example, "Using the Meridian docs, how do I add a GPU node pool to my Kubernetes cluster?". Run \`claude mcp list\` to check the connection.

## Claude Desktop and claude.ai

Open **Settings → Connectors**, choose **Add custom connector**, name it \`Meridian docs\` and enter the URL \`https://www.meridian.example/mcp\`. No authentication is needed.

Older versions of Claude Desktop only start local servers from \`claude_desktop_config.json\`; bridge to the remote server with \`mcp-remote\`:

\`\`\`json
{
  "mcpServers": {
    "meridian-docs": {
      "command": "npx",
      "args": ["-y", "mcp-remote", "https://www.meridian.example/mcp"]
    }
  }
}
\`\`\`

## Cursor

Add the server to \`~/.cursor/mcp.json\` (every project) or \`.cursor/mcp.json\` (one project):

\`\`\`json
{
  "mcpServers": {
    "meridian-docs": {
      "url": "https://www.meridian.example/mcp"
    }
  }
}
\`\`\`

Cursor lists the four tools under **Settings → MCP** once it has connected.

## VS Code

With GitHub Copilot's agent mode, add the server to \`.vscode/mcp.json\` in your workspace (or run **MCP: Add Server** from the command palette and choose **HTTP**):

\`\`\`json
{
  "servers": {
    "meridian-docs": {
      "type": "http",
      "url": "https://www.meridian.example/mcp"
    }
  }
}
\`\`\`

## Other tools

Any client that speaks MCP over Streamable HTTP can connect to \`https://www.meridian.example/mcp\`: the server follows protocol revision 2025-06-18 and answers each request with JSON (no session, no event stream). Most tools take the configuration above with \`mcpServers\` and \`url\`; some name the field \`serverUrl\`.

## Without MCP

- Every docs and API page has **Open in ChatGPT** and **Open in Claude** buttons: they start a conversation with a prompt that names the page.
- **Copy page as Markdown** copies the page for pasting into any chat; **View as Markdown** shows the same text at the page's address followed by \`.md\`.
- [llms.txt](/llms.txt) lists every page with a summary, and [llms-full.txt](/llms-full.txt) lists the whole documentation in parts of at most 100 kB, one per section and one per API resource.
- A page's own address answers its Markdown to a request that asks for it with \`Accept: text/markdown\`.

> [!NOTE]
> The answers an AI tool gives are its own. When one matters (a quota, a price, a deprecation date), follow the link it cites to the page.
`,
  },
  {
    path: "gpu-clusters/create-a-cluster",
    title: "Create a GPU cluster",
    description: "Create a multi-node GPU cluster with InfiniBand, shared storage and SSH access, from the console, the CLI or Terraform.",
    updated: "2026-10-14",
    body: md`A GPU cluster is a set of identical bare-metal nodes in one availability zone, connected by a dedicated InfiniBand fabric, with a shared file system and a login node. This page creates a 4-node H100 cluster (32 GPUs).

![Illustration: rows of isometric blocks standing for the four nodes of a new GPU cluster]({{asset:cluster}} "A four-node cluster")

## Prerequisites

- [x] A project with quota for at least 32 H100 GPUs (**Quotas** in the console; new organisations start at 16)
- [ ] An SSH key registered with \`meridian ssh-keys add\`
- [ ] A decision on capacity: on demand or a [reservation](/docs/gpu-clusters/spot-and-reserved)

## With the CLI

\`\`\`bash
meridian compute clusters create llm-train-01 \
  --region nordics-1 \
  --node-type gpu-h100-8x \
  --nodes 4 \
  --shared-fs-size 20TiB \
  --scheduler slurm \
  --ssh-key laptop
\`\`\`

Provisioning takes 6–12 minutes. Nodes are burned in before handover: a short NCCL all-reduce test must reach at least 90% of the expected bus bandwidth, or the node is swapped before you see it.

\`\`\`bash
meridian compute clusters get llm-train-01 --watch
# STATE         NODES   READY   FABRIC
# provisioning  4       0       pending
# ready         4       4       ok (400 Gb/s x 8 rails)
\`\`\`

## With Terraform

\`\`\`hcl
resource "meridian_gpu_cluster" "train" {
  name           = "llm-train-01"
  region         = "nordics-1"
  node_type      = "gpu-h100-8x"
  node_count     = 4
  scheduler      = "slurm"
  shared_fs_size = "20TiB"

  ssh_keys = [meridian_ssh_key.laptop.id]

  labels = {
    team = "pretraining"
  }
}

output "login_host" {
  value = meridian_gpu_cluster.train.login_host
}
\`\`\`

> [!NOTE]
> Changing \`node_count\` adds or removes nodes in place. Changing \`node_type\` or \`region\` replaces the cluster; Terraform shows this as a destroy and create.

## Connect

\`\`\`bash
ssh ubuntu@$(meridian compute clusters get llm-train-01 -o jsonpath='{.login_host}')
sinfo
\`\`\`

Continue with [Slurm scheduling](/docs/gpu-clusters/slurm) to submit a job, or read about the [InfiniBand fabric](/docs/gpu-clusters/infiniband) before you tune a multi-node run.
`,
  },
  {
    path: "gpu-clusters/instance-types",
    title: "Instance types",
    description: "GPU node types, their hardware and on-demand and reserved prices per GPU-hour.",
    updated: "2026-11-02",
    body: md`Every GPU cluster node is a whole server: you never share a node, its GPUs, its memory bus or its network cards with another customer. Pick the type by the memory your model needs per GPU and by the interconnect your parallelism layout depends on.

## Node types

| Type | GPUs | GPU memory | vCPUs | RAM | Local NVMe | Fabric | On demand (GPU-hour) | 1-year reserved (GPU-hour) |
|---|---|---:|---:|---:|---:|---|---:|---:|
| \`gpu-b200-8x\` | 8 × B200 | 192 GB | 224 | 2 TiB | 30 TB | 8 × 400 Gb/s NDR | $4.89 | $3.29 |
| \`gpu-h200-8x\` | 8 × H200 | 141 GB | 192 | 2 TiB | 30 TB | 8 × 400 Gb/s NDR | $3.19 | $2.09 |
| \`gpu-h100-8x\` | 8 × H100 SXM | 80 GB | 192 | 2 TiB | 15 TB | 8 × 400 Gb/s NDR | $2.49 | $1.59 |
| \`gpu-l40s-4x\` | 4 × L40S | 48 GB | 64 | 512 GiB | 7.6 TB | 2 × 100 Gb/s Ethernet | $0.99 | $0.69 |

Prices are per GPU and per hour, billed per second. A \`gpu-h100-8x\` node on demand therefore costs 8 × $2.49 = $19.92 per hour. Three-year reservations are quoted on request.

> [!NOTE]
> B200 nodes are available in \`nordics-2\` and \`us-west-1\` only. See [regions](/docs/getting-started/regions) for the full matrix.

## Choosing a type

### Pre-training and large fine-tuning

Use H100, H200 or B200 nodes with the InfiniBand fabric. H200's larger memory lets many 70B-parameter configurations drop one level of tensor parallelism, which usually pays for the higher price. B200 roughly doubles dense BF16 throughput per GPU over H100 in our benchmarks.

### Inference and small fine-tuning

\`gpu-l40s-4x\` is the economical choice for models up to about 30B parameters in FP8, for LoRA fine-tuning and for batch embedding jobs. It has no InfiniBand; multi-node jobs on L40S are not supported.

## Querying types programmatically

\`\`\`python
from meridian import Meridian

client = Meridian()
for t in client.compute.node_types.list(region="nordics-2"):
    print(f"{t.name:14} {t.gpu_count} x {t.gpu_model:6} \${t.price.on_demand_gpu_hour:.2f}/GPU-h")
\`\`\`

The API returns the price list that applies to your organisation, including negotiated discounts.

## Quotas

New organisations can run 16 GPUs of each type at once. Raise a quota from **Quotas → Request increase**; requests up to 256 GPUs are usually approved within one working day if the organisation has a payment history.
`,
  },
  {
    path: "gpu-clusters/infiniband",
    title: "InfiniBand networking",
    description: "How the rail-optimised NDR InfiniBand fabric is built, what bandwidth to expect and how to check it.",
    updated: "2026-09-25",
    body: md`Every H100, H200 and B200 cluster has a dedicated NDR InfiniBand fabric for GPU-to-GPU traffic, separate from the Ethernet network used for storage, SSH and the internet.

![Illustration: an isometric grid of switches and servers, standing for a rail-optimised fabric]({{asset:fabric}} "Rail-optimised fabric")

## Topology

Each node has eight 400 Gb/s ConnectX-7 cards, one per GPU. The fabric is **rail-optimised**: card *n* of every node connects to the leaf switches of rail *n*. Leaves connect to spines in a non-blocking fat tree, so any two GPUs can talk at full bandwidth, and GPUs with the same local rank are only one hop apart.

| Cluster size | Hops between same-rank GPUs | Hops between different ranks | Oversubscription |
|---|---:|---:|---|
| Up to 32 nodes (256 GPUs) | 1 | 3 | 1:1 |
| Up to 128 nodes (1,024 GPUs) | 1 | 3 | 1:1 |
| Above 128 nodes | 3 | 5 | 1:1, on request |

## Expected bandwidth

An 8-node all-reduce with NCCL reaches a bus bandwidth of 370–390 GB/s for messages of 1 GiB and more. Run the same test we use for burn-in:

\`\`\`bash
srun -N 8 --ntasks-per-node=8 --gpus-per-node=8 \
  /opt/nccl-tests/build/all_reduce_perf -b 512M -e 8G -f 2 -g 1
\`\`\`

> [!WARNING]
> Do not set \`NCCL_IB_HCA\` by hand unless you know the mapping. The images configure NCCL for the rail layout; a wrong card order halves bandwidth without any error message.

## Environment

Our images ship NCCL with the SHARP plug-in and set the variables below in \`/etc/nccl.conf\`. The reasoning behind each one is on the [NCCL environment](/docs/gpu-clusters/slurm/multi-node-jobs/nccl-environment) page.

\`\`\`bash
NCCL_IB_QPS_PER_CONNECTION=4
NCCL_IB_SPLIT_DATA_ON_QPS=0
NCCL_NVLS_ENABLE=1
NCCL_COLLNET_ENABLE=1
\`\`\`

## Checking the fabric

\`\`\`bash
meridian compute clusters fabric llm-train-01
# RAIL  LEAF           STATE  LINKS  ERRORS (24h)
# 0     leaf-n1-r0-07  ok     4/4    0
# 1     leaf-n1-r1-07  ok     4/4    0
\`\`\`

A link with rising symbol errors is drained automatically once it crosses a threshold; jobs running on the affected node are not interrupted, but their collective bandwidth drops until the link is replaced. The [monitoring](/docs/gpu-clusters/monitoring) page shows how to alert on this.
`,
  },
  {
    path: "gpu-clusters/slurm",
    title: "Slurm scheduling",
    description: "Submit, monitor and cancel jobs on a GPU cluster with the managed Slurm scheduler.",
    updated: "2026-10-09",
    body: md`Clusters created with \`--scheduler slurm\` come with Slurm 24.11 configured for the cluster's nodes: one partition per node type, GPUs as generic resources (GRES), cgroups for isolation and accounting enabled. We run the controller; you use the login node.

## Your first job

Save a batch script as \`hello.sbatch\`:

\`\`\`bash
#!/bin/bash
#SBATCH --job-name=hello-gpus
#SBATCH --nodes=1
#SBATCH --gpus-per-node=8
#SBATCH --time=00:05:00
#SBATCH --output=%x-%j.out

srun nvidia-smi --query-gpu=index,name,memory.total --format=csv
\`\`\`

Submit it and follow its state:

\`\`\`bash
sbatch hello.sbatch
squeue --me
sacct -j 4021 --format=JobID,State,Elapsed,AllocTRES%40
\`\`\`

## Partitions

| Partition | Nodes | Default time | Maximum time |
|---|---|---|---|
| \`gpu\` | All GPU nodes | 1 hour | 14 days |
| \`debug\` | Up to 2 nodes | 10 minutes | 30 minutes, higher priority |
| \`cpu\` | CPU-only nodes, if any | 1 hour | 7 days |

The \`debug\` partition is for checking that a job starts; it preempts nothing and is never used by jobs that did not ask for it.

## Useful defaults

- \`--exclusive\` is implied for jobs that request all GPUs of a node.
- Jobs get \`/mnt/shared\` (the cluster's shared file system) and \`/scratch\` (local NVMe, wiped after the job).
- \`SLURM_JOB_ID\` and the standard Slurm variables are set; \`MASTER_ADDR\` is set to the first node of the allocation for convenience.

> [!TIP]
> Use \`sbatch --test-only\` to see when a job would start without submitting it. On a busy cluster this tells you whether to shrink a request.

## Cancelling and requeueing

\`\`\`bash
scancel 4021                 # one job
scancel --me --state=PENDING # everything of yours that has not started
scontrol requeue 4021        # put a running job back in the queue
\`\`\`

Jobs on a node that fails a health check are requeued automatically if they were submitted with \`--requeue\`. Combine that with regular checkpoints; see [multi-node training jobs](/docs/gpu-clusters/slurm/multi-node-jobs).
`,
  },
  {
    path: "gpu-clusters/slurm/multi-node-jobs",
    title: "Multi-node training jobs",
    description: "Launch distributed PyTorch training over several nodes with Slurm, torchrun and checkpoint-based restarts.",
    updated: "2026-10-09",
    body: md`Multi-node jobs need three things to line up: one process per GPU, a rendezvous address every process can reach, and a restart strategy for the day a node fails. This page shows a batch script that handles all three.

## The batch script

\`\`\`bash
#!/bin/bash
#SBATCH --job-name=llama-70b-sft
#SBATCH --nodes=8
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=1
#SBATCH --time=3-00:00:00
#SBATCH --requeue
#SBATCH --signal=USR1@300

srun torchrun \
  --nnodes="$SLURM_NNODES" \
  --nproc-per-node=8 \
  --rdzv-backend=c10d \
  --rdzv-endpoint="$MASTER_ADDR:29500" \
  --rdzv-id="$SLURM_JOB_ID" \
  train.py --config configs/70b-sft.yaml
\`\`\`

\`--signal=USR1@300\` asks Slurm to send \`SIGUSR1\` five minutes before the time limit, so the training loop can write a final checkpoint.

## Handling the signal in Python

\`\`\`python
import signal
import torch.distributed as dist

stop_requested = False

def request_stop(signum, frame):
    global stop_requested
    stop_requested = True

signal.signal(signal.SIGUSR1, request_stop)

for step, batch in enumerate(loader, start=resume_step):
    loss = train_step(model, batch)
    if step % 500 == 0 or stop_requested:
        save_checkpoint(model, optimizer, step, path="/mnt/shared/ckpt")
        dist.barrier()
    if stop_requested:
        break
\`\`\`

## Configuration

\`\`\`yaml
model: meta-llama/Llama-3.1-70B
parallelism:
  tensor: 8
  pipeline: 1
  data: 8
checkpoint:
  dir: /mnt/shared/ckpt
  every_steps: 500
  keep_last: 3
\`\`\`

Keep tensor parallelism inside a node (8 GPUs on NVLink) and let data parallelism cross nodes over [InfiniBand](/docs/gpu-clusters/infiniband).

> [!NOTE]
> When Slurm requeues the job after a node failure, the same script starts again. \`resume_step\` should come from the newest complete checkpoint; write a marker file only after every rank has saved.

Tuning NCCL for larger jobs is covered in [NCCL environment variables](/docs/gpu-clusters/slurm/multi-node-jobs/nccl-environment).
`,
  },
  {
    path: "gpu-clusters/slurm/multi-node-jobs/nccl-environment",
    title: "NCCL environment variables",
    description: "The NCCL settings our images use, why, and the few you may want to change for large jobs.",
    updated: "2026-09-25",
    body: md`NCCL reads its configuration from environment variables and from \`/etc/nccl.conf\`. Meridian images set a small number of them for the rail-optimised fabric. Most jobs should not change anything; this page explains the defaults so you can recognise a bad override.

## Defaults in our images

| Variable | Value | Why |
|---|---|---|
| \`NCCL_IB_QPS_PER_CONNECTION\` | \`4\` | Spreads each connection over several queue pairs, which evens out load on the leaf uplinks |
| \`NCCL_IB_SPLIT_DATA_ON_QPS\` | \`0\` | Keeps messages whole per queue pair; better for large all-reduce |
| \`NCCL_NVLS_ENABLE\` | \`1\` | Uses NVLink SHARP inside a node on H100, H200 and B200 |
| \`NCCL_COLLNET_ENABLE\` | \`1\` | Lets the switches reduce data in-network (SHARP) |
| \`NCCL_SOCKET_IFNAME\` | \`bond0\` | Bootstrap traffic goes over Ethernet, not InfiniBand |

## Settings you may change

### Debug output

\`\`\`bash
export NCCL_DEBUG=INFO
export NCCL_DEBUG_SUBSYS=INIT,NET
\`\`\`

The \`INIT\` lines show which transport each ring and tree uses. Look for \`NET/IB\` with eight devices per node; \`NET/Socket\` means InfiniBand was not found and bandwidth will be a fraction of what it should be.

### Very large jobs

Above 1,024 GPUs, initialisation time grows. Setting \`NCCL_RUNTIME_CONNECT=1\` connects peers lazily and cut startup of a 2,048-GPU job from 4 minutes to 50 seconds in our tests.

> [!CAUTION]
> \`NCCL_P2P_DISABLE=1\` and \`NCCL_IB_DISABLE=1\` are sometimes suggested in forum answers to get past an error. On Meridian they silently route traffic over slower paths. If you need them, open a support ticket instead: there is a fabric problem we want to know about.

Back to [multi-node training jobs](/docs/gpu-clusters/slurm/multi-node-jobs).
`,
  },
  {
    path: "gpu-clusters/spot-and-reserved",
    title: "Spot and reserved capacity",
    description: "The three ways to buy GPU capacity, how spot preemption works and when a reservation pays off.",
    updated: "2026-10-28",
    body: md`GPU nodes can be bought in three ways. They are the same machines; only the price and the guarantee differ.

| Capacity | Price (H100, GPU-hour) | Guarantee | Good for |
|---|---:|---|---|
| Reserved, 1 year | $1.59 | Nodes are yours for the term | Steady training and serving |
| On demand | $2.49 | Runs until you stop it, if capacity exists at start | Experiments, bursts |
| Spot | $0.95–1.40 | May be reclaimed with 2 minutes' notice | Fault-tolerant batch work |

## Spot nodes

Spot nodes use capacity that is reserved by someone else but idle. When the owner needs it back, we send a preemption notice two minutes before the node is reclaimed. The spot price changes at most once an hour and is shown per region and type.

\`\`\`bash
meridian compute spot-prices --type gpu-h100-8x
# REGION      ZONE         PRICE/GPU-H   AVAILABLE NODES
# nordics-1   nordics-1a   $1.05         22
# us-east-2   us-east-2a   $1.40         6
\`\`\`

Create a cluster on spot capacity with \`--capacity spot --max-price 1.20\`. Nodes are not started while the price is above your maximum.

### Reacting to preemption

The notice arrives in three places: the metadata endpoint, a \`SIGTERM\` to Slurm jobs on the node, and a Kubernetes node condition. A checkpoint-on-signal handler like the one in [multi-node training jobs](/docs/gpu-clusters/slurm/multi-node-jobs) is usually enough.

\`\`\`bash
curl -s -H "Metadata-Flavor: Meridian" http://169.254.169.254/v1/spot/notice
# {"action": "reclaim", "time": "2026-10-28T14:02:00Z"}
\`\`\`

> [!WARNING]
> Spot nodes are never part of a reservation and can be reclaimed in the middle of a collective operation. Do not mix spot and reserved nodes in one multi-node training job.

## Reservations

A reservation is a commitment to a number of nodes of one type in one region for 1 to 36 months. It is billed monthly whether the nodes run or not.

### When a reservation pays off

The break-even utilisation is the ratio of the reserved to the on-demand price: 1.59 / 2.49 ≈ 0.64 for H100. If you keep the reserved nodes busy more than about two thirds of the time, the reservation is cheaper.

\`\`\`python
def breakeven(reserved: float, on_demand: float) -> float:
    return reserved / on_demand

print(f"{breakeven(1.59, 2.49):.0%}")  # 64%
\`\`\`

Unused reserved capacity can be released to the spot pool; you receive 50% of the spot revenue it earns as credit.
`,
  },
  {
    path: "gpu-clusters/monitoring",
    title: "Monitoring GPU clusters",
    description: "Built-in dashboards, the Prometheus endpoint, the metrics that matter for training and how to alert on them.",
    updated: "2026-10-17",
    body: md`Every cluster exports node, GPU and fabric metrics. You can read them on the built-in dashboards, scrape them with your own Prometheus, or forward them to a hosted monitoring service.

![Illustration: blocks of different heights, like bars of GPU utilisation per node]({{asset:dashboard}})

## Metrics that matter

| Metric | What it tells you | Healthy range during training |
|---|---|---|
| \`meridian_gpu_utilization\` | Share of time a kernel ran | Above 90% |
| \`meridian_gpu_memory_used_bytes\` | Memory in use per GPU | Stable between steps |
| \`meridian_gpu_power_watts\` | Board power | Close to the limit for dense work |
| \`meridian_ib_tx_bytes_total\` | Bytes sent per rail | Even across the eight rails |
| \`meridian_ib_symbol_errors_total\` | Link errors | Flat; a rising line means a bad cable |
| \`meridian_xid_errors_total\` | GPU driver errors by code | Zero |

## Scraping with Prometheus

Each cluster has a metrics endpoint authenticated with a Viewer API key:

\`\`\`yaml
scrape_configs:
  - job_name: meridian-llm-train-01
    scheme: https
    metrics_path: /v1/clusters/llm-train-01/metrics
    authorization:
      credentials_file: /etc/prometheus/meridian-token
    static_configs:
      - targets: ["api.meridian.example"]
    scrape_interval: 30s
\`\`\`

## Alerting

Two alerts catch most problems before they cost a day of training:

\`\`\`yaml
groups:
  - name: training
    rules:
      - alert: GpuIdleDuringJob
        expr: avg by (node) (meridian_gpu_utilization) < 0.5 and on (node) meridian_slurm_node_allocated == 1
        for: 15m
      - alert: FabricErrorsRising
        expr: increase(meridian_ib_symbol_errors_total[1h]) > 1000
\`\`\`

> [!TIP]
> An idle GPU on an allocated node is nearly always a data loader or a straggler rank. Check the slowest node first: one slow rank sets the pace of every all-reduce.

## Logs

Node system logs and Slurm controller logs are kept for 30 days and can be searched with \`meridian logs --cluster llm-train-01 --since 2h\`. Job output stays on the shared file system where your job wrote it.
`,
  },
  {
    path: "gpu-clusters/b200-early-access",
    title: "B200 clusters in us-east-2 (early access)",
    description: "Draft. Early access to B200 clusters in us-east-2; not published until capacity is confirmed.",
    updated: "2026-11-10",
    status: "draft",
    body: md`> [!IMPORTANT]
> Draft: do not publish before the capacity team confirms the launch date. Prices below are placeholders.

B200 clusters will become available in \`us-east-2\` for early-access customers. Early access gives a fixed allocation of up to 64 nodes per organisation for a 3-month term.

## Planned terms

| Item | Planned value |
|---|---|
| Minimum allocation | 8 nodes (64 GPUs) |
| Term | 3 months |
| Price | To be confirmed |

## How to apply

Ask your account manager, or write to the capacity team with your expected node count and start date. We will confirm allocations in the order requests arrive, once the halls are commissioned.

The rest of this page repeats the general guidance on [creating a cluster](/docs/gpu-clusters/create-a-cluster) and will be rewritten for launch. It stays a draft until then so that the public documentation never shows capacity we cannot deliver; editors can see it through the preview link.
`,
  },
  {
    path: "kubernetes/create-a-cluster",
    title: "Create a Kubernetes cluster",
    description: "Create a managed Kubernetes cluster, get a kubeconfig and deploy a first workload.",
    updated: "2026-10-06",
    body: md`Meridian Managed Kubernetes runs the control plane for you: the API server, etcd, the scheduler and the controllers are replicated across three availability zones and upgraded by us. You choose the version, the network and the node pools.

## Create the cluster

\`\`\`bash
meridian k8s clusters create platform-prod \
  --region us-east-2 \
  --version 1.34 \
  --node-pool name=system,type=cpu-16x,count=3
\`\`\`

The control plane is ready after about four minutes; the first node pool after another two. Clusters are free; you pay for the nodes and load balancers.

The same cluster in Terraform:

\`\`\`hcl
resource "meridian_k8s_cluster" "prod" {
  name    = "platform-prod"
  region  = "us-east-2"
  version = "1.34"

  network {
    pod_cidr     = "10.64.0.0/14"
    service_cidr = "10.96.0.0/16"
  }
}

resource "meridian_k8s_node_pool" "system" {
  cluster_id = meridian_k8s_cluster.prod.id
  name       = "system"
  node_type  = "cpu-16x"
  node_count = 3
}
\`\`\`

## Get credentials

\`\`\`bash
meridian k8s kubeconfig platform-prod --merge
kubectl get nodes
\`\`\`

The kubeconfig uses the CLI as an exec credential plug-in, so it carries no long-lived secret: each \`kubectl\` call asks \`meridian\` for a token that lives 15 minutes.

> [!NOTE]
> Cluster admins are the project's Owners and Editors. Map other people and groups to Kubernetes RBAC roles with \`meridian k8s access grant\`; they do not need a Meridian role in the project.

## Deploy something

\`\`\`yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello
spec:
  replicas: 2
  selector:
    matchLabels: { app: hello }
  template:
    metadata:
      labels: { app: hello }
    spec:
      containers:
        - name: hello
          image: registry.meridian.example/samples/hello:1.4
          ports:
            - containerPort: 8080
\`\`\`

\`\`\`bash
kubectl apply -f hello.yaml
kubectl rollout status deployment/hello
\`\`\`

Next, add [GPU node pools](/docs/kubernetes/gpu-node-pools) and expose the service through an [ingress or load balancer](/docs/kubernetes/ingress).
`,
  },
  {
    path: "kubernetes/gpu-node-pools",
    title: "Node pools with GPU nodes",
    description: "Add GPU node pools, schedule pods on GPUs, share GPUs safely and build images that match the driver.",
    updated: "2026-10-06",
    body: md`A node pool is a group of identical nodes in one cluster. GPU pools use the same node types as [GPU clusters](/docs/gpu-clusters/instance-types), with the NVIDIA driver, container toolkit and device plug-in preinstalled.

## Add a GPU pool

\`\`\`bash
meridian k8s node-pools create platform-prod \
  --name h100 \
  --type gpu-h100-8x \
  --count 2 \
  --taint nvidia.com/gpu=present:NoSchedule \
  --label workload=training
\`\`\`

The taint keeps pods that do not ask for GPUs off these expensive nodes. Pods that do ask for GPUs get a matching toleration added by our admission controller.

## Request GPUs in a pod

\`\`\`yaml
apiVersion: batch/v1
kind: Job
metadata:
  name: finetune-lora
spec:
  template:
    spec:
      restartPolicy: OnFailure
      nodeSelector:
        workload: training
      containers:
        - name: trainer
          image: registry.meridian.example/ml/trainer:2026.10
          command: ["python", "train.py", "--config", "lora.yaml"]
          resources:
            limits:
              nvidia.com/gpu: 8
              memory: 1500Gi
\`\`\`

GPUs are requested only in \`limits\`. Kubernetes does not overcommit them: a pod that asks for 8 GPUs waits until a node has 8 free.

## Matching the driver

Node images ship driver 575 with CUDA 12.9 compatibility. Build training images on a CUDA base that is not newer:

\`\`\`dockerfile
FROM nvcr.io/nvidia/pytorch:25.10-py3
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
ENTRYPOINT ["python", "train.py"]
\`\`\`

> [!WARNING]
> An image built on a newer CUDA than the node driver supports fails at the first kernel launch with \`CUDA driver version is insufficient\`. Check \`nvidia-smi\` on the node before you upgrade base images.

## Multi-node jobs in Kubernetes

GPU pools of H100, H200 and B200 nodes are attached to the InfiniBand fabric. Request \`meridian.cloud/rdma: 1\` in addition to GPUs to get the RDMA devices mounted into the pod. For large jobs we still recommend [Slurm](/docs/gpu-clusters/slurm): its gang scheduling avoids half-started jobs holding GPUs.

Scale pools automatically with the [cluster autoscaler](/docs/kubernetes/autoscaling).
`,
  },
  {
    path: "kubernetes/autoscaling",
    title: "Autoscaling",
    description:
      "Scale node pools with the cluster autoscaler and workloads with the horizontal pod autoscaler, including scale to zero for GPU pools.",
    updated: "2026-09-30",
    body: md`Two autoscalers work together. The **horizontal pod autoscaler** (HPA) changes how many replicas a workload runs. The **cluster autoscaler** adds nodes when pods cannot be scheduled and removes nodes that have been idle.

## Enable node pool autoscaling

\`\`\`bash
meridian k8s node-pools update platform-prod h100 \
  --autoscaling \
  --min 0 \
  --max 6
\`\`\`

With \`--min 0\`, a GPU pool costs nothing while no pod needs it. The first pod that asks for a GPU waits for a node to start, which takes 3–5 minutes for an H100 node.

| Setting | Default | Notes |
|---|---|---|
| Scale-up delay | 10 s | Time a pod must be unschedulable before a node is added |
| Scale-down delay | 10 min | Idle time before a node is removed |
| Maximum nodes per pool | 100 | Raise with a quota request |
| Scale to zero | Allowed | Only for pools not marked \`system\` |

## Scale workloads on a custom metric

For inference servers, GPU utilisation is a poor signal: a server can be at 100% with an empty queue. Scale on queue depth or requests in flight instead:

\`\`\`yaml
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: vllm
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: vllm
  minReplicas: 1
  maxReplicas: 12
  metrics:
    - type: Pods
      pods:
        metric:
          name: vllm_requests_waiting
        target:
          type: AverageValue
          averageValue: "4"
\`\`\`

The metrics adapter is installed in every cluster and reads any Prometheus metric your pods expose.

> [!TIP]
> Keep \`minReplicas\` at 1 for latency-sensitive services even when the node pool can scale to zero. A cold start includes pulling a multi-gigabyte image and loading weights, often several minutes.

## Why a node is not removed

The autoscaler keeps a node when a pod on it has local storage, a \`PodDisruptionBudget\` that would be violated, or the annotation \`cluster-autoscaler.kubernetes.io/safe-to-evict: "false"\`. \`kubectl describe configmap cluster-autoscaler-status -n kube-system\` lists the reason per node.

If you would rather not manage replicas at all, [AI Studio](/docs/ai-studio/quickstart) scales inference endpoints for you.
`,
  },
  {
    path: "kubernetes/ingress",
    title: "Ingress and load balancers",
    description:
      "Expose services with Meridian load balancers or the managed ingress controller, with TLS certificates issued automatically.",
    updated: "2026-09-30",
    body: md`There are two ways to get traffic into a cluster: a \`LoadBalancer\` service, which creates a Meridian network load balancer per service, and an \`Ingress\`, which routes HTTP traffic for many services through one managed ingress controller.

## Load balancer services

\`\`\`yaml
apiVersion: v1
kind: Service
metadata:
  name: inference
  annotations:
    meridian.cloud/load-balancer-type: public
    meridian.cloud/load-balancer-zones: all
spec:
  type: LoadBalancer
  selector:
    app: inference
  ports:
    - port: 443
      targetPort: 8443
\`\`\`

The load balancer gets a public IPv4 and IPv6 address and spreads connections over healthy pods in every zone. Use \`internal\` instead of \`public\` for services that only other workloads in your project should reach.

| Annotation | Values | Default |
|---|---|---|
| \`meridian.cloud/load-balancer-type\` | \`public\`, \`internal\` | \`public\` |
| \`meridian.cloud/load-balancer-zones\` | \`all\` or a list of zones | \`all\` |
| \`meridian.cloud/proxy-protocol\` | \`v1\`, \`v2\`, \`off\` | \`off\` |
| \`meridian.cloud/idle-timeout\` | seconds | \`350\` |

## Managed ingress

Enable the ingress controller once per cluster:

\`\`\`bash
meridian k8s addons enable platform-prod ingress --tls-issuer letsencrypt
\`\`\`

Then route hosts and paths to services:

\`\`\`yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: api
  annotations:
    meridian.cloud/tls: auto
spec:
  ingressClassName: meridian
  rules:
    - host: api.example.com
      http:
        paths:
          - path: /
            pathType: Prefix
            backend:
              service:
                name: api
                port:
                  number: 8080
\`\`\`

Point a CNAME for \`api.example.com\` at the address in \`kubectl get ingress api\`. A certificate is issued within a minute of the DNS record resolving and renewed 30 days before it expires.

> [!NOTE]
> Streaming responses (server-sent events, gRPC streams) work through both options. For long-lived connections raise \`meridian.cloud/idle-timeout\`; the default closes connections idle for about six minutes.

## Costs

Each load balancer costs $0.018 per hour plus transfer. The ingress controller runs on your nodes and is one load balancer however many ingresses you create, which makes it cheaper for many small services.
`,
  },
  {
    path: "kubernetes/upgrading",
    title: "Upgrading a cluster",
    description: "How Kubernetes versions are supported, how control plane and node pool upgrades work, and a checklist before you start.",
    updated: "2026-11-04",
    body: md`Meridian supports the three most recent Kubernetes minor versions. A new minor version becomes available about six weeks after its upstream release; the oldest supported one is retired three months later.

| Version | Available since | End of support |
|---|---|---|
| 1.34 | 2026-10-06 | 2027-08 |
| 1.33 | 2026-06-02 | 2027-04 |
| 1.32 | 2026-02-10 | 2026-12-15 |

Patch versions of the control plane are applied automatically in your maintenance window. Minor upgrades are started by you, one minor version at a time.

## Checklist

- [ ] Read the upstream changelog for removed APIs (\`kubectl deprecations\` lists what your cluster still uses)
- [ ] Check that add-ons and operators support the target version
- [ ] Confirm that every workload has a \`PodDisruptionBudget\` or at least two replicas
- [ ] Upgrade a staging cluster first and run your smoke tests
- [ ] Schedule the node pool upgrades outside long training jobs

## Upgrade the control plane

\`\`\`bash
meridian k8s clusters upgrade platform-prod --version 1.34
\`\`\`

The API server is replaced one replica at a time; \`kubectl\` may see a few seconds of errors, running pods are not affected.

## Upgrade node pools

Nodes are replaced with a surge: a new node joins, the old one is cordoned and drained, then removed. The settings below control the pace:

\`\`\`diff
 node_pool:
   name: h100
-  version: "1.33"
+  version: "1.34"
   upgrade:
-    max_surge: 1
+    max_surge: 2
     max_unavailable: 0
     drain_timeout: 30m
\`\`\`

> [!CAUTION]
> A drain evicts training pods. For GPU pools running multi-day jobs, pause the upgrade with \`meridian k8s node-pools upgrade --pause\` and resume it between jobs, or the job restarts from its last checkpoint.

## If something goes wrong

A control plane upgrade cannot be rolled back, but node pools can: create a pool on the previous version and move workloads there. Contact support with the cluster ID if the API server reports errors for more than ten minutes after an upgrade.
`,
  },
  {
    path: "object-storage/buckets",
    title: "Buckets",
    description: "Create buckets, choose a storage class, set access and versioning, and understand naming rules.",
    updated: "2026-09-12",
    body: md`Object storage keeps data in buckets. A bucket lives in one region, holds any number of objects of up to 5 TiB each, and is reachable through the [S3-compatible API](/docs/object-storage/s3-api) at \`https://storage.<region>.meridian.example\`.

## Create a bucket

\`\`\`bash
meridian storage buckets create team-ml-datasets \
  --region eu-north-1 \
  --class standard \
  --versioning enabled
\`\`\`

Bucket names are global across Meridian: 3–63 characters, lower-case letters, digits and hyphens, starting with a letter. Names of deleted buckets become available again after 24 hours.

## Storage classes

| Class | Price (GB-month) | Minimum storage time | First-byte latency | Use for |
|---|---:|---|---|---|
| \`standard\` | $0.020 | none | 10–30 ms | Datasets in use, checkpoints, model weights |
| \`infrequent\` | $0.010 | 30 days | 10–30 ms | Older checkpoints, evaluation results |
| \`archive\` | $0.002 | 180 days | minutes (restore first) | Raw data you must keep |

Objects move between classes with [lifecycle rules](/docs/object-storage/lifecycle-rules). There are no request fees and no retrieval fees for \`standard\` and \`infrequent\`.

## Access

New buckets are private. Access is granted in two ways:

1. **Project roles**: any API key or service account in the project with Viewer can read, with Editor can write.
2. **Bucket policies**: for access from other projects or anonymous reads, in the S3 policy language.

\`\`\`json
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Principal": { "Meridian": "project:eval-team" },
      "Action": ["s3:GetObject", "s3:ListBucket"],
      "Resource": ["arn:mrd:s3:::team-ml-datasets", "arn:mrd:s3:::team-ml-datasets/*"]
    }
  ]
}
\`\`\`

> [!WARNING]
> A policy with \`"Principal": "*"\` makes objects readable by anyone on the internet. The console shows such buckets with a red **Public** badge; prefer [presigned URLs](/docs/object-storage/presigned-urls) to share single objects.

## Versioning

With versioning enabled, overwriting or deleting an object keeps the previous version. Old versions are billed like current ones, so pair versioning with a lifecycle rule that expires non-current versions after a few days.

## Throughput

A single bucket sustains more than 100 GB/s of reads from a GPU cluster in the same region. Spread objects over many prefixes if you read more than 5,000 objects per second.
`,
  },
  {
    path: "object-storage/s3-api",
    title: "S3-compatible API",
    description: "Use existing S3 tools and SDKs with Meridian object storage: endpoints, credentials and examples.",
    updated: "2026-10-11",
    body: md`Meridian object storage speaks the S3 API, so the AWS CLI, boto3, the AWS SDK for JavaScript, rclone and most data loaders work unchanged. You only change the endpoint and the credentials.

## Endpoints and credentials

Each region has its own endpoint: \`https://storage.<region>.meridian.example\`, for example \`https://storage.eu-north-1.meridian.example\`. Use path-style or virtual-hosted-style addressing; both work.

S3 clients sign requests with an access key pair, not with a bearer token. Create one per application:

\`\`\`bash
meridian storage access-keys create --name training-loader --role editor
# ACCESS KEY ID          SECRET ACCESS KEY
# MRDAKIA4Z7Q2EXAMPLE    wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
\`\`\`

## Upload and list objects

\`\`\`bash tab="AWS CLI"
export AWS_ACCESS_KEY_ID=MRDAKIA4Z7Q2EXAMPLE
export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
aws s3 cp ./shard-00001.tar s3://team-ml-datasets/web/ \
  --endpoint-url https://storage.eu-north-1.meridian.example
aws s3 ls s3://team-ml-datasets/web/ --endpoint-url https://storage.eu-north-1.meridian.example
\`\`\`

\`\`\`python tab="Python (boto3)"
import boto3

s3 = boto3.client(
    "s3",
    endpoint_url="https://storage.eu-north-1.meridian.example",
    region_name="eu-north-1",
)
s3.upload_file("shard-00001.tar", "team-ml-datasets", "web/shard-00001.tar")
for obj in s3.list_objects_v2(Bucket="team-ml-datasets", Prefix="web/")["Contents"]:
    print(obj["Key"], obj["Size"])
\`\`\`

\`\`\`ts tab="TypeScript"
import { S3Client, PutObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { readFile } from "node:fs/promises";

const s3 = new S3Client({
  endpoint: "https://storage.eu-north-1.meridian.example",
  region: "eu-north-1",
});
await s3.send(new PutObjectCommand({
  Bucket: "team-ml-datasets",
  Key: "web/shard-00001.tar",
  Body: await readFile("shard-00001.tar"),
}));
const listed = await s3.send(new ListObjectsV2Command({ Bucket: "team-ml-datasets", Prefix: "web/" }));
console.log(listed.Contents?.map((o) => o.Key));
\`\`\`

## Supported operations

| Area | Supported | Not supported |
|---|---|---|
| Objects | Get, Put, Head, Delete, Copy, multipart upload, range reads | Object Lambda, Select |
| Buckets | Create, Delete, List, versioning, lifecycle, policies, CORS | Requester pays, replication across providers |
| Security | SigV4, presigned URLs, server-side encryption (SSE-S3, SSE-C) | SSE-KMS with external keys |

> [!TIP]
> For large uploads set the multipart chunk size to 64–128 MiB. With \`aws s3\` that is \`aws configure set default.s3.multipart_chunksize 128MB\`; throughput to a bucket in the same region reaches 2–3 GB/s per client.

Related: share single objects with [presigned URLs](/docs/object-storage/presigned-urls).
`,
  },
  {
    path: "object-storage/lifecycle-rules",
    title: "Lifecycle rules",
    description: "Move objects to cheaper classes and delete old versions and incomplete uploads automatically.",
    updated: "2026-09-12",
    body: md`Lifecycle rules act on objects by age: they move them to a cheaper [storage class](/docs/object-storage/buckets) or delete them. Rules run once a day, so an object may stay up to 24 hours past its threshold.

## A typical rule set for checkpoints

Training runs write many checkpoints, and only the recent ones are read again. This configuration keeps 14 days in \`standard\`, moves older ones to \`infrequent\`, deletes them after 180 days, and cleans up what interrupted uploads leave behind:

\`\`\`json
{
  "Rules": [
    {
      "ID": "checkpoints-tiering",
      "Filter": { "Prefix": "checkpoints/" },
      "Status": "Enabled",
      "Transitions": [{ "Days": 14, "StorageClass": "INFREQUENT" }],
      "Expiration": { "Days": 180 }
    },
    {
      "ID": "old-versions",
      "Filter": {},
      "Status": "Enabled",
      "NoncurrentVersionExpiration": { "NoncurrentDays": 7 }
    },
    {
      "ID": "abandoned-uploads",
      "Filter": {},
      "Status": "Enabled",
      "AbortIncompleteMultipartUpload": { "DaysAfterInitiation": 2 }
    }
  ]
}
\`\`\`

Apply it with any S3 client:

\`\`\`bash
aws s3api put-bucket-lifecycle-configuration \
  --bucket team-ml-checkpoints \
  --lifecycle-configuration file://lifecycle.json \
  --endpoint-url https://storage.nordics-1.meridian.example
\`\`\`

Or manage it with Terraform next to the bucket:

\`\`\`hcl
resource "meridian_storage_bucket" "checkpoints" {
  name       = "team-ml-checkpoints"
  region     = "nordics-1"
  versioning = true

  lifecycle_rule {
    id     = "checkpoints-tiering"
    prefix = "checkpoints/"

    transition {
      days          = 14
      storage_class = "INFREQUENT"
    }

    expiration {
      days = 180
    }
  }
}
\`\`\`

## Class names

The API accepts \`STANDARD\`, \`INFREQUENT\` and \`ARCHIVE\`. For compatibility with existing tools, \`STANDARD_IA\` is read as \`INFREQUENT\` and \`GLACIER\` and \`DEEP_ARCHIVE\` as \`ARCHIVE\`.

> [!IMPORTANT]
> \`infrequent\` and \`archive\` have minimum storage times (30 and 180 days). Deleting or transitioning an object earlier bills the remaining days. Do not transition objects you will delete soon anyway.

## Checking what a rule would do

\`meridian storage lifecycle preview team-ml-checkpoints\` lists the objects the next run will transition or delete, with their sizes, without changing anything.
`,
  },
  {
    path: "object-storage/presigned-urls",
    title: "Presigned URLs",
    description: "Give time-limited access to a single object without sharing credentials.",
    updated: "2026-10-11",
    body: md`A presigned URL grants access to one object for a limited time. Anyone with the URL can perform the operation it was signed for (usually a download or an upload) without a Meridian account. The signature is computed locally from an access key; no API call is needed to create one.

## Create a download link

\`\`\`bash tab="CLI"
meridian storage presign s3://team-ml-datasets/eval/results-2026-10.parquet --expires-in 1h
\`\`\`

\`\`\`python tab="Python"
import boto3

s3 = boto3.client("s3", endpoint_url="https://storage.eu-north-1.meridian.example")
url = s3.generate_presigned_url(
    "get_object",
    Params={"Bucket": "team-ml-datasets", "Key": "eval/results-2026-10.parquet"},
    ExpiresIn=3600,
)
print(url)
\`\`\`

\`\`\`ts tab="TypeScript"
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";

const s3 = new S3Client({ endpoint: "https://storage.eu-north-1.meridian.example", region: "eu-north-1" });
const url = await getSignedUrl(
  s3,
  new GetObjectCommand({ Bucket: "team-ml-datasets", Key: "eval/results-2026-10.parquet" }),
  { expiresIn: 3600 },
);
\`\`\`

## Let a browser upload directly

Sign a \`PUT\` on the server and hand the URL to the browser, which then uploads straight to storage without passing through your back end:

\`\`\`ts
const uploadUrl = await getSignedUrl(
  s3,
  new PutObjectCommand({ Bucket: "user-uploads", Key: \`incoming/\${crypto.randomUUID()}.jsonl\`, ContentType: "application/jsonl" }),
  { expiresIn: 600 },
);
\`\`\`

The bucket needs a CORS rule that allows \`PUT\` from your site's origin.

## Limits

| Setting | Limit |
|---|---|
| Longest validity | 7 days |
| Shortest validity | 1 second |
| Signature version | SigV4 only |

> [!CAUTION]
> A presigned URL stays valid until it expires, even if the bucket policy changes in the meantime. Only revoking the access key that signed it invalidates it early (within a minute, together with every other URL that key signed). Use short expiry times for anything sensitive.

For sharing many objects with another team, a [bucket policy](/docs/object-storage/buckets) is easier to audit than a list of URLs.
`,
  },
  {
    path: "ai-studio/quickstart",
    title: "AI Studio quickstart",
    description: "Call a hosted open-weight model through the OpenAI-compatible AI Studio API in five minutes.",
    updated: "2026-10-24",
    body: md`AI Studio serves open-weight models behind an OpenAI-compatible HTTP API. You pay per token, we run the GPUs, batching and scaling. If your code already uses an OpenAI client library, changing the base URL and the key is enough.

## 1. Create an inference key

Inference-only keys (prefix \`mrd_inf_\`) can call models and nothing else, which makes them safe to deploy with an application:

\`\`\`bash
meridian api-keys create my-app --role inference
export MERIDIAN_INFERENCE_KEY="mrd_inf_2b7c..."
\`\`\`

## 2. Send a request

The base URL is \`https://inference.meridian.example/v1\`.

\`\`\`bash tab="cURL"
curl https://inference.meridian.example/v1/chat/completions \
  -H "Authorization: Bearer $MERIDIAN_INFERENCE_KEY" \
  -H "Content-Type: application/json" \
  -d '{
    "model": "meridian/llama-3.3-70b-instruct",
    "messages": [{"role": "user", "content": "Explain rail-optimised networks in two sentences."}]
  }'
\`\`\`

\`\`\`python tab="Python"
import os
from openai import OpenAI

client = OpenAI(
    base_url="https://inference.meridian.example/v1",
    api_key=os.environ["MERIDIAN_INFERENCE_KEY"],
)
reply = client.chat.completions.create(
    model="meridian/llama-3.3-70b-instruct",
    messages=[{"role": "user", "content": "Explain rail-optimised networks in two sentences."}],
)
print(reply.choices[0].message.content)
\`\`\`

\`\`\`ts tab="TypeScript"
import OpenAI from "openai";

const client = new OpenAI({
  baseURL: "https://inference.meridian.example/v1",
  apiKey: process.env.MERIDIAN_INFERENCE_KEY,
});
const reply = await client.chat.completions.create({
  model: "meridian/llama-3.3-70b-instruct",
  messages: [{ role: "user", content: "Explain rail-optimised networks in two sentences." }],
});
console.log(reply.choices[0]?.message.content);
\`\`\`

## 3. Read the response

The response has the usual shape, plus a \`meridian\` object with the region that served the request and the time to first token:

\`\`\`json
{
  "id": "chatcmpl-7f3a9c",
  "object": "chat.completion",
  "model": "meridian/llama-3.3-70b-instruct",
  "choices": [{ "index": 0, "message": { "role": "assistant", "content": "..." }, "finish_reason": "stop" }],
  "usage": { "prompt_tokens": 18, "completion_tokens": 54, "total_tokens": 72 },
  "meridian": { "region": "eu-west-1", "ttft_ms": 142 }
}
\`\`\`

> [!NOTE]
> Requests are served from the nearest region that runs the model. To keep prompts in one jurisdiction, pin a region with the \`X-Meridian-Region\` header; see [rate limits and errors](/docs/ai-studio/rate-limits) for what happens when that region is full.

## Next steps

- [Chat completions](/docs/ai-studio/chat-completions) in detail, including tools and JSON output.
- [Streaming](/docs/ai-studio/chat-completions/streaming) for interactive applications.
- The [models table](/docs/ai-studio/models) with context lengths and prices.
`,
  },
  {
    path: "ai-studio/chat-completions",
    title: "Chat completions",
    description: "The chat completions endpoint: messages, parameters, tool calls and structured JSON output.",
    updated: "2026-10-24",
    body: md`\`POST /v1/chat/completions\` generates the next assistant message for a conversation. It accepts the OpenAI request format; parameters that a model does not support are rejected with a \`400\` rather than ignored.

## Request parameters

| Parameter | Type | Default | Description |
|---|---|---|---|
| \`model\` | string | required | A model ID from the [models table](/docs/ai-studio/models) |
| \`messages\` | array | required | \`system\`, \`user\`, \`assistant\` and \`tool\` messages |
| \`max_tokens\` | integer | model limit | Upper bound on generated tokens |
| \`temperature\` | number | \`0.7\` | 0 to 2; lower is more deterministic |
| \`top_p\` | number | \`1\` | Nucleus sampling; change this or temperature, not both |
| \`stream\` | boolean | \`false\` | Send tokens as they are generated, see [streaming](/docs/ai-studio/chat-completions/streaming) |
| \`tools\` | array | none | Functions the model may call |
| \`response_format\` | object | text | \`{"type": "json_schema", ...}\` for structured output |
| \`seed\` | integer | none | Best-effort reproducibility on the same model version |

## Tool calls

Describe functions with JSON Schema; the model answers with a \`tool_calls\` message when it wants one run.

\`\`\`python tab="Python"
tools = [{
    "type": "function",
    "function": {
        "name": "get_cluster_status",
        "description": "Current state of a GPU cluster",
        "parameters": {
            "type": "object",
            "properties": {"name": {"type": "string"}},
            "required": ["name"],
        },
    },
}]
reply = client.chat.completions.create(
    model="meridian/qwen-3-32b",
    messages=[{"role": "user", "content": "Is llm-train-01 ready?"}],
    tools=tools,
)
call = reply.choices[0].message.tool_calls[0]
print(call.function.name, call.function.arguments)
\`\`\`

\`\`\`ts tab="TypeScript"
const reply = await client.chat.completions.create({
  model: "meridian/qwen-3-32b",
  messages: [{ role: "user", content: "Is llm-train-01 ready?" }],
  tools: [{
    type: "function",
    function: {
      name: "get_cluster_status",
      description: "Current state of a GPU cluster",
      parameters: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    },
  }],
});
const call = reply.choices[0]?.message.tool_calls?.[0];
\`\`\`

Run the function yourself, then send its result back as a \`tool\` message with the same \`tool_call_id\`.

## Structured output

With \`response_format\` of type \`json_schema\`, decoding is constrained so that the reply always parses and validates against the schema:

\`\`\`json
{
  "type": "json_schema",
  "json_schema": {
    "name": "ticket",
    "schema": {
      "type": "object",
      "properties": {
        "severity": { "type": "string", "enum": ["low", "medium", "high"] },
        "summary": { "type": "string" }
      },
      "required": ["severity", "summary"],
      "additionalProperties": false
    }
  }
}
\`\`\`

> [!TIP]
> Constrained decoding costs nothing extra and removes a whole class of retry logic. Prefer it over asking for JSON in the prompt.

Errors and limits are described in [rate limits and errors](/docs/ai-studio/rate-limits).
`,
  },
  {
    path: "ai-studio/chat-completions/streaming",
    title: "Streaming responses",
    description: "Receive tokens as server-sent events while they are generated, and handle the end of a stream correctly.",
    updated: "2026-10-24",
    body: md`With \`"stream": true\` the response is a stream of [server-sent events](https://html.spec.whatwg.org/multipage/server-sent-events.html). Each event carries a chunk with the next few tokens; the stream ends with \`data: [DONE]\`. Time to first token is usually 100–300 ms, so interfaces feel immediate even for long answers.

## Reading a stream

\`\`\`bash tab="cURL"
curl -N https://inference.meridian.example/v1/chat/completions \
  -H "Authorization: Bearer $MERIDIAN_INFERENCE_KEY" \
  -H "Content-Type: application/json" \
  -d '{"model": "meridian/llama-3.3-70b-instruct", "stream": true,
       "messages": [{"role": "user", "content": "Write a haiku about checkpoints."}]}'
\`\`\`

\`\`\`python tab="Python"
stream = client.chat.completions.create(
    model="meridian/llama-3.3-70b-instruct",
    messages=[{"role": "user", "content": "Write a haiku about checkpoints."}],
    stream=True,
    stream_options={"include_usage": True},
)
for chunk in stream:
    if chunk.choices and chunk.choices[0].delta.content:
        print(chunk.choices[0].delta.content, end="", flush=True)
\`\`\`

\`\`\`ts tab="TypeScript"
const stream = await client.chat.completions.create({
  model: "meridian/llama-3.3-70b-instruct",
  messages: [{ role: "user", content: "Write a haiku about checkpoints." }],
  stream: true,
});
for await (const chunk of stream) {
  process.stdout.write(chunk.choices[0]?.delta.content ?? "");
}
\`\`\`

## The events

\`\`\`text
data: {"id":"chatcmpl-9d2","choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}

data: {"id":"chatcmpl-9d2","choices":[{"index":0,"delta":{"content":"Weights"}}]}

data: {"id":"chatcmpl-9d2","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

data: [DONE]
\`\`\`

## Things to get right

- A stream can end early with an \`error\` event if the request exceeds a limit mid-way. Check \`finish_reason\`: \`stop\` and \`length\` are normal endings, \`error\` is not.
- Usage is only reported when you set \`stream_options.include_usage\`; it arrives in a last chunk with an empty \`choices\` array.
- Proxies that buffer responses break streaming. Behind the [managed ingress](/docs/kubernetes/ingress), raise the idle timeout for long generations.

> [!WARNING]
> Closing the connection cancels generation, and you are billed only for the tokens produced until then. A client that retries on every network blip can therefore pay for the same answer several times: retry only when no content arrived.
`,
  },
  {
    path: "ai-studio/embeddings",
    title: "Embeddings",
    description: "Turn text into vectors for search and retrieval, in real time or as large batch jobs.",
    updated: "2026-10-02",
    body: md`\`POST /v1/embeddings\` returns a vector for each input string. Use it for semantic search, retrieval-augmented generation, clustering and deduplication.

## Request

\`\`\`bash tab="cURL"
curl https://inference.meridian.example/v1/embeddings \
  -H "Authorization: Bearer $MERIDIAN_INFERENCE_KEY" \
  -H "Content-Type: application/json" \
  -d '{"model": "meridian/bge-m3", "input": ["How do I resize a node pool?", "Spot capacity pricing"]}'
\`\`\`

\`\`\`python tab="Python"
result = client.embeddings.create(
    model="meridian/bge-m3",
    input=["How do I resize a node pool?", "Spot capacity pricing"],
)
vectors = [item.embedding for item in result.data]
print(len(vectors), len(vectors[0]))  # 2 1024
\`\`\`

Up to 512 strings per request, each up to the model's context length. Inputs that are too long are rejected, not truncated, unless you set \`"truncate": "end"\`.

## Choosing dimensions

\`meridian/bge-m3\` returns 1,024 dimensions. Models trained with Matryoshka representation accept a \`dimensions\` parameter: shorter vectors cost the same to compute but less to store and search.

| Model | Dimensions | \`dimensions\` parameter | Max input tokens | Price (1M tokens) |
|---|---:|---|---:|---:|
| \`meridian/bge-m3\` | 1,024 | no | 8,192 | $0.01 |
| \`meridian/nomic-embed-v2\` | 768 | 64–768 | 8,192 | $0.008 |
| \`meridian/qwen-3-embedding-8b\` | 4,096 | 32–4,096 | 32,768 | $0.02 |

## Batch jobs

For millions of documents, submit a batch job instead of calling the endpoint in a loop. Batches run on spare capacity at half the price and finish within 24 hours:

\`\`\`bash
meridian ai batches create \
  --model meridian/bge-m3 \
  --input s3://team-ml-datasets/corpus/docs.jsonl \
  --output s3://team-ml-datasets/corpus/embeddings/
\`\`\`

Each input line is \`{"id": "...", "text": "..."}\`; each output line adds \`"embedding"\`.

> [!TIP]
> Normalise vectors before you store them if your vector database uses dot product. \`bge-m3\` vectors are already unit length; the others are not.

Batch jobs read from and write to [object storage](/docs/object-storage/buckets) in the same project; no data leaves the region you choose.
`,
  },
  {
    path: "ai-studio/rate-limits",
    title: "Rate limits and errors",
    description: "Per-key limits for requests and tokens, the headers that report them, and every error code with what to do about it.",
    updated: "2026-10-30",
    body: md`AI Studio limits requests and tokens per minute for each organisation and model. Limits grow automatically with spending history; the current values are shown under **AI Studio → Limits**.

## Default limits

| Tier | Requires | Requests per minute | Tokens per minute |
|---|---|---:|---:|
| Trial | A new organisation | 60 | 100,000 |
| Tier 1 | A payment method | 600 | 1,000,000 |
| Tier 2 | $1,000 paid | 3,000 | 5,000,000 |
| Tier 3 | $10,000 paid | 10,000 | 20,000,000 |

Tokens per minute count the prompt plus \`max_tokens\`, not the tokens actually generated; set \`max_tokens\` close to what you need.

## Rate limit headers

Every response carries the current state:

\`\`\`http
x-ratelimit-limit-requests: 600
x-ratelimit-remaining-requests: 594
x-ratelimit-limit-tokens: 1000000
x-ratelimit-remaining-tokens: 987320
x-ratelimit-reset-tokens: 0.9s
\`\`\`

## Errors

Errors use the OpenAI error shape with an additional stable \`code\`:

\`\`\`json
{
  "error": {
    "type": "rate_limit_error",
    "code": "tokens_per_minute_exceeded",
    "message": "Token limit of 1000000 per minute reached for meridian/llama-3.3-70b-instruct.",
    "retry_after_ms": 850
  }
}
\`\`\`

| Status | Code | Meaning | What to do |
|---|---|---|---|
| 400 | \`invalid_request\` | Malformed body or unsupported parameter | Fix the request; do not retry |
| 401 | \`key_invalid\`, \`key_revoked\` | Missing, wrong or revoked key | Check the key |
| 403 | \`model_not_allowed\` | The key's project may not use this model | Enable the model for the project |
| 404 | \`model_not_found\` | Unknown model ID | Check the [models table](/docs/ai-studio/models) |
| 429 | \`requests_per_minute_exceeded\`, \`tokens_per_minute_exceeded\` | Over your limit | Retry after \`retry_after_ms\` |
| 503 | \`region_capacity\` | Pinned region is full | Retry, or remove the region pin |
| 500 | \`internal_error\` | Our fault | Retry with backoff; contact support if it persists |

## Retrying well

\`\`\`python
import random, time
from openai import RateLimitError, APIStatusError

def with_retries(call, attempts=5):
    for attempt in range(attempts):
        try:
            return call()
        except RateLimitError as e:
            time.sleep(e.body["error"].get("retry_after_ms", 1000) / 1000)
        except APIStatusError as e:
            if e.status_code < 500 or attempt == attempts - 1:
                raise
            time.sleep(min(8, 2 ** attempt) + random.random())
\`\`\`

> [!IMPORTANT]
> Retry \`429\` and \`5xx\` only. Retrying a \`400\` sends the same invalid request again and counts against your request limit.
`,
  },
  {
    path: "ai-studio/models",
    title: "Models",
    description: "Every model AI Studio serves, with context length, regions and prices per million tokens.",
    updated: "2026-11-06",
    body: md`AI Studio serves a curated set of open-weight models. Each model ID names a fixed version: when we update weights, the ID changes, and the previous version stays available for at least 90 days.

## Chat and instruction models

| Model ID | Parameters | Context | Input ($ / 1M) | Output ($ / 1M) | Regions |
|---|---:|---:|---:|---:|---|
| \`meridian/llama-3.3-70b-instruct\` | 70B | 128k | 0.35 | 0.40 | all |
| \`meridian/llama-3.1-8b-instruct\` | 8B | 128k | 0.03 | 0.05 | all |
| \`meridian/qwen-3-32b\` | 32B | 128k | 0.15 | 0.30 | all |
| \`meridian/qwen-3-235b-a22b\` | 235B (22B active) | 128k | 0.20 | 0.60 | nordics-2, us-east-2, us-west-1 |
| \`meridian/deepseek-v3.2\` | 671B (37B active) | 160k | 0.27 | 0.40 | nordics-2, us-west-1 |
| \`meridian/mistral-small-3.2\` | 24B | 128k | 0.06 | 0.18 | all |

Embedding models are listed on the [embeddings](/docs/ai-studio/embeddings) page.

## Listing models from the API

\`\`\`bash
curl -s https://inference.meridian.example/v1/models \
  -H "Authorization: Bearer $MERIDIAN_INFERENCE_KEY" | jq -r '.data[] | "\(.id)\t\(.context_length)"'
\`\`\`

\`\`\`typescript
const models = await client.models.list();
for await (const model of models) {
  console.log(model.id, (model as { context_length?: number }).context_length);
}
\`\`\`

## Precision and quality

Models larger than 100B parameters are served in FP8; smaller ones in BF16. We publish evaluation results for every served version next to the upstream numbers; differences beyond measurement noise block a release.

> [!NOTE]
> Output prices apply to generated tokens only. Cached prompt prefixes (repeated system prompts, long documents reused across requests) are billed at 25% of the input price when the cache hits.

## Dedicated endpoints

If you need a model that is not listed, a fine-tuned variant, or guaranteed throughput, deploy a dedicated endpoint on reserved GPUs:

\`\`\`yaml
name: support-bot
model: s3://team-ml/models/llama-3.1-8b-support-v4/
gpu: gpu-l40s-4x
replicas:
  min: 1
  max: 4
region: eu-west-1
\`\`\`

Dedicated endpoints are billed per GPU-hour like [GPU clusters](/docs/gpu-clusters/instance-types), not per token.
`,
  },
  {
    path: "ai-studio/fine-tuning",
    title: "Fine-tuning (private beta)",
    description: "Draft. Managed LoRA fine-tuning jobs; hidden until the beta opens.",
    updated: "2026-11-12",
    status: "draft",
    body: md`> [!CAUTION]
> Draft for the private beta. API names may still change; do not link this page from published documentation.

Managed fine-tuning trains a LoRA adapter on your data and serves it next to the base model, billed per training token and then per inference token like the base model.

## Create a job

\`\`\`bash
meridian ai fine-tunes create \
  --base meridian/llama-3.1-8b-instruct \
  --training-file s3://team-ml/ft/support-train.jsonl \
  --validation-file s3://team-ml/ft/support-val.jsonl \
  --epochs 3
\`\`\`

## Data format

Each line is one conversation in the chat completions message format. At least 100 conversations are required; 1,000 to 10,000 give the best results for style and format adaptation.

## Serving the adapter

When the job finishes, the adapter gets its own model ID (\`ft:meridian/llama-3.1-8b-instruct:support-v1\`) and can be called through [chat completions](/docs/ai-studio/chat-completions) at once. Adapters are loaded on demand next to the base model, so an idle adapter costs nothing; the first request after a long pause takes about two seconds longer.

## Open questions for the beta

- Pricing per training token
- Maximum adapter rank
- Which base models are offered at launch
`,
  },
  {
    path: "cli/install",
    title: "Install the CLI",
    description: "Install the meridian command-line tool on Linux, macOS or Windows, log in and enable shell completion.",
    updated: "2026-10-19",
    body: md`\`meridian\` is a single static binary. It manages every Meridian resource, and every example in these docs uses it.

## Install

\`\`\`bash tab="Linux"
curl -fsSL https://get.meridian.example/cli/install.sh | sh
# installs to ~/.local/bin/meridian and verifies the SHA-256 checksum
\`\`\`

\`\`\`bash tab="macOS"
brew install meridian-cloud/tap/meridian
\`\`\`

\`\`\`powershell tab="Windows"
winget install MeridianCloud.CLI
\`\`\`

Or run it in a container, for example in CI:

\`\`\`dockerfile
FROM registry.meridian.example/tools/meridian-cli:3.8
COPY deploy.sh /deploy.sh
ENTRYPOINT ["/deploy.sh"]
\`\`\`

Check the installation:

\`\`\`bash
meridian version
# meridian 3.8.2 (linux/amd64, 2026-10-15)
\`\`\`

## Log in

\`\`\`bash
meridian login
\`\`\`

This opens the browser for single sign-on and stores a refresh token in your system keychain. On machines without a browser, use \`meridian login --device\` and enter the code on another device, or set \`MERIDIAN_TOKEN\` to an API key: the environment variable always wins over the stored login.

> [!TIP]
> Enable completion for your shell: \`meridian completion bash > ~/.local/share/bash-completion/completions/meridian\`. Completion includes resource names, so \`meridian compute ssh <Tab>\` lists your nodes.

## Updating

\`meridian update\` replaces the binary in place. The CLI checks for a new version once a day and prints a one-line notice; set \`MERIDIAN_NO_UPDATE_CHECK=1\` to disable it in CI.

## What next

- Set defaults for project and region in the [configuration file](/docs/cli/configuration).
- Browse the command reference: [\`meridian compute\`](/docs/cli/compute), [\`meridian k8s\`](/docs/cli/k8s), [\`meridian storage\`](/docs/cli/storage).
`,
  },
  {
    path: "cli/compute",
    title: "meridian compute",
    description: "Reference for meridian compute: single GPU nodes and GPU clusters.",
    updated: "2026-10-19",
    body: md`\`meridian compute\` manages GPU nodes and [GPU clusters](/docs/gpu-clusters/create-a-cluster). Every subcommand accepts the global flags \`--project\`, \`--region\` and \`--output\` (\`table\`, \`json\`, \`yaml\`, \`jsonpath=...\`).

## Nodes

| Command | What it does |
|---|---|
| \`meridian compute create NAME --type TYPE\` | Create a single node |
| \`meridian compute list\` | List nodes in the project |
| \`meridian compute get NAME\` | Show one node |
| \`meridian compute ssh NAME [-- CMD]\` | Open an SSH session or run a command |
| \`meridian compute stop NAME\` / \`start NAME\` | Stop (disks kept) or start a node |
| \`meridian compute delete NAME\` | Delete a node and its disks |

\`\`\`bash
meridian compute create eval-01 --type gpu-l40s-4x --image ubuntu-24.04-cuda-12.8 --ssh-key laptop
meridian compute list --output json | jq '.[] | {name, state, type}'
\`\`\`

## Clusters

| Command | What it does |
|---|---|
| \`meridian compute clusters create NAME\` | Create a cluster (\`--node-type\`, \`--nodes\`, \`--scheduler slurm\`) |
| \`meridian compute clusters resize NAME --nodes N\` | Add or remove nodes |
| \`meridian compute clusters fabric NAME\` | Show InfiniBand link state per rail |
| \`meridian compute clusters drain NAME NODE\` | Take a node out of scheduling |
| \`meridian compute clusters delete NAME\` | Delete the cluster; the shared file system is kept for 7 days |

### Flags of \`clusters create\`

| Flag | Default | Description |
|---|---|---|
| \`--node-type\` | required | See [instance types](/docs/gpu-clusters/instance-types) |
| \`--nodes\` | \`2\` | Number of nodes |
| \`--capacity\` | \`on-demand\` | \`on-demand\`, \`reserved:<reservation-id>\` or \`spot\` |
| \`--max-price\` | none | Maximum spot price per GPU-hour |
| \`--zone\` | automatic | Pin an availability zone |
| \`--scheduler\` | \`none\` | \`slurm\` or \`none\` |
| \`--shared-fs-size\` | \`10TiB\` | Size of the shared file system |

## Scripting

All commands return exit code 0 on success, 1 on errors and 2 on invalid usage. \`--wait\` blocks until a resource reaches a stable state, which keeps scripts simple:

\`\`\`bash
set -euo pipefail
meridian compute clusters create nightly-eval --node-type gpu-h100-8x --nodes 2 --wait
meridian compute clusters get nightly-eval -o jsonpath='{.login_host}'
\`\`\`

> [!NOTE]
> \`delete\` asks for confirmation on a terminal. In scripts pass \`--yes\`; without a terminal and without \`--yes\` the command fails instead of deleting.
`,
  },
  {
    path: "cli/k8s",
    title: "meridian k8s",
    description: "Reference for meridian k8s: managed Kubernetes clusters, node pools, credentials and add-ons.",
    updated: "2026-10-19",
    body: md`\`meridian k8s\` manages [managed Kubernetes](/docs/kubernetes/create-a-cluster) clusters. Workloads inside a cluster are managed with \`kubectl\` as usual; this command covers what lives outside it.

## Clusters

| Command | What it does |
|---|---|
| \`meridian k8s clusters create NAME --version V\` | Create a cluster |
| \`meridian k8s clusters list\` | List clusters with version and state |
| \`meridian k8s clusters upgrade NAME --version V\` | Upgrade the control plane |
| \`meridian k8s clusters delete NAME\` | Delete the cluster and all node pools |
| \`meridian k8s kubeconfig NAME [--merge]\` | Write credentials for \`kubectl\` |

## Node pools

| Command | What it does |
|---|---|
| \`meridian k8s node-pools create CLUSTER --name N --type T\` | Add a pool |
| \`meridian k8s node-pools update CLUSTER POOL\` | Change count, labels, taints or autoscaling |
| \`meridian k8s node-pools upgrade CLUSTER POOL\` | Roll nodes to the cluster version (\`--pause\`, \`--resume\`) |
| \`meridian k8s node-pools delete CLUSTER POOL\` | Drain and delete a pool |

\`\`\`bash
meridian k8s node-pools create platform-prod --name l40s --type gpu-l40s-4x --count 2 \
  --label workload=inference --taint nvidia.com/gpu=present:NoSchedule
meridian k8s node-pools update platform-prod l40s --autoscaling --min 1 --max 8
\`\`\`

## Access and add-ons

\`\`\`bash
meridian k8s access grant platform-prod --group data-science --cluster-role view
meridian k8s addons list platform-prod
meridian k8s addons enable platform-prod ingress --tls-issuer letsencrypt
\`\`\`

| Add-on | Default | Purpose |
|---|---|---|
| \`ingress\` | off | Managed ingress controller, see [ingress](/docs/kubernetes/ingress) |
| \`metrics-adapter\` | on | Custom metrics for the HPA |
| \`gpu-operator\` | on for GPU pools | Driver, device plug-in, DCGM exporter |
| \`csi-storage\` | on | Block volumes and the shared file system |

> [!TIP]
> \`meridian k8s kubeconfig --merge\` keeps your other contexts. Switch with \`kubectl config use-context meridian-platform-prod\`.

Upgrades are covered step by step in [upgrading a cluster](/docs/kubernetes/upgrading).
`,
  },
  {
    path: "cli/storage",
    title: "meridian storage",
    description: "Reference for meridian storage: buckets, objects, access keys, lifecycle rules and presigned URLs.",
    updated: "2026-10-19",
    body: md`\`meridian storage\` works with [object storage](/docs/object-storage/buckets). For bulk data transfer it is as fast as dedicated S3 tools: uploads and downloads run in parallel parts and resume after interruptions.

## Buckets

| Command | What it does |
|---|---|
| \`meridian storage buckets create NAME --region R\` | Create a bucket (\`--class\`, \`--versioning\`) |
| \`meridian storage buckets list\` | List buckets with size and object count |
| \`meridian storage buckets delete NAME\` | Delete an empty bucket (\`--force\` deletes contents) |
| \`meridian storage lifecycle set NAME --file F\` | Apply [lifecycle rules](/docs/object-storage/lifecycle-rules) |
| \`meridian storage lifecycle preview NAME\` | Show what the next lifecycle run would do |

## Objects

\`\`\`bash
meridian storage cp ./data/ s3://team-ml-datasets/raw/ --recursive --parallel 32
meridian storage ls s3://team-ml-datasets/raw/ --human
meridian storage sync s3://team-ml-datasets/raw/ /mnt/shared/raw/ --delete
meridian storage rm s3://team-ml-datasets/tmp/ --recursive
\`\`\`

\`sync\` compares size and checksum and copies only what changed. With \`--delete\` it also removes files in the target that no longer exist in the source.

| Flag | Default | Description |
|---|---|---|
| \`--parallel\` | \`16\` | Concurrent part transfers |
| \`--part-size\` | \`64MiB\` | Multipart part size |
| \`--storage-class\` | bucket default | Class for uploaded objects |
| \`--dry-run\` | off | Print what would be transferred |

## Access keys and sharing

\`\`\`bash
meridian storage access-keys create --name loader --role viewer
meridian storage presign s3://team-ml-datasets/eval/report.html --expires-in 24h
\`\`\`

The secret of an access key is printed once. See [presigned URLs](/docs/object-storage/presigned-urls) for what a shared link allows.

> [!WARNING]
> \`rm --recursive\` on a bucket without versioning deletes objects permanently. Run it with \`--dry-run\` first.
`,
  },
  {
    path: "cli/configuration",
    title: "Configuration file",
    description: "Profiles, defaults and environment variables of the meridian CLI, and the order in which they apply.",
    updated: "2026-10-19",
    body: md`The CLI reads its settings from \`~/.config/meridian/config.toml\` (\`%APPDATA%\meridian\config.toml\` on Windows). The file is optional: without it, every command needs \`--project\` and \`--region\`.

## Example

\`\`\`toml
# Used when no --profile flag and no MERIDIAN_PROFILE variable is given.
default_profile = "dev"

[profiles.dev]
project = "ml-sandbox"
region  = "nordics-1"
output  = "table"

[profiles.prod]
project = "ml-platform"
region  = "us-east-2"
output  = "json"
confirm_deletes = true

[profiles.prod.compute]
default_image = "ubuntu-24.04-cuda-12.8"
ssh_key = "laptop"
\`\`\`

Switch profiles per command with \`--profile prod\`, or for a whole shell with \`export MERIDIAN_PROFILE=prod\`.

## Settings

| Key | Type | Default | Description |
|---|---|---|---|
| \`project\` | string | none | Project for all commands |
| \`region\` | string | none | Region for commands that need one |
| \`output\` | string | \`table\` | \`table\`, \`json\`, \`yaml\` |
| \`confirm_deletes\` | boolean | \`true\` on a terminal | Ask before deleting |
| \`api_url\` | string | \`https://api.meridian.example\` | For the sandbox or a private endpoint |
| \`compute.default_image\` | string | none | Image for \`compute create\` |
| \`compute.ssh_key\` | string | none | SSH key name for new nodes |

## Precedence

From highest to lowest:

1. Command-line flags (\`--region us-west-1\`)
2. Environment variables (\`MERIDIAN_REGION\`, \`MERIDIAN_PROJECT\`, \`MERIDIAN_TOKEN\`, ...)
3. The selected profile in the configuration file
4. Built-in defaults

Every key has an environment variable: upper case, prefixed with \`MERIDIAN_\`, dots replaced by underscores (\`compute.ssh_key\` → \`MERIDIAN_COMPUTE_SSH_KEY\`).

## Checking the effective configuration

\`\`\`bash
meridian config show --profile prod
# project = "ml-platform"   (profile prod)
# region  = "us-west-1"     (env MERIDIAN_REGION)
# output  = "json"          (profile prod)
\`\`\`

> [!NOTE]
> Credentials are not stored in \`config.toml\`. \`meridian login\` keeps them in the system keychain; on machines without one, in \`~/.config/meridian/credentials\` with mode \`0600\`.

## In CI

CI jobs usually need no file at all:

\`\`\`yaml
env:
  MERIDIAN_TOKEN: \${{ secrets.MERIDIAN_TOKEN }}
  MERIDIAN_PROJECT: ml-platform
  MERIDIAN_REGION: us-east-2
  MERIDIAN_NO_UPDATE_CHECK: "1"
\`\`\`
`,
  },
  {
    path: "cli/changelog",
    title: "CLI changelog",
    description: "Release notes of the meridian CLI, newest first (imported from the old release tracker).",
    updated: "2026-10-15",
    body: md`Release notes for the \`meridian\` CLI, imported from the previous release tracker. Older entries still carry some of that tool's formatting.

## 3.8.2 (2026-10-15)

- Fixed: \`meridian storage sync --delete\` no longer removes files whose names differ only in Unicode normalisation.
- Fixed: completion for node pool names in \`meridian k8s node-pools update\`.

## 3.8.0 (2026-09-30)

- New: \`meridian compute clusters fabric\` shows per-rail link state.
- New: \`--wait\` on every create command.
- Changed: \`--output jsonpath\` follows the kubectl syntax.

<div class="release-note" onclick="alert('tracked')">
<span style="color:red">Imported note:</span> the tracker exported this entry with its own markup.
<script>trackRelease("3.8.0")</script>
</div>

| Version | Date | Highlights
|---|---|
| 3.7.4 | 2026-09-02 | Faster \`storage cp\` for small files | extra cell
| 3.7.0 | 2026-08-11
3.6.1 | 2026-07-20 | Windows installer signed |

## 3.7.0 (2026-08-11)

- New: \`meridian ai batches\` for batch inference and embeddings.
- Deprecated: \`meridian jobs\`, replaced by Slurm on [GPU clusters](/docs/gpu-clusters/slurm).

<img src="x" onerror="alert('img')"> Screenshot missing from the import.

[Release tracker (old)](javascript:alert('old-tracker'))

## 3.6.0 (2026-06-24)

\`\`\`bash
# migrate old configuration files
meridian config migrate --from ~/.meridianrc
`,
  },
];
