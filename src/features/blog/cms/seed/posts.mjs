// Demo blog posts. `author` refers to authors.mjs keys; `daysAgo` is converted to published_at at
// seed time so the blog always looks current. Bodies are HTML. Two posts are drafts on purpose:
// they must never be visible without the preview token.
const code = (lang, text) =>
  `<pre><code class="language-${lang}">${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</code></pre>`;

export const posts = [
  {
    slug: "topology-aware-scheduling-for-multi-node-training",
    title: "Topology-aware scheduling for multi-node training",
    description: "How we place jobs on GPU clusters so that all-reduce traffic stays inside a rail group, and what it did to step time.",
    tags: ["engineering", "gpu", "scheduling"],
    author: "ines",
    daysAgo: 3,
    body: `<p>A 512-GPU training job is only as fast as its slowest all-reduce. When we started placing jobs purely by free capacity, step times for the same model varied by up to 18% from one run to the next. The cause was almost always placement: ranks that talk to each other most were spread across leaf switches.</p>
<h2>What the scheduler knows now</h2>
<p>Every node in a Meridian cluster reports its position in the fabric: rail, leaf switch and spine group. The scheduler treats these as a tree and scores each candidate placement by the number of switch hops the job’s collective pattern will cross.</p>
<ul>
<li>Jobs up to 64 GPUs are placed under a single leaf whenever possible.</li>
<li>Larger jobs are packed by rail group, so tensor-parallel ranks never leave a group.</li>
<li>A placement that needs more than two spine hops for any ring is rejected rather than accepted slowly.</li>
</ul>
<h2>Requesting a placement</h2>
<p>Most users never set anything: the defaults follow the job size. Teams that know their parallelism layout can pass it explicitly.</p>
${code(
  "yaml",
  `apiVersion: meridian.cloud/v1
kind: TrainingJob
spec:
  gpus: 512
  placement:
    policy: topology-aware
    tensorParallel: 8
    pipelineParallel: 4`,
)}
<h2>Results</h2>
<p>Across 1,900 jobs in the last quarter, median step-time variance between runs of the same configuration fell from 11% to 2.6%. Queue time for jobs over 256 GPUs rose by a median of four minutes, which most teams accepted once they saw the step-time numbers.</p>`,
  },
  {
    slug: "reserved-or-on-demand-gpus",
    title: "Reserved or on-demand GPUs: a worked example",
    description: "A cost model for a team that trains weekly and serves daily, with the numbers we use when customers ask which to buy.",
    tags: ["gpu", "pricing", "customers"],
    author: "daniel",
    daysAgo: 9,
    body: `<p>The question we hear most from new customers is whether to reserve capacity or run on demand. The answer depends on one number: how many GPU-hours per week you will use with certainty.</p>
<h2>The model</h2>
<p>Take a team that fine-tunes a 70B model once a week on 64 GPUs for 30 hours and runs evaluation jobs on 8 GPUs most working days.</p>
<ul>
<li>Fine-tuning: 64 × 30 = 1,920 GPU-hours per week.</li>
<li>Evaluation: 8 × 10 × 5 = 400 GPU-hours per week.</li>
<li>Total: 2,320 GPU-hours, of which the fine-tuning part is predictable.</li>
</ul>
<h2>Where the break-even sits</h2>
<p>Reserved capacity is billed whether you use it or not. It pays off once utilisation of the reserved block stays above the ratio of the reserved to the on-demand price. With today’s list prices that ratio is about 0.62, so a reservation is cheaper once you keep it busy more than 62% of the time.</p>
${code(
  "python",
  `def cheaper_to_reserve(hours_used_per_week, reserved_gpus,
                       reserved_price, on_demand_price):
    capacity = reserved_gpus * 24 * 7
    utilisation = hours_used_per_week / capacity
    return utilisation > reserved_price / on_demand_price`,
)}
<h2>What we recommend</h2>
<p>Reserve what you can predict and burst the rest on demand. For the team above that means a small reservation sized for evaluation and on-demand capacity for the weekly run, unless the weekly run grows to several days.</p>`,
  },
  {
    slug: "ai-studio-continuous-batching",
    title: "Continuous batching in AI Studio, measured",
    description:
      "We moved AI Studio endpoints to continuous batching. Throughput, latency percentiles and the cases where it does not help.",
    tags: ["inference", "ai-studio", "engineering"],
    author: "amara",
    daysAgo: 16,
    body: `<p>Static batching waits for a batch to fill before it runs, and then every request in the batch waits for the longest one to finish. Continuous batching admits new requests at every decode step instead. All AI Studio endpoints now use it by default.</p>
<h2>Numbers</h2>
<p>On a Llama-class 8B model on a single GPU, with a realistic mix of prompt and output lengths:</p>
<ul>
<li>Throughput rose from 2,150 to 5,400 output tokens per second.</li>
<li>p50 time to first token went from 310 ms to 190 ms.</li>
<li>p99 time to first token went from 2.4 s to 0.9 s under the same load.</li>
</ul>
<h2>When it does not help</h2>
<p>If every request has the same short prompt and the same output length, static batches are already full and continuous batching changes little. Embedding endpoints fall into this group and keep their previous scheduler.</p>
<h2>Trying it</h2>
<p>Nothing changes in the API. You can see batch sizes per second in the endpoint metrics, or request them directly:</p>
${code(
  "bash",
  `curl -s https://api.meridian.example/v1/endpoints/ep_42/metrics \\
  -H "Authorization: Bearer $MERIDIAN_TOKEN" | jq '.batch_size.p50'`,
)}
<p>If your latency budget is strict, set a maximum batch size per endpoint; the default is chosen from the model size and GPU memory.</p>`,
  },
  {
    slug: "rail-optimised-fabric",
    title: "Why our GPU fabric is rail-optimised",
    description: "The network design behind every Meridian training cluster, and the trade-offs we accepted to build it.",
    tags: ["networking", "gpu", "engineering"],
    author: "tomasz",
    daysAgo: 24,
    body: `<p>In a rail-optimised fabric, the n-th network card of every server connects to the same leaf switch. Eight cards per server means eight rails, and traffic between GPUs with the same local rank never crosses a spine.</p>
<h2>Why it matters for training</h2>
<p>Collective operations in data-parallel and tensor-parallel training mostly exchange data between GPUs with the same local rank. Rails keep that traffic one hop away. In our measurements, all-reduce bandwidth at 1,024 GPUs stays within 6% of the single-leaf figure.</p>
<h2>The trade-offs</h2>
<ul>
<li>More cabling and more leaf switches than a conventional design of the same size.</li>
<li>Traffic between different local ranks takes a longer path, so placement matters (see our post on scheduling).</li>
<li>A failed leaf switch affects one rail on many servers at once, which we handle by draining affected jobs to a spare rail group.</li>
</ul>
<h2>Checking your own job</h2>
<p>Each node exposes its rail assignment, which is useful when you debug slow collectives:</p>
${code(
  "bash",
  `meridian node describe gpu-a17-042 --fields rails
# rail0  leaf-a17-r0  400G  up
# rail1  leaf-a17-r1  400G  up`,
)}
<p>We publish fabric diagrams for every region in the documentation, including oversubscription ratios for storage traffic.</p>`,
  },
  {
    slug: "checkpointing-at-scale",
    title: "Checkpointing 2 TB every 20 minutes",
    description: "How the parallel file system and object storage share the work when large training runs save state.",
    tags: ["storage", "engineering", "gpu"],
    author: "jonas",
    daysAgo: 31,
    body: `<p>A training run that loses four hours of progress to a node failure is expensive. Frequent checkpoints are the usual answer, but a 2 TB checkpoint written by 1,024 GPUs at once is a storage problem in its own right.</p>
