// Demo authors for the Meridian Cloud blog. `key` is a seed-only handle used by posts.mjs;
// avatars are generated abstract portraits (see artwork.mjs). avatar_url is an optional external
// fallback and stays empty for the demo.
export const authors = [
  {
    key: "ines",
    first_name: "Inès",
    second_name: "Marchetti",
    description: "Principal Engineer, GPU Platform",
    short_description: "Builds the scheduler that places training jobs on Meridian GPU clusters.",
    full_description:
      "Inès leads the GPU Platform group, which owns cluster provisioning, the job scheduler and the health checks that keep multi-node training runs alive. Before Meridian she worked on HPC interconnects for a national research lab.",
    full_bio:
      "<p>Inès Marchetti is a Principal Engineer on the GPU Platform team. She designed the topology-aware placement used for every reserved cluster at Meridian and still reviews most changes to it.</p><p>She spent eight years on high-performance computing before moving to cloud infrastructure, most of it on InfiniBand fabrics and failure handling for long-running MPI jobs. She writes about scheduling, fabric health and what breaks first at 4,096 GPUs.</p>",
    linkedin_link: "https://www.linkedin.com/in/ines-marchetti-meridian-demo",
  },
  {
    key: "tomasz",
    first_name: "Tomasz",
    second_name: "Wróbel",
    description: "Staff Engineer, Networking",
    short_description: "Works on the data-centre fabric and the virtual network underneath every cluster.",
    full_description:
      "Tomasz designs the east-west fabric in Meridian data centres and the virtual private network layer that tenants see. He cares about tail latency, congestion control and boring, well-tested rollouts.",
    full_bio:
      "<p>Tomasz Wróbel is a Staff Engineer in Networking. He joined Meridian when it ran a single region and has since helped bring up five more, each with a non-blocking fabric for GPU traffic and a separate network for storage.</p><p>Previously he built load balancers for a large content delivery network. He maintains the internal fabric simulator the team uses before every topology change.</p>",
    linkedin_link: "https://www.linkedin.com/in/tomasz-wrobel-meridian-demo",
  },
  {
    key: "amara",
    first_name: "Amara",
    second_name: "Okafor",
    description: "Product Lead, AI Studio",
    short_description: "Runs product for AI Studio, Meridian’s serverless inference service.",
    full_description:
      "Amara owns the roadmap for AI Studio: model hosting, batching, autoscaling and the pricing that goes with them. She spends most weeks with customers who move models from notebooks to production traffic.",
    full_bio:
      "<p>Amara Okafor leads product for AI Studio. She started as a solutions engineer at Meridian, helping the first inference customers size their deployments, and moved into product to fix the things she kept explaining.</p><p>She writes about latency budgets, cost per token and how to read an inference benchmark without being misled by it.</p>",
    linkedin_link: "https://www.linkedin.com/in/amara-okafor-meridian-demo",
  },
  {
    key: "jonas",
    first_name: "Jonas",
    second_name: "Lindqvist",
    description: "Engineering Manager, Storage",
    short_description: "Manages the team behind Meridian Object Storage and the shared file system.",
    full_description:
      "Jonas manages the Storage group: object storage with an S3-compatible API, the parallel file system attached to training clusters, and the checkpoint tooling that ties them together.",
    full_bio:
      "<p>Jonas Lindqvist manages the Storage engineering group. His team runs Meridian Object Storage and the high-throughput file system that training clusters read datasets and write checkpoints to.</p><p>Before Meridian, he ran storage operations for a video platform. He likes capacity plans, erasure codes and postmortems with concrete follow-ups.</p>",
    linkedin_link: "https://www.linkedin.com/in/jonas-lindqvist-meridian-demo",
  },
  {
    key: "priya",
    first_name: "Priya",
    second_name: "Raman",
    description: "Head of Data Centre Operations",
    short_description: "Responsible for power, cooling and hardware lifecycle across Meridian regions.",
    full_description:
      "Priya runs data-centre operations: site selection, power and cooling, hardware intake and the repair loop that gets failed nodes back into service. She reports on energy use every quarter.",
    full_bio:
      "<p>Priya Raman heads Data Centre Operations at Meridian. Her teams operate sites in six regions, from hardware intake and burn-in to liquid-cooling maintenance and decommissioning.</p><p>She trained as an electrical engineer and worked on grid connections for industrial sites before moving to data centres. She publishes Meridian’s quarterly energy figures.</p>",
    linkedin_link: "https://www.linkedin.com/in/priya-raman-meridian-demo",
  },
  {
    key: "daniel",
    first_name: "Daniel",
    second_name: "Achterberg",
    description: "Solutions Architect",
    short_description: "Helps customers plan training runs and inference deployments on Meridian.",
    full_description:
      "Daniel works with ML teams on cluster sizing, Kubernetes and Slurm set-ups, and migrations from other clouds. He turns repeated customer questions into guides and reference architectures.",
    full_bio:
      "<p>Daniel Achterberg is a Solutions Architect. He has helped more than forty teams move training and inference workloads to Meridian, from two-person start-ups to research labs running multi-month pre-training.</p><p>He maintains several of Meridian’s reference architectures and the Terraform examples that go with them.</p>",
    linkedin_link: "https://www.linkedin.com/in/daniel-achterberg-meridian-demo",
  },
];
