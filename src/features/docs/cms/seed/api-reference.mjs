// The Meridian Cloud API described once, in OpenAPI 3.1: the demo content of the API reference.
// Two versions: v1 (an earlier version, an item of `api_reference_versions`) and v2, the latest
// (the `api_reference` singleton's `source`), a copy of v1 with a few incompatible changes. The
// people who own the API replace these texts in the CMS; the tests read their expectations from
// them.

const ref = (name) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema, example) => ({ "application/json": { schema, ...(example === undefined ? {} : { example }) } });
const errorResponse = (name) => ({ $ref: `#/components/responses/${name}` });
const pathParam = (name) => ({ $ref: `#/components/parameters/${name}` });
const listOf = (name, example) => ({
  description: "One page of results.",
  content: json(
    { allOf: [ref("ListPage"), { type: "object", required: ["data"], properties: { data: { type: "array", items: ref(name) } } }] },
    {
      data: [example],
      next_cursor: null,
    },
  ),
});
const one = (description, name, example) => ({ description, content: json(ref(name), example) });
const common = { 401: errorResponse("Unauthorized"), 429: errorResponse("RateLimited") };
const deleted = { description: "Deleted. The response has no body." };

const project = {
  id: "prj_7Hc2kQ9x",
  name: "llm-training",
  description: "Pre-training runs for the 70B model.",
  default_region: "eu-central-1",
  labels: { team: "research" },
  created_at: "2026-09-14T08:12:44Z",
};
const apiKey = {
  id: "key_3fZp81Lm",
  name: "ci-deploy",
  role: "editor",
  prefix: "mrd_live_8c1f",
  allowed_ips: ["203.0.113.0/24"],
  expires_at: "2027-02-12T00:00:00Z",
  created_at: "2026-11-14T10:03:51Z",
  last_used_at: "2026-11-24T17:40:02Z",
};
const region = {
  id: "eu-central-1",
  name: "Frankfurt",
  country: "DE",
  status: "available",
  gpu_types: ["H100", "H200", "L40S"],
  services: ["compute", "kubernetes", "storage", "inference"],
};
const instance = {
  id: "ins_Q2x9vL0a",
  name: "notebook-01",
  project_id: "prj_7Hc2kQ9x",
  region: "eu-central-1",
  gpu: { type: "H100", count: 1 },
  image: "ubuntu-24.04-cuda-12.8",
  status: "running",
  public_ipv4: "198.51.100.24",
  spot: false,
  created_at: "2026-11-20T09:30:00Z",
};
const cluster = {
  id: "cls_k8Vd31Qe",
  name: "llm-train-01",
  project_id: "prj_7Hc2kQ9x",
  region: "eu-central-1",
  kubernetes_version: "1.33",
  status: "running",
  endpoint: "https://cls-k8vd31qe.eu-central-1.k8s.meridian.example",
  node_pools: ["np_Gpu8xH100"],
  created_at: "2026-10-02T14:20:11Z",
};
const nodePool = {
  id: "np_Gpu8xH100",
  name: "gpu-h100",
  cluster_id: "cls_k8Vd31Qe",
  machine_type: "gpu-h100-8x",
  scaling: { mode: "autoscale", min_nodes: 1, max_nodes: 16 },
  labels: { workload: "training" },
  taints: [{ key: "nvidia.com/gpu", value: "present", effect: "NoSchedule" }],
  status: "ready",
  node_count: 4,
};
const bucket = {
  name: "training-data-eu",
  region: "eu-central-1",
  storage_class: "standard",
  versioning: true,
  public_access: false,
  size_bytes: 48318382080,
  object_count: 120422,
  s3_endpoint: "https://storage.eu-central-1.meridian.example",
  created_at: "2026-08-30T16:45:00Z",
};
const endpoint = {
  id: "ep_Llama70bProd",
  name: "support-bot",
  model: "meta-llama/Llama-3.3-70B-Instruct",
  region: "eu-central-1",
  scaling: { min_replicas: 1, max_replicas: 4, target_concurrency: 8 },
  status: "ready",
  url: "https://inference.meridian.example/v1/endpoints/ep_Llama70bProd",
  created_at: "2026-11-02T11:00:00Z",
};