<h2>Two tiers</h2>
<p>Checkpoints land first on the cluster’s parallel file system, which absorbs the burst at up to 1.6 TB/s per cluster. A background process then copies completed checkpoints to object storage and keeps the last three on the file system.</p>
<ul>
<li>Write to file system: about 80 seconds for 2 TB.</li>
<li>Copy to object storage: about 9 minutes, off the critical path.</li>
<li>Restore from file system after a node swap: under 2 minutes.</li>
</ul>
<h2>Configuring retention</h2>
${code(
  "yaml",
  `checkpoints:
  path: /mnt/shared/run-481/ckpt
  keepOnFileSystem: 3
  archive:
    bucket: s3://team-ml/checkpoints/run-481
    everyN: 6`,
)}
<h2>What we learned</h2>
<p>Most failed restores we investigated were caused by incomplete checkpoints, not lost ones. The copier now verifies a manifest before it marks a checkpoint as complete, and the training launcher refuses to resume from one without it.</p>`,
  },
  {
    slug: "q3-energy-report",
    title: "Energy and water use, third quarter",
    description: "Power usage effectiveness, water use and the share of carbon-free energy for each Meridian region.",
    tags: ["sustainability", "company", "data-centres"],
    author: "priya",
    daysAgo: 38,
    body: `<p>We publish energy figures for every region each quarter. This report covers July to September.</p>
