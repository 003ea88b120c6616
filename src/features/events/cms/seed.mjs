// Demo events and speakers. `startInDays` is relative to the seed time (negative = past), so
// upcoming events stay upcoming whenever the database is created. Times are UTC.

export const speakers = [
  {
    key: "ines",
    name: "Inès Marchetti",
    bio: "Principal Engineer on the GPU Platform team. Designed Meridian’s topology-aware scheduler.",
    linkedin: "https://www.linkedin.com/in/ines-marchetti-meridian-demo",
  },
  {
    key: "tomasz",
    name: "Tomasz Wróbel",
    bio: "Staff Engineer in Networking. Works on rail-optimised fabrics and the inter-region backbone.",
    linkedin: "https://www.linkedin.com/in/tomasz-wrobel-meridian-demo",
  },
  {
    key: "amara",
    name: "Amara Okafor",
    bio: "Product Lead for AI Studio, Meridian’s serverless inference service.",
    linkedin: "https://www.linkedin.com/in/amara-okafor-meridian-demo",
  },
  {
    key: "daniel",
    name: "Daniel Achterberg",
    bio: "Solutions Architect. Has helped more than forty teams move training and inference to Meridian.",
    linkedin: "https://www.linkedin.com/in/daniel-achterberg-meridian-demo",
  },
  {
    key: "sofia",
    name: "Sofia Brandt",
    bio: "Head of ML Infrastructure at Northwind Labs (fictional), a Meridian customer training speech models.",
    linkedin: "https://www.linkedin.com/in/sofia-brandt-demo",
  },
  {
    key: "kenji",
    name: "Kenji Watanabe",
    bio: "Research Engineer on Performance Research. Runs the scaling experiments behind Meridian’s training defaults.",
    linkedin: "https://www.linkedin.com/in/kenji-watanabe-meridian-demo",
  },
  {
    key: "leah",
    name: "Leah Haddad",
    bio: "Engineering Manager, Developer Experience. Owns the console, CLI and Terraform provider.",
    linkedin: "https://www.linkedin.com/in/leah-haddad-meridian-demo",
  },
  {
    key: "marcus",
    name: "Marcus Oyelaran",
    bio: "CTO at Tessellate AI (fictional), which serves retrieval and reranking models on AI Studio.",
    linkedin: "https://www.linkedin.com/in/marcus-oyelaran-demo",
  },
];

export const events = [
  {
    slug: "meridian-at-ai-infra-summit-berlin",
    title: "Meridian at AI Infra Summit Berlin",
    startInDays: 24,
    hour: 8,
    durationHours: 33, // two conference days
    online: false,
    location: "Berlin, Germany",
    venue: "Station Berlin, Luckenwalder Str. 4–6, 10963 Berlin",
    booth: "B14",
    booking_link: "https://meridian.example/book-a-meeting?event=ai-infra-summit-berlin",
    map_position: { lat: 52.4987, lng: 13.3822 },
    description:
      "<p>Two days on the infrastructure behind large-scale training and inference. Find us at booth B14 to see live cluster telemetry from our Nordic regions, or book a 30-minute meeting with a solutions architect.</p><p>Inès Marchetti and Sofia Brandt present “Placement is performance: scheduling 4,096 GPUs” on day one at 14:00.</p>",
    speakers: ["ines", "sofia", "daniel"],
  },
  {
    slug: "webinar-serving-llms-on-a-latency-budget",
    title: "Webinar: serving LLMs on a latency budget",
    startInDays: 10,
    hour: 15,
    durationHours: 1,
    online: true,
    location: "Online",
    venue: null,
    booth: null,
    booking_link: "https://meridian.example/webinars/latency-budget/register",
    map_position: null,
    description:
      "<p>A one-hour session on setting and meeting latency targets for inference endpoints: which percentiles to track, how batching interacts with them, and how to size replicas. Includes a live demo on AI Studio and 20 minutes of questions.</p>",
    speakers: ["amara", "marcus"],
  },
  {
    slug: "meridian-at-kubecon-europe",
    title: "Meridian at KubeCon Europe",
    startInDays: -41,
    hour: 8,
    durationHours: 57, // three conference days
    online: false,
    location: "Amsterdam, Netherlands",
    venue: "RAI Amsterdam, Europaplein 24, 1078 GZ Amsterdam",
    booth: "S52",
    booking_link: "https://meridian.example/book-a-meeting?event=kubecon-europe",
    map_position: { lat: 52.3405, lng: 4.8887 },
    description:
      "<p>We showed GPU node pools in Managed Kubernetes, with health checks and the training fabric attached. Leah Haddad and Tomasz Wróbel gave a talk on running RDMA workloads on Kubernetes without custom operators.</p>",
    speakers: ["leah", "tomasz"],
  },
  {
    slug: "workshop-slurm-to-kubernetes",
    title: "Online workshop: from Slurm to Kubernetes for training",
    startInDays: -12,
    hour: 14,
    durationHours: 2,
    online: true,
    location: "Online",
    venue: null,
    booth: null,
    booking_link: "https://meridian.example/webinars/slurm-to-kubernetes",
    map_position: null,
    description:
      "<p>A hands-on workshop for research teams considering a move from Slurm to Kubernetes. We compared job definitions, fair-share scheduling and checkpoint handling side by side. The recording and the example repository are available on request.</p>",
    speakers: ["daniel", "kenji"],
  },
];