/** v1: the API as first published, kept under /docs/api/v1. */
export const apiReferenceDocumentV1 = {
  openapi: "3.1.0",
  info: {
    title: "Meridian Cloud API",
    version: "2026-11-01",
    summary: "Manage projects, GPU capacity, Kubernetes, storage and inference.",
    description: `The Meridian Cloud API is a JSON API over HTTPS. Every resource lives in a **project**; a request acts on the project its API key belongs to.

- Requests and responses are JSON (\`Content-Type: application/json\`), in UTF-8.
- Times are RFC 3339 in UTC; sizes are in bytes.
- Identifiers carry a prefix that names their kind: \`prj_\`, \`key_\`, \`ins_\`, \`cls_\`, \`np_\`, \`ep_\`.

See [authentication and API keys](/docs/getting-started/authentication) for creating a key.`,
    contact: { name: "Meridian support", url: "https://meridian.example/contact", email: "support@meridian.example" },
  },
  servers: [
    { url: "https://api.meridian.example", description: "Production" },
    { url: "https://sandbox.api.meridian.example", description: "Sandbox (keys starting with mrd_test_)" },
  ],
  security: [{ bearerAuth: [] }],
  "x-meridian": {
    errors: `Errors answer with a 4xx or 5xx status and a body of the **Error** model: a stable machine-readable \`code\`, a \`message\` for people, the \`field\` at fault when one input is wrong, and a \`request_id\` to quote to support.

| Status | Code | When |
|---|---|---|
| 400 | \`invalid_request\` | A parameter or body field is missing, of the wrong type or out of range |
| 401 | \`unauthorized\` | No key, an unknown key, or an expired one |
| 403 | \`forbidden\` | The key's role may not do this |
| 404 | \`not_found\` | No such resource in this project |
| 409 | \`conflict\` | The name is taken, or the resource is in a state that forbids this |
| 429 | \`rate_limited\` | Too many requests: wait for \`Retry-After\` seconds |`,
    pagination: `List operations return one page at a time: \`data\` holds the items, \`next_cursor\` the cursor of the next page (\`null\` on the last). Pass it back as \`cursor\`, with the same filters, to read on; \`limit\` sets the page size (1–100, 20 by default).`,
    rateLimits: `Each API key may send 600 requests a minute, and 60 a minute to operations that create resources. Every response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; over the limit the API answers \`429\` with \`Retry-After\`.`,
  },
  tags: [
    { name: "Projects", description: "A project holds resources, members and keys, and is billed as one." },
    { name: "API keys", description: "Keys that authenticate requests to one project, each with one role." },
    { name: "Regions", description: "Where resources can run, and which GPU types and services each region offers." },
    { name: "GPU instances", description: "Virtual machines with one to eight GPUs, billed per second." },
    { name: "Clusters", description: "Managed Kubernetes clusters; the control plane is free." },
    { name: "Node pools", description: "Groups of identical nodes in a cluster, fixed in size or autoscaled." },
    {
      name: "Object storage",
      description: "S3-compatible buckets. Objects are read and written through the S3 API; buckets are managed here.",
    },
    { name: "Inference endpoints", description: "Dedicated, autoscaled deployments of a model behind an OpenAI-compatible API." },
  ],
  paths: {
    "/v1/projects": {
      get: {
        tags: ["Projects"],
        operationId: "listProjects",
        summary: "List projects",
        description: "Lists the projects the key's organisation owns, newest first.",
        parameters: [{ $ref: "#/components/parameters/Limit" }, { $ref: "#/components/parameters/Cursor" }],
        responses: { 200: listOf("Project", project), ...common },
      },
      post: {
        tags: ["Projects"],
        operationId: "createProject",
        summary: "Create a project",
        description: "Creates an empty project. Its name must be unique in the organisation.",
        requestBody: {
          required: true,
          content: json(ref("ProjectCreate"), {
            name: "llm-training",
            description: "Pre-training runs for the 70B model.",
            default_region: "eu-central-1",
          }),
        },
        responses: {
          201: one("The new project.", "Project", project),
          400: errorResponse("BadRequest"),
          409: errorResponse("Conflict"),
          ...common,
        },
      },
    },
    "/v1/projects/{project_id}": {
      parameters: [pathParam("ProjectId")],
      get: {
        tags: ["Projects"],
        operationId: "getProject",
        summary: "Get a project",
        responses: { 200: one("The project.", "Project", project), 404: errorResponse("NotFound"), ...common },
      },
      patch: {
        tags: ["Projects"],
        operationId: "updateProject",
        summary: "Update a project",
        description: "Changes the fields given; fields left out keep their values.",
        requestBody: { required: true, content: json(ref("ProjectUpdate"), { description: "Pre-training and evaluation runs." }) },
        responses: {
          200: one("The updated project.", "Project", project),
          400: errorResponse("BadRequest"),
          404: errorResponse("NotFound"),
          ...common,
        },
      },
      delete: {
        tags: ["Projects"],
        operationId: "deleteProject",
        summary: "Delete a project",
        description: "Deletes an **empty** project. A project that still holds instances, clusters, buckets or endpoints answers `409`.",
        responses: { 204: deleted, 404: errorResponse("NotFound"), 409: errorResponse("Conflict"), ...common },
      },
    },
    "/v1/api-keys": {
      get: {
        tags: ["API keys"],
        operationId: "listApiKeys",
        summary: "List API keys",
        description: "Lists the project's keys. The secret itself is shown only once, when a key is created.",
        parameters: [{ $ref: "#/components/parameters/Limit" }, { $ref: "#/components/parameters/Cursor" }],
        responses: { 200: listOf("ApiKey", apiKey), ...common },
      },
      post: {
        tags: ["API keys"],
        operationId: "createApiKey",
        summary: "Create an API key",
        description:
          "Creates a key with one role. The response's `secret` is the only time the key is shown: store it in a secret manager.",
        requestBody: {
          required: true,
          content: json(ref("ApiKeyCreate"), { name: "ci-deploy", role: "editor", expires_in_days: 90, allowed_ips: ["203.0.113.0/24"] }),
        },
        responses: {
          201: {
            description: "The new key, with its secret.",
            content: json(
              {
                allOf: [
                  ref("ApiKey"),
                  {
                    type: "object",
                    required: ["secret"],
                    properties: {
                      secret: { type: "string", description: "The key. Shown once.", examples: ["mrd_live_8c1f0d3b2e5a47c9b1e2"] },
                    },
                  },
                ],
              },
              {
                ...apiKey,
                secret: "mrd_live_8c1f0d3b2e5a47c9b1e2",
              },
            ),
          },
          400: errorResponse("BadRequest"),
          403: errorResponse("Forbidden"),
          ...common,
        },
      },
    },
    "/v1/api-keys/{key_id}": {
      parameters: [
        {
          name: "key_id",
          in: "path",
          required: true,
          description: "The key's id.",
          schema: { type: "string", pattern: "^key_[A-Za-z0-9]{8}$" },
          example: "key_3fZp81Lm",
        },
      ],
      delete: {
        tags: ["API keys"],
        operationId: "revokeApiKey",
        summary: "Revoke an API key",
        description: "Revokes a key at once; requests already in flight finish.",
        responses: { 204: deleted, 403: errorResponse("Forbidden"), 404: errorResponse("NotFound"), ...common },
      },
    },
    "/v1/regions": {
      get: {
        tags: ["Regions"],
        operationId: "listRegions",
        summary: "List regions",
        parameters: [
          { name: "service", in: "query", description: "Only regions that offer this service.", schema: ref("Service") },
          { name: "gpu_type", in: "query", description: "Only regions with this GPU type.", schema: ref("GpuType") },
        ],
        responses: { 200: listOf("Region", region), ...common },
      },
    },
    "/v1/regions/{region_id}": {
      parameters: [
        {
          name: "region_id",
          in: "path",
          required: true,
          description: "The region's id.",
          schema: { type: "string" },
          example: "eu-central-1",
        },
      ],
      get: {
        tags: ["Regions"],
        operationId: "getRegion",
        summary: "Get a region",
        responses: { 200: one("The region.", "Region", region), 404: errorResponse("NotFound"), ...common },
      },
    },
    "/v1/instances": {
      get: {
        tags: ["GPU instances"],
        operationId: "listInstances",
        summary: "List GPU instances",
        // Written samples for what a generated one cannot show: reading every page.
        "x-codeSamples": [
          {
            lang: "TypeScript",
            label: "TypeScript (every page)",
            source: `// Every instance: pass next_cursor back as cursor until it is null.
const instances: { id: string; name: string }[] = [];
let cursor: string | null = null;
do {
  const url = new URL("https://api.meridian.example/v1/instances");
  url.searchParams.set("limit", "100");
  if (cursor) url.searchParams.set("cursor", cursor);
  const response = await fetch(url, {
    headers: { Authorization: \`Bearer \${process.env.MERIDIAN_TOKEN}\` },
  });
  if (!response.ok) throw new Error(\`\${response.status} \${await response.text()}\`);
  const page = (await response.json()) as { data: { id: string; name: string }[]; next_cursor: string | null };
  instances.push(...page.data);
  cursor = page.next_cursor;
} while (cursor);
console.log(instances.length, "instances");`,
          },
          {
            lang: "Python",
            label: "Python (every page)",
            source: `import os

import requests

# Every instance: pass next_cursor back as cursor until it is None.
instances = []
params = {"limit": 100}
while True:
    response = requests.get(
        "https://api.meridian.example/v1/instances",
        headers={"Authorization": f"Bearer {os.environ['MERIDIAN_TOKEN']}"},
        params=params,
    )
    response.raise_for_status()
    page = response.json()
    instances.extend(page["data"])
    if page["next_cursor"] is None:
        break
    params["cursor"] = page["next_cursor"]
print(len(instances), "instances")`,
          },
        ],
        parameters: [
          { $ref: "#/components/parameters/Limit" },
          { $ref: "#/components/parameters/Cursor" },
          {
            name: "region",
            in: "query",
            description: "Only instances in this region.",
            schema: { type: "string" },
            example: "eu-central-1",
          },
          { name: "status", in: "query", description: "Only instances in this state.", schema: ref("InstanceStatus") },
        ],
        responses: { 200: listOf("Instance", instance), 400: errorResponse("BadRequest"), ...common },
      },
      post: {
        tags: ["GPU instances"],
        operationId: "createInstance",
        summary: "Create a GPU instance",
        description:
          "Starts an instance. It is billed from the moment it is `running`. Spot instances cost up to 70% less and may be stopped with two minutes' notice.",
        parameters: [
          {
            name: "Idempotency-Key",
            in: "header",
            description: "Send the same key again to retry without creating a second instance (kept 24 hours).",
            schema: { type: "string", maxLength: 64 },
            example: "3f0d3c1e-6a1b-4cf4-9a51-2c8f1f0e9a77",
          },
        ],
        requestBody: {
          required: true,
          content: json(ref("InstanceCreate"), {
            name: "notebook-01",
            region: "eu-central-1",
            gpu: { type: "H100", count: 1 },
            image: "ubuntu-24.04-cuda-12.8",
            ssh_key_ids: ["ssh_9dK2"],
          }),
        },
        responses: {
          201: one("The new instance, usually `provisioning`.", "Instance", { ...instance, status: "provisioning", public_ipv4: null }),
          400: errorResponse("BadRequest"),
          409: errorResponse("Conflict"),
          ...common,
        },
      },
    },
    "/v1/instances/{instance_id}": {
      parameters: [pathParam("InstanceId")],
      get: {
        tags: ["GPU instances"],
        operationId: "getInstance",
        summary: "Get a GPU instance",
        responses: { 200: one("The instance.", "Instance", instance), 404: errorResponse("NotFound"), ...common },
      },
      delete: {
        tags: ["GPU instances"],
        operationId: "deleteInstance",
        summary: "Delete a GPU instance",
        description: "Stops and deletes the instance and its boot disk. Attached volumes are kept.",
        responses: { 204: deleted, 404: errorResponse("NotFound"), ...common },
      },
    },
    "/v1/instances/{instance_id}/actions": {
      parameters: [pathParam("InstanceId")],
      post: {
        tags: ["GPU instances"],
        operationId: "runInstanceAction",
        summary: "Start, stop or resize an instance",
        description: "Runs one action on the instance. A stopped instance is not billed for GPUs; its disk is.",
        requestBody: { required: true, content: json(ref("InstanceAction"), { action: "resize", gpu_count: 2 }) },
        responses: {
          202: one("The action was accepted; the instance shows its progress in `status`.", "Instance", {
            ...instance,
            status: "resizing",
          }),
          400: errorResponse("BadRequest"),
          404: errorResponse("NotFound"),
          409: errorResponse("Conflict"),
          ...common,
        },
      },
    },
    "/v1/clusters": {
      get: {
        tags: ["Clusters"],
        operationId: "listClusters",
        summary: "List clusters",
        parameters: [
          { $ref: "#/components/parameters/Limit" },
          { $ref: "#/components/parameters/Cursor" },
          { name: "region", in: "query", description: "Only clusters in this region.", schema: { type: "string" } },
        ],
        responses: { 200: listOf("Cluster", cluster), ...common },
      },
      post: {
        tags: ["Clusters"],
        operationId: "createCluster",
        summary: "Create a cluster",
        description: `Creates a managed Kubernetes cluster with its first node pools. The control plane is ready in about five minutes; node pools follow.

\`\`\`bash
meridian clusters create llm-train-01 --region eu-central-1 --node-pool gpu-h100:gpu-h100-8x:2
\`\`\``,
        requestBody: {
          required: true,
          content: json(ref("ClusterCreate"), {
            name: "llm-train-01",
            region: "eu-central-1",
            kubernetes_version: "1.33",
            node_pools: [{ name: "gpu-h100", machine_type: "gpu-h100-8x", scaling: { mode: "fixed", node_count: 2 } }],
          }),
        },
        responses: {
          201: one("The new cluster, `provisioning`.", "Cluster", { ...cluster, status: "provisioning" }),
          400: errorResponse("BadRequest"),
          409: errorResponse("Conflict"),
          ...common,
        },
      },
    },
    "/v1/clusters/{cluster_id}": {
      parameters: [pathParam("ClusterId")],
      get: {
        tags: ["Clusters"],
        operationId: "getCluster",
        summary: "Get a cluster",
        responses: { 200: one("The cluster.", "Cluster", cluster), 404: errorResponse("NotFound"), ...common },
      },
      patch: {
        tags: ["Clusters"],
        operationId: "updateCluster",
        summary: "Update a cluster",
        description: "Renames a cluster or upgrades Kubernetes by one minor version at a time.",
        requestBody: { required: true, content: json(ref("ClusterUpdate"), { kubernetes_version: "1.34" }) },
        responses: {
          200: one("The cluster, `upgrading` if the version changed.", "Cluster", {
            ...cluster,
            kubernetes_version: "1.34",
            status: "upgrading",
          }),
          400: errorResponse("BadRequest"),
          404: errorResponse("NotFound"),
          ...common,
        },
      },
      delete: {
        tags: ["Clusters"],
        operationId: "deleteCluster",
        summary: "Delete a cluster",
        description:
          "Deletes the cluster, its node pools and their nodes. Persistent volumes are deleted too unless their reclaim policy is `Retain`.",
        responses: { 204: deleted, 404: errorResponse("NotFound"), ...common },
      },
    },
    "/v1/clusters/{cluster_id}/node-pools": {
      parameters: [pathParam("ClusterId")],
      get: {
        tags: ["Node pools"],
        operationId: "listNodePools",
        summary: "List node pools",
        responses: { 200: listOf("NodePool", nodePool), 404: errorResponse("NotFound"), ...common },
      },
      post: {
        tags: ["Node pools"],
        operationId: "createNodePool",
        summary: "Create a node pool",
        requestBody: {
          required: true,
          content: json(ref("NodePoolCreate"), {
            name: "gpu-h100",
            machine_type: "gpu-h100-8x",
            scaling: { mode: "autoscale", min_nodes: 1, max_nodes: 16 },
            labels: { workload: "training" },
          }),
        },
        responses: {
          201: one("The new node pool.", "NodePool", { ...nodePool, status: "provisioning", node_count: 0 }),
          400: errorResponse("BadRequest"),
          404: errorResponse("NotFound"),
          ...common,
        },
      },
    },
    "/v1/clusters/{cluster_id}/node-pools/{pool_id}": {
      parameters: [
        pathParam("ClusterId"),
        {
          name: "pool_id",
          in: "path",
          required: true,
          description: "The node pool's id.",
          schema: { type: "string", pattern: "^np_[A-Za-z0-9]+$" },
          example: "np_Gpu8xH100",
        },
      ],
      get: {
        tags: ["Node pools"],
        operationId: "getNodePool",
        summary: "Get a node pool",
        responses: { 200: one("The node pool.", "NodePool", nodePool), 404: errorResponse("NotFound"), ...common },
      },
      patch: {
        tags: ["Node pools"],
        operationId: "updateNodePool",
        summary: "Resize or relabel a node pool",
        requestBody: { required: true, content: json(ref("NodePoolUpdate"), { scaling: { mode: "fixed", node_count: 6 } }) },
        responses: {
          200: one("The node pool.", "NodePool", { ...nodePool, scaling: { mode: "fixed", node_count: 6 }, status: "scaling" }),
          400: errorResponse("BadRequest"),
          404: errorResponse("NotFound"),
          ...common,
        },
      },
      delete: {
        tags: ["Node pools"],
        operationId: "deleteNodePool",
        summary: "Delete a node pool",
        description: "Drains the pool's nodes (respecting pod disruption budgets for up to an hour), then deletes them.",
        responses: { 204: deleted, 404: errorResponse("NotFound"), ...common },
      },
    },
    "/v1/buckets": {
      get: {
        tags: ["Object storage"],
        operationId: "listBuckets",
        summary: "List buckets",
        parameters: [{ $ref: "#/components/parameters/Limit" }, { $ref: "#/components/parameters/Cursor" }],
        responses: { 200: listOf("Bucket", bucket), ...common },
      },
      post: {
        tags: ["Object storage"],
        operationId: "createBucket",
        summary: "Create a bucket",
        description: "Bucket names are global across Meridian: 3–63 lowercase letters, digits and hyphens.",
        requestBody: {
          required: true,
          content: json(ref("BucketCreate"), {
            name: "training-data-eu",
            region: "eu-central-1",
            storage_class: "standard",
            versioning: true,
          }),
        },
        responses: {
          201: one("The new bucket.", "Bucket", { ...bucket, size_bytes: 0, object_count: 0 }),
          400: errorResponse("BadRequest"),
          409: errorResponse("Conflict"),
          ...common,
        },
      },
    },
    "/v1/buckets/{bucket_name}": {
      parameters: [
        {
          name: "bucket_name",
          in: "path",
          required: true,
          description: "The bucket's name.",
          schema: { type: "string", minLength: 3, maxLength: 63, pattern: "^[a-z0-9][a-z0-9-]*[a-z0-9]$" },
          example: "training-data-eu",
        },
      ],
      get: {
        tags: ["Object storage"],
        operationId: "getBucket",
        summary: "Get a bucket",
        responses: { 200: one("The bucket with its usage (updated hourly).", "Bucket", bucket), 404: errorResponse("NotFound"), ...common },
      },
      delete: {
        tags: ["Object storage"],
        operationId: "deleteBucket",
        summary: "Delete a bucket",
        description: "Deletes an empty bucket. A bucket with objects answers `409` unless `force` is set.",
        parameters: [
          {
            name: "force",
            in: "query",
            description: "Delete the objects too. This cannot be undone.",
            schema: { type: "boolean", default: false },
          },
        ],
        responses: { 204: deleted, 404: errorResponse("NotFound"), 409: errorResponse("Conflict"), ...common },
      },
    },
    "/v1/endpoints": {
      get: {
        tags: ["Inference endpoints"],
        operationId: "listEndpoints",
        summary: "List inference endpoints",
        parameters: [{ $ref: "#/components/parameters/Limit" }, { $ref: "#/components/parameters/Cursor" }],
        responses: { 200: listOf("Endpoint", endpoint), ...common },
      },
      post: {
        tags: ["Inference endpoints"],
        operationId: "createEndpoint",
        summary: "Create an inference endpoint",
        description:
          "Deploys a model on dedicated GPUs. Replicas scale between `min_replicas` and `max_replicas` to keep about `target_concurrency` requests in flight each; `min_replicas: 0` scales to zero when idle (the first request then waits for a cold start).",
        requestBody: {
          required: true,
          content: json(ref("EndpointCreate"), {
            name: "support-bot",
            model: "meta-llama/Llama-3.3-70B-Instruct",
            region: "eu-central-1",
            scaling: { min_replicas: 1, max_replicas: 4, target_concurrency: 8 },
          }),
        },
        responses: {
          201: one("The new endpoint, `deploying`.", "Endpoint", { ...endpoint, status: "deploying" }),
          400: errorResponse("BadRequest"),
          ...common,
        },
      },
    },
    "/v1/endpoints/{endpoint_id}": {
      parameters: [
        {
          name: "endpoint_id",
          in: "path",
          required: true,
          description: "The endpoint's id.",
          schema: { type: "string", pattern: "^ep_[A-Za-z0-9]+$" },
          example: "ep_Llama70bProd",
        },
      ],
      get: {
        tags: ["Inference endpoints"],
        operationId: "getEndpoint",
        summary: "Get an inference endpoint",
        responses: { 200: one("The endpoint.", "Endpoint", endpoint), 404: errorResponse("NotFound"), ...common },
      },
      delete: {
        tags: ["Inference endpoints"],
        operationId: "deleteEndpoint",
        summary: "Delete an inference endpoint",
        responses: { 204: deleted, 404: errorResponse("NotFound"), ...common },
      },
    },
  },
  components: {
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description: "A project API key (`mrd_live_…`, or `mrd_test_…` for the sandbox) in `Authorization: Bearer <key>`.",
      },
    },
    parameters: {
      Limit: {
        name: "limit",
        in: "query",
        description: "How many items a page holds.",
        schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
      },
      Cursor: { name: "cursor", in: "query", description: "`next_cursor` of the previous page.", schema: { type: "string" } },
      ProjectId: {
        name: "project_id",
        in: "path",
        required: true,
        description: "The project's id.",
        schema: { type: "string", pattern: "^prj_[A-Za-z0-9]{8}$" },
        example: "prj_7Hc2kQ9x",
      },
      InstanceId: {
        name: "instance_id",
        in: "path",
        required: true,
        description: "The instance's id.",
        schema: { type: "string", pattern: "^ins_[A-Za-z0-9]{8}$" },
        example: "ins_Q2x9vL0a",
      },
      ClusterId: {
        name: "cluster_id",
        in: "path",
        required: true,
        description: "The cluster's id.",
        schema: { type: "string", pattern: "^cls_[A-Za-z0-9]{8}$" },
        example: "cls_k8Vd31Qe",
      },
    },
    responses: {
      BadRequest: {
        description: "A parameter or body field is invalid; `field` names it.",
        content: json(ref("Error"), {
          code: "invalid_request",
          message: "region must be one of the regions the project can use",
          field: "region",
          request_id: "req_01JDX4",
        }),
      },
      Unauthorized: {
        description: "The key is missing, unknown or expired.",
        content: json(ref("Error"), { code: "unauthorized", message: "Missing or invalid API key", request_id: "req_01JDX5" }),
      },
      Forbidden: {
        description: "The key's role may not do this.",
        content: json(ref("Error"), { code: "forbidden", message: "Only an owner key may manage API keys", request_id: "req_01JDX6" }),
      },
      NotFound: {
        description: "No such resource in this project.",
        content: json(ref("Error"), { code: "not_found", message: "No cluster cls_k8Vd31Qe in this project", request_id: "req_01JDX7" }),
      },
      Conflict: {
        description: "The name is taken, or the resource's state forbids this.",
        content: json(ref("Error"), { code: "conflict", message: "A cluster named llm-train-01 already exists", request_id: "req_01JDX8" }),
      },
      RateLimited: {
        description: "Too many requests.",
        headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } },
        content: json(ref("Error"), {
          code: "rate_limited",
          message: "Rate limit of 600 requests a minute exceeded",
          request_id: "req_01JDX9",
        }),
      },
    },
    schemas: {
      Error: {
        type: "object",
        description: "What went wrong.",
        required: ["code", "message", "request_id"],
        properties: {
          code: {
            type: "string",
            enum: ["invalid_request", "unauthorized", "forbidden", "not_found", "conflict", "rate_limited", "internal_error"],
          },
          message: { type: "string", description: "For people; may change." },
          field: { type: "string", description: "The parameter or body field at fault (dotted path)." },
          request_id: { type: "string", description: "Quote it to support." },
        },
      },
      ListPage: {
        type: "object",
        required: ["next_cursor"],
        properties: { next_cursor: { type: ["string", "null"], description: "Cursor of the next page; `null` on the last." } },
      },
      Labels: {
        type: "object",
        description: "Up to 32 key/value pairs for your own bookkeeping.",
        maxProperties: 32,
        additionalProperties: { type: "string", maxLength: 63 },
      },
      Timestamps: {
        type: "object",
        required: ["created_at"],
        properties: { created_at: { type: "string", format: "date-time", readOnly: true } },
      },
      GpuType: { type: "string", enum: ["H100", "H200", "B200", "L40S", "A100"], description: "GPU model." },
      Service: { type: "string", enum: ["compute", "kubernetes", "storage", "inference"] },
      RegionId: { type: "string", description: "A region's id (see List regions).", examples: ["eu-central-1"] },
      Project: {
        allOf: [
          ref("ProjectCreate"),
          ref("Timestamps"),
          { type: "object", required: ["id"], properties: { id: { type: "string", readOnly: true, examples: ["prj_7Hc2kQ9x"] } } },
        ],
      },
      ProjectCreate: {
        type: "object",
        required: ["name"],
        properties: {
          name: {
            type: "string",
            minLength: 3,
            maxLength: 48,
            pattern: "^[a-z][a-z0-9-]*$",
            description: "Lowercase letters, digits and hyphens.",
          },
          description: { type: "string", maxLength: 500 },
          default_region: ref("RegionId"),
          labels: ref("Labels"),
        },
      },
      ProjectUpdate: {
        type: "object",
        minProperties: 1,
        properties: {
          name: { type: "string", minLength: 3, maxLength: 48, pattern: "^[a-z][a-z0-9-]*$" },
          description: { type: "string", maxLength: 500 },
          labels: ref("Labels"),
        },
      },
      Role: {
        type: "string",
        enum: ["viewer", "editor", "owner", "inference"],
        description: "`inference` keys may call inference endpoints and nothing else.",
      },
      ApiKey: {
        type: "object",
        required: ["id", "name", "role", "prefix", "created_at"],
        properties: {
          id: { type: "string", readOnly: true },
          name: { type: "string" },
          role: ref("Role"),
          prefix: { type: "string", description: "The key's first characters, to recognise it." },
          allowed_ips: {
            type: "array",
            items: { type: "string", format: "cidr" },
            description: "Requests from other addresses are refused.",
          },
          expires_at: { type: ["string", "null"], format: "date-time" },
          created_at: { type: "string", format: "date-time" },
          last_used_at: { type: ["string", "null"], format: "date-time" },
        },
      },
      ApiKeyCreate: {
        type: "object",
        required: ["name", "role"],
        properties: {
          name: { type: "string", minLength: 1, maxLength: 64 },
          role: ref("Role"),
          expires_in_days: { type: "integer", minimum: 1, maximum: 365, description: "Leave out for a key that never expires." },
          allowed_ips: { type: "array", items: { type: "string" }, maxItems: 20 },
        },
      },
      Region: {
        type: "object",
        required: ["id", "name", "status"],
        properties: {
          id: ref("RegionId"),
          name: { type: "string" },
          country: { type: "string", minLength: 2, maxLength: 2, description: "ISO 3166-1 alpha-2." },
          status: {
            type: "string",
            enum: ["available", "limited", "sold_out"],
            description: "`limited`: new GPU capacity only through reservations.",
          },
          gpu_types: { type: "array", items: ref("GpuType") },
          services: { type: "array", items: ref("Service") },
        },
      },
      GpuSpec: {
        type: "object",
        required: ["type"],
        properties: { type: ref("GpuType"), count: { type: "integer", enum: [1, 2, 4, 8], default: 1 } },
      },
      InstanceStatus: { type: "string", enum: ["provisioning", "running", "stopping", "stopped", "resizing", "failed"] },
      Instance: {
        allOf: [
          ref("Timestamps"),
          {
            type: "object",
            required: ["id", "name", "project_id", "region", "gpu", "image", "status"],
            properties: {
              id: { type: "string", readOnly: true },
              name: { type: "string" },
              project_id: { type: "string" },
              region: ref("RegionId"),
              gpu: ref("GpuSpec"),
              image: { type: "string" },
              status: ref("InstanceStatus"),
              public_ipv4: { type: ["string", "null"], format: "ipv4" },
              spot: { type: "boolean", default: false },
            },
          },
        ],
      },
      InstanceCreate: {
        type: "object",
        required: ["name", "region", "gpu", "image"],
        properties: {
          name: { type: "string", minLength: 1, maxLength: 63, pattern: "^[a-z0-9][a-z0-9-]*$" },
          region: ref("RegionId"),
          gpu: ref("GpuSpec"),
          image: { type: "string", description: "An image id or a public image name.", examples: ["ubuntu-24.04-cuda-12.8"] },
          disk_gb: { type: "integer", minimum: 50, maximum: 16000, default: 200 },
          spot: { type: "boolean", default: false, description: "Cheaper; may be stopped with two minutes' notice." },
          ssh_key_ids: { type: "array", items: { type: "string" }, maxItems: 10 },
          labels: ref("Labels"),
        },
      },
      // A discriminator picks among named schemas only (an inline one has no name to map to),
      // and its values are the `action`s, not the schemas' names: hence the mapping.
      InstanceAction: {
        description: "One of the actions below, chosen by `action`.",
        oneOf: [ref("InstanceStart"), ref("InstanceStop"), ref("InstanceResize")],
        discriminator: {
          propertyName: "action",
          mapping: {
            start: "#/components/schemas/InstanceStart",
            stop: "#/components/schemas/InstanceStop",
            resize: "#/components/schemas/InstanceResize",
          },
        },
      },
      InstanceStart: { title: "Start", type: "object", required: ["action"], properties: { action: { const: "start" } } },
      InstanceStop: {
        title: "Stop",
        type: "object",
        required: ["action"],
        properties: {
          action: { const: "stop" },
          force: { type: "boolean", default: false, description: "Power off without a clean shutdown." },
        },
      },
      InstanceResize: {
        title: "Resize",
        type: "object",
        required: ["action", "gpu_count"],
        properties: { action: { const: "resize" }, gpu_count: { type: "integer", enum: [1, 2, 4, 8] } },
      },
      FixedScaling: {
        title: "Fixed size",
        type: "object",
        required: ["mode", "node_count"],
        properties: { mode: { const: "fixed" }, node_count: { type: "integer", minimum: 0, maximum: 100 } },
      },
      Autoscaling: {
        title: "Autoscaled",
        type: "object",
        required: ["mode", "min_nodes", "max_nodes"],
        properties: {
          mode: { const: "autoscale" },
          min_nodes: { type: "integer", minimum: 0, maximum: 100, default: 1 },
          max_nodes: { type: "integer", minimum: 1, maximum: 100 },
        },
      },
      Scaling: {
        oneOf: [ref("FixedScaling"), ref("Autoscaling")],
        discriminator: {
          propertyName: "mode",
          mapping: { fixed: "#/components/schemas/FixedScaling", autoscale: "#/components/schemas/Autoscaling" },
        },
      },
      Taint: {
        type: "object",
        required: ["key", "effect"],
        properties: {
          key: { type: "string" },
          value: { type: "string" },
          effect: { type: "string", enum: ["NoSchedule", "PreferNoSchedule", "NoExecute"] },
        },
      },
      NodePoolCreate: {
        type: "object",
        required: ["name", "machine_type", "scaling"],
        properties: {
          name: { type: "string", minLength: 1, maxLength: 40, pattern: "^[a-z0-9][a-z0-9-]*$" },
          machine_type: { type: "string", enum: ["cpu-16", "cpu-64", "gpu-l40s-1x", "gpu-h100-8x", "gpu-h200-8x", "gpu-b200-8x"] },
          scaling: ref("Scaling"),
          labels: ref("Labels"),
          taints: { type: "array", items: ref("Taint"), maxItems: 16 },
        },
      },
      NodePoolUpdate: {
        type: "object",
        minProperties: 1,
        properties: { scaling: ref("Scaling"), labels: ref("Labels"), taints: { type: "array", items: ref("Taint"), maxItems: 16 } },
      },
      NodePool: {
        allOf: [
          ref("NodePoolCreate"),
          {
            type: "object",
            required: ["id", "cluster_id", "status", "node_count"],
            properties: {
              id: { type: "string", readOnly: true },
              cluster_id: { type: "string" },
              status: { type: "string", enum: ["provisioning", "ready", "scaling", "draining", "failed"] },
              node_count: { type: "integer", minimum: 0, description: "Nodes running now." },
            },
          },
        ],
      },
      Cluster: {
        allOf: [
          ref("Timestamps"),
          {
            type: "object",
            required: ["id", "name", "project_id", "region", "kubernetes_version", "status"],
            properties: {
              id: { type: "string", readOnly: true },
              name: { type: "string" },
              project_id: { type: "string" },
              region: ref("RegionId"),
              kubernetes_version: { type: "string", enum: ["1.32", "1.33", "1.34"] },
              status: { type: "string", enum: ["provisioning", "running", "upgrading", "deleting", "failed"] },
              endpoint: { type: ["string", "null"], format: "uri", description: "The Kubernetes API server." },
              node_pools: { type: "array", items: { type: "string" }, description: "Ids of the cluster's node pools." },
            },
          },
        ],
      },
      ClusterCreate: {
        type: "object",
        required: ["name", "region"],
        properties: {
          name: { type: "string", minLength: 3, maxLength: 40, pattern: "^[a-z][a-z0-9-]*$" },
          region: ref("RegionId"),
          kubernetes_version: { type: "string", enum: ["1.32", "1.33", "1.34"], default: "1.33" },
          node_pools: { type: "array", items: ref("NodePoolCreate"), minItems: 0, maxItems: 20 },
          private: { type: "boolean", default: false, description: "API server reachable only from the project's private network." },
          labels: ref("Labels"),
        },
      },
      ClusterUpdate: {
        type: "object",
        minProperties: 1,
        properties: {
          name: { type: "string", minLength: 3, maxLength: 40, pattern: "^[a-z][a-z0-9-]*$" },
          kubernetes_version: { type: "string", enum: ["1.32", "1.33", "1.34"] },
          labels: ref("Labels"),
        },
      },
      Bucket: {
        allOf: [
          ref("BucketCreate"),
          ref("Timestamps"),
          {
            type: "object",
            required: ["size_bytes", "object_count", "s3_endpoint"],
            properties: {
              size_bytes: { type: "integer", minimum: 0 },
              object_count: { type: "integer", minimum: 0 },
              s3_endpoint: { type: "string", format: "uri" },
            },
          },
        ],
      },
      BucketCreate: {
        type: "object",
        required: ["name", "region"],
        properties: {
          name: { type: "string", minLength: 3, maxLength: 63, pattern: "^[a-z0-9][a-z0-9-]*[a-z0-9]$" },
          region: ref("RegionId"),
          storage_class: { type: "string", enum: ["standard", "infrequent", "archive"], default: "standard" },
          versioning: { type: "boolean", default: false },
          public_access: { type: "boolean", default: false, description: "Anyone may read objects without a key." },
        },
      },
      Endpoint: {
        allOf: [
          ref("EndpointCreate"),
          ref("Timestamps"),
          {
            type: "object",
            required: ["id", "status", "url"],
            properties: {
              id: { type: "string", readOnly: true },
              status: { type: "string", enum: ["deploying", "ready", "scaled_to_zero", "failed"] },
              url: { type: "string", format: "uri", description: "Base URL of the endpoint's OpenAI-compatible API." },
            },
          },
        ],
      },
      EndpointCreate: {
        type: "object",
        required: ["name", "model", "region"],
        properties: {
          name: { type: "string", minLength: 1, maxLength: 63 },
          model: {
            type: "string",
            description: "A model id from the catalogue, or `hf://<org>/<repo>` for your own weights.",
            examples: ["meta-llama/Llama-3.3-70B-Instruct"],
          },
          region: ref("RegionId"),
          gpu: ref("GpuSpec"),
          scaling: {
            type: "object",
            properties: {
              min_replicas: { type: "integer", minimum: 0, maximum: 32, default: 1 },
              max_replicas: { type: "integer", minimum: 1, maximum: 32, default: 1 },
              target_concurrency: { type: "integer", minimum: 1, maximum: 256, default: 8 },
            },
          },
        },
      },
    },
  },
};