<h2>Summary</h2>
<ul>
<li>Fleet-wide power usage effectiveness (PUE): 1.19, down from 1.22.</li>
<li>Water usage effectiveness: 0.21 litres per kWh, mostly in the two sites with evaporative cooling.</li>
<li>Carbon-free energy share, hourly matched: 71%.</li>
</ul>
<h2>What changed</h2>
<p>The largest improvement came from the second liquid-cooled hall in the Nordic region, which now carries 38% of that region’s GPU load. Direct-to-chip cooling lets us raise the supply water temperature to 40 °C and reject heat without chillers for most of the year.</p>
<h2>How we measure</h2>
<p>PUE is measured at the utility meter and at the power distribution units, averaged over the quarter. The raw monthly data is available as CSV:</p>
${code(
  "bash",
  `curl -O https://meridian.example/sustainability/2026-q3.csv
head -3 2026-q3.csv
# region,month,it_kwh,facility_kwh,pue
# nordics-1,2026-07,10512000,12403000,1.18`,
)}
<p>Next quarter we will add embodied carbon estimates for new hardware deliveries.</p>`,
  },
  {
    slug: "managed-kubernetes-gpu-node-pools",
    title: "GPU node pools in Managed Kubernetes",
    description: "Node pools with health checks, driver management and the fabric attached, without running your own operators.",
    tags: ["kubernetes", "gpu", "product"],
    author: "daniel",
    daysAgo: 45,
    body: `<p>Managed Kubernetes now supports GPU node pools with the high-speed fabric attached. You get a standard Kubernetes API and we handle drivers, device plugins and node health.</p>
<h2>What is managed for you</h2>
<ul>
<li>GPU drivers and the container toolkit, upgraded with the node image.</li>
<li>The device plugin and network operator for the training fabric.</li>
<li>Active health checks: nodes that fail a GPU or fabric test are cordoned and replaced.</li>
</ul>
<h2>Creating a pool</h2>
${code(
  "bash",
  `meridian k8s node-pool create \\
  --cluster training-eu \\
  --name h200-pool \\
  --gpu-type h200 --nodes 16 \\
  --fabric infiniband`,
)}
<h2>Limits</h2>
<p>A single pool can hold up to 128 nodes. Pools with the fabric attached must stay within one availability zone. Autoscaling is available for inference pools; training pools scale manually so that jobs are not interrupted.</p>`,
  },
  {
    slug: "slurm-on-meridian",
    title: "Running Slurm on Meridian without a platform team",
    description: "A managed Slurm cluster with shared storage and accounting, ready in about fifteen minutes.",
    tags: ["slurm", "gpu", "product"],
    author: "ines",
    daysAgo: 53,
    body: `<p>Many research teams already know Slurm and do not want to learn a new scheduler to rent GPUs. Managed Slurm gives them a familiar cluster with the controller, accounting database and shared storage operated by us.</p>