/**
 * v2, the latest: `storage_class` is required to create a bucket, deleting an inference
 * endpoint answers 202 with the endpoint (it drains first, status `deleting`), upgrading a
 * cluster is an operation of its own (`upgradeCluster`), and the version change through
 * `updateCluster` is deprecated in its favour (the changelog entry "cluster-upgrades-operation"
 * says so).
 */
function v2Of(v1) {
  const document = structuredClone(v1);
  document.info.version = "2026-12-01";
  document.components.schemas.BucketCreate.required = ["name", "region", "storage_class"];
  // A deleted endpoint drains before it is gone, so `deleting` is a status it can have now.
  document.components.schemas.Endpoint.allOf[2].properties.status.enum = ["deploying", "ready", "scaled_to_zero", "deleting", "failed"];
  document.paths["/v1/endpoints/{endpoint_id}"].delete.responses = {
    202: one("The endpoint, `deleting`: it stops taking requests at once and is gone when its replicas have drained.", "Endpoint", {
      ...endpoint,
      status: "deleting",
    }),
    404: errorResponse("NotFound"),
    ...common,
  };
  const update = document.paths["/v1/clusters/{cluster_id}"].patch;
  update.deprecated = true;
  update.description =
    "Renames a cluster or changes its labels. Changing `kubernetes_version` here is deprecated in favour of [Upgrade a cluster](/docs/api/clusters/upgrade-cluster), and a later version will refuse it.";
  document.paths["/v1/clusters/{cluster_id}/upgrade"] = {
    parameters: [pathParam("ClusterId")],
    post: {
      tags: ["Clusters"],
      operationId: "upgradeCluster",
      summary: "Upgrade a cluster",
      description: "Upgrades the control plane by one minor version, then each node pool, one node at a time.",
      requestBody: {
        required: true,
        content: json(
          {
            type: "object",
            required: ["kubernetes_version"],
            properties: { kubernetes_version: { type: "string", enum: ["1.32", "1.33", "1.34"] } },
          },
          { kubernetes_version: "1.34" },
        ),
      },
      responses: {
        202: one("The cluster, `upgrading`.", "Cluster", { ...cluster, kubernetes_version: "1.34", status: "upgrading" }),
        400: errorResponse("BadRequest"),
        404: errorResponse("NotFound"),
        409: errorResponse("Conflict"),
        ...common,
      },
    },
  };
  return document;
}

/** The latest version: what the `api_reference` singleton holds. */
export const apiReferenceDocument = v2Of(apiReferenceDocumentV1);

/** Every seeded version, oldest first: the singleton holds the last, `api_reference_versions` the others. */
export const apiReferenceVersions = [
  { version: "v1", document: apiReferenceDocumentV1 },
  { version: "v2", document: apiReferenceDocument },
];