<h2>What you get</h2>
<ul>
<li>A login node, a highly available controller and worker nodes with GPUs.</li>
<li>A shared home directory and a parallel scratch file system.</li>
<li>Accounting per user and per project, exportable as CSV.</li>
</ul>
<h2>A first job</h2>
${code(
  "bash",
  `#!/bin/bash
#SBATCH --job-name=smoke-test
#SBATCH --nodes=2
#SBATCH --gpus-per-node=8
#SBATCH --time=00:10:00
srun python -m torch.distributed.run --nproc-per-node=8 all_reduce_test.py`,
)}
<h2>Health checks between jobs</h2>
<p>Before a node takes a new job, a short prolog runs GPU memory and fabric tests. A node that fails is drained automatically and a replacement joins the partition, usually within twenty minutes.</p>`,
  },
  {
    slug: "object-storage-consistency",
    title: "Strong read-after-write consistency in Object Storage",
    description: "Object Storage now guarantees that a successful write is visible to every subsequent read and list request.",
    tags: ["storage", "product"],
    author: "jonas",
    daysAgo: 61,
    body: `<p>Meridian Object Storage now offers strong read-after-write consistency for all operations, including list requests, in every region. No configuration change is needed.</p>
<h2>What this means in practice</h2>
<ul>
<li>After a successful PUT, a GET returns the new object, never a previous version.</li>
<li>A LIST issued after a write includes the new key.</li>
<li>After a DELETE, GET returns 404 immediately.</li>
</ul>
<h2>How we did it</h2>
<p>The metadata layer moved to a replicated log with a single leader per bucket partition. Reads check the partition’s commit index before answering. The cost is about 1.5 ms of extra latency for metadata reads within a region, which we measured against the previous design.</p>
${code(
  "python",
  `import boto3
s3 = boto3.client("s3", endpoint_url="https://storage.eu-north-1.meridian.example")
s3.put_object(Bucket="datasets", Key="shard-0001.tar", Body=data)
assert "shard-0001.tar" in [o["Key"] for o in s3.list_objects_v2(Bucket="datasets")["Contents"]]`,
)}
<h2>Why it matters for ML pipelines</h2>
<p>Data loaders that list a prefix and then read every shard no longer need retries or sleeps to work around missing keys.</p>`,
  },
  {
    slug: "postmortem-fabric-partition",
    title: "Postmortem: partial fabric partition in us-east-2",
    description:
      "On 14 September, a firmware defect isolated one rail in a training cluster for 47 minutes. What happened and what we changed.",
    tags: ["engineering", "networking", "reliability"],
    author: "tomasz",
    daysAgo: 70,
    body: `<p>For 47 minutes, one rail of a training cluster in us-east-2 dropped most of its traffic. Seven customer jobs stalled; four were restarted from their last checkpoint. No data was lost.</p>
<h2>Timeline (UTC)</h2>
<ul>
<li>09:12 A firmware update began on the leaf switches of rail 3, following the staged plan.</li>
<li>09:19 Collective timeouts appeared in job telemetry. Alerting fired at 09:21.</li>
<li>09:34 The update was halted; rail 3 switches were rolled back one by one.</li>
<li>09:59 All links healthy; stalled jobs resumed or restarted.</li>
</ul>
<h2>Root cause</h2>
<p>The new firmware handled a specific adaptive routing setting differently. Our staging cluster did not use that setting, so the defect did not show up in testing.</p>
<h2>What we changed</h2>
<ul>
<li>Staging now mirrors production switch configuration, verified by a diff before each rollout.</li>
<li>Rollouts pause automatically when collective timeouts rise above baseline.</li>
<li>Affected customers received credits automatically.</li>
</ul>
${code(
  "text",
  `rollout.pause_if:
  metric: nccl_timeouts_per_min
  threshold: baseline * 3
  window: 2m`,
)}`,
  },
  {
    slug: "inference-latency-budgets",
    title: "How to set a latency budget for an inference endpoint",
    description: "Time to first token, inter-token latency and the percentiles that matter for chat, search and batch workloads.",
    tags: ["inference", "ai-studio", "guides"],
    author: "amara",
    daysAgo: 82,
    body: `<p>“Fast” means different things for a chat product, a search reranker and a nightly batch job. Before choosing hardware or batch sizes, write down a latency budget.</p>
<h2>Three numbers</h2>
<ul>
<li><strong>Time to first token (TTFT)</strong>: what a user waits before anything appears.</li>
<li><strong>Inter-token latency</strong>: how fast text streams once it starts.</li>
<li><strong>End-to-end latency</strong>: what matters for non-streaming calls.</li>
</ul>
<h2>Typical budgets we see</h2>
<ul>
<li>Chat: p95 TTFT under 500 ms, inter-token under 40 ms.</li>
<li>Search reranking: p99 end-to-end under 150 ms for 50 candidates.</li>
<li>Batch summarisation: no latency target; optimise cost per million tokens.</li>
</ul>
<h2>Encoding the budget</h2>
<p>AI Studio endpoints accept a target that the autoscaler uses to add replicas before the budget is breached:</p>
${code(
  "json",
  `{
  "model": "meridian/llama-3.1-70b-instruct",
  "autoscaling": {
    "target": { "metric": "ttft_p95_ms", "value": 500 },
    "minReplicas": 2,
    "maxReplicas": 12
  }
}`,
)}
<p>Measure against your own traffic; published benchmarks rarely match real prompt lengths.</p>`,
  },
  {
    slug: "new-region-nordics-2",
    title: "A second Nordic region, liquid-cooled from day one",
    description: "nordics-2 opens with H200 clusters, object storage and managed Kubernetes, powered by hydro and wind.",
    tags: ["company", "data-centres", "sustainability"],
    author: "priya",
    daysAgo: 96,
    body: `<p>Our seventh region, nordics-2, is now generally available. It is the first Meridian site built with direct-to-chip liquid cooling in every hall.</p>
<h2>Available at launch</h2>
<ul>
<li>H200 training clusters, reserved and on demand, with a rail-optimised fabric.</li>
<li>AI Studio inference endpoints.</li>
<li>Object Storage and Managed Kubernetes.</li>
</ul>
<h2>Power and cooling</h2>
<p>The site has a 60 MW grid connection supplied by hydro and wind under long-term contracts. Design PUE is 1.12. Waste heat feeds the local district heating network, which took eleven months of joint engineering with the municipality.</p>
<h2>Latency</h2>
<p>Round-trip time to nordics-1 is 6 ms over our own backbone, so teams can keep datasets in one region and train in the other.</p>
${code(
  "bash",
  `meridian regions list --available
# nordics-1   GA   h100, h200
# nordics-2   GA   h200`,
)}`,
  },
  // Drafts: never visible to anonymous visitors.
  {
    status: "draft",
    slug: "b300-clusters-early-access",
    title: "B300 clusters: early access (draft)",
    description: "Draft announcement of early access to next-generation GPU clusters. Not for publication before the launch date.",
    tags: ["gpu", "product"],
    author: "ines",
    daysAgo: -5,
    body: `<p>This is an embargoed draft. Figures below are placeholders until the benchmark team signs them off.</p>
<h2>Planned availability</h2>
<ul><li>Region: nordics-2</li><li>Minimum reservation: 64 GPUs</li></ul>
${code("text", "TODO: confirm pricing with finance")}`,
  },
  {
    status: "draft",
    slug: "pricing-changes-2027",
    title: "Pricing changes for 2027 (draft)",
    description: "Internal draft: changes to storage egress and reserved capacity terms for 2027.",
    tags: ["pricing", "company"],
    author: "daniel",
    daysAgo: -12,
    body: `<p>Draft for review by finance and legal. Do not publish.</p>
<h2>Proposed changes</h2>
<ul><li>Egress between Meridian regions becomes free.</li><li>One-year reservations gain a mid-term resize option.</li></ul>
${code("text", "Open question: grandfathering for existing contracts")}`,
  },
];
