// The scale data set: ten times the demo content, generated (no network, no clock, no
// randomness beyond a seeded generator), so every run of `npm run cms:scale` and of the bench's
// `--scale` seeds the same items. 5,000 docs pages in a deep tree under their own sections,
// 10,000 posts, 500 roles, 300 events. Pure: cms/scripts/scale.mjs writes it to Directus.

/** Counts of the set the issue names; smaller ones for tests. */
export const scaleCounts = Object.freeze({ docs: 5000, posts: 10_000, jobs: 500, events: 300 });

/** Dates are measured from here, not from today: the set is the same whenever it is generated. */
export const scaleEpoch = Date.parse("2026-11-01T09:00:00.000Z");
const DAY = 86_400_000;

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const functionWords = (
  "the of and to a in is for that on with as it by be are this we from at or an you can not your our will " +
  "which when each one all more than has have but so if into its they their them these up out only also about"
).split(" ");

const domainWords = (
  "gpu gpus cluster clusters node nodes kubernetes slurm scheduler scheduling job jobs training inference model models " +
  "storage object bucket buckets api endpoint endpoints latency throughput bandwidth infiniband fabric rail switch leaf " +
  "spine topology placement partition partitions queue quota quotas reserved demand capacity pricing billing region " +
  "regions zone zones network networking firewall vpc load balancer console token tokens key keys authentication " +
  "authorization role roles permission permissions project projects team teams checkpoint checkpoints dataset datasets " +
  "batch batching streaming completions embeddings quantisation precision kernel kernels driver drivers cuda nccl " +
  "allreduce collective tensor pipeline parallelism upgrade upgrades version versions autoscaling autoscaler pool pools " +
  "taint taints toleration pod pods container containers image images registry volume volumes snapshot snapshots " +
  "backup backups replication consistency metadata lifecycle archive tier tiers encryption compliance audit logging " +
  "metrics monitoring alert alerts dashboard incident incidents uptime availability failover redundancy h100 b200 a100 " +
  "nvlink nvme memory utilisation efficiency energy cooling liquid datacentre racks power carbon sustainability " +
  "terraform provider cli sdk python rust typescript graphql grpc webhook webhooks secret secrets vault rotation " +
  "certificate certificates domain domains dns tls ssh bastion reboot reimage provisioning maintenance notification " +
  "email support ticket tickets credits"
).split(/\s+/);

const englishWords = (
  "about action activity address agreement already although always amount analysis another answer approach area " +
  "available average balance based become behind believe better beyond business calculate careful certain change " +
  "choice common company compare complete concern condition consider contain continue control correct course create " +
  "current customer decide decision default define deliver depend describe design detail determine develop difference " +
  "direction discover distance during early effect either enough entire environment estimate evidence example expect " +
  "experience explain factor failure feature figure follow forward function further general generate ground growth " +
  "handle happen important include increase indicate individual industry information instead interest involve " +
  "language large later least level likely limit little local machine manage material matter measure method middle " +
  "minute moment move natural nearly necessary never nothing notice number obvious occur offer often option order " +
  "original outside particular pattern perform period person picture place plan point policy popular position possible " +
  "practice prepare present pressure prevent price private probably problem process produce product program property " +
  "provide public purpose quality question quickly rather reach ready reason receive recent record reduce reflect " +
  "relate remain remember report represent require resource result return reveal review right science second section " +
  "select sense series serve service several share short similar simple single situation small source space special " +
  "specific standard start state still strategy strong structure study subject success suggest support surface system " +
  "table technology therefore through together total toward trade transfer travel treatment understand usually value " +
  "various visit water weight whatever whether within wonder worker world write written"
).split(/\s+/);

const capitalise = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const slugOf = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Rare words: consonant-vowel syllables, a long tail like a real vocabulary's. */
function rareWords(random, count) {
  const consonants = "bcdfghklmnprstvz";
  const vowels = "aeiou";
  const out = new Set();
  while (out.size < count) {
    const syllables = 2 + Math.floor(random() * 3);
    let w = "";
    for (let i = 0; i < syllables; i++) {
      w += consonants[Math.floor(random() * consonants.length)] + vowels[Math.floor(random() * vowels.length)];
    }
    if (random() < 0.3) w += consonants[Math.floor(random() * consonants.length)];
    out.add(w);
  }
  return [...out];
}

function textModel(seed) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const rare = rareWords(random, 8000);
  const topics = Array.from({ length: 24 }, () => Array.from({ length: 24 }, () => pick(domainWords)));
  let topic = topics[0];
  const word = () => {
    const r = random();
    if (r < 0.42) return pick(functionWords);
    if (r < 0.6) return topic[Math.floor(random() ** 1.5 * topic.length)];
    if (r < 0.66) return pick(domainWords);
    if (r < 0.93) return pick(englishWords);
    return rare[Math.floor(random() ** 2 * rare.length)];
  };
  const sentence = (min = 6, max = 18) => {
    const n = min + Math.floor(random() * (max - min + 1));
    return `${capitalise(Array.from({ length: n }, word).join(" "))}.`;
  };
  const paragraph = () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => sentence()).join(" ");
  const title = (min, max) => {
    const n = min + Math.floor(random() * (max - min + 1));
    return capitalise(
      Array.from({ length: n }, (_, i) =>
        i > 0 && random() < 0.2 ? pick(["for", "in", "with", "and", "on"]) : topic[Math.floor(random() * topic.length)],
      ).join(" "),
    );
  };
  return {
    random,
    pick,
    setTopic: () => {
      topic = pick(topics);
    },
    sentence,
    paragraph,
    title,
  };
}

/**
 * The set as plain items. Docs pages carry `key` and `parentKey` (their path below /docs) and
 * `sectionSlug`; the writer turns them into ids level by level.
 * @param {{ docs: number, posts: number, jobs: number, events: number }} [counts]
 */
export function scaleSet(counts = scaleCounts, seed = 20_261_101) {
  const m = textModel(seed);
  const sectionCount = Math.max(1, Math.min(10, Math.ceil(counts.docs / 500)));
  const sections = Array.from({ length: sectionCount }, (_, i) => {
    m.setTopic();
    const title = `${m.title(1, 2)} reference ${i + 1}`;
    return { slug: `scale-${i + 1}-${slugOf(title)}`.slice(0, 60), title, description: m.sentence(8, 14) };
  });

  // Breadth first, two to four children a page: with 500 pages a section the tree is six or
  // six levels deep, and every level is written in one pass.
  const docs = [];
  const perSection = Math.ceil(counts.docs / sectionCount);
  for (const [s, section] of sections.entries()) {
    const quota = Math.min(perSection, counts.docs - docs.length);
    const queue = [];
    let made = 0;
    const make = (parent, depth) => {
      m.setTopic();
      const title = m.title(2, 5);
      const slug = `${slugOf(title)}-${s + 1}-${made + 1}`;
      const key = parent ? `${parent.key}/${slug}` : `${section.slug}/${slug}`;
      const headings = Array.from({ length: 2 + Math.floor(m.random() * 3) }, () => m.title(2, 4));
      const body = [
        m.paragraph(),
        ...headings.flatMap((heading, h) => [
          `## ${heading}`,
          m.paragraph(),
          ...(h === 0 ? [`### ${m.title(2, 3)}`, m.paragraph()] : []),
          ...(h === 1 && m.random() < 0.3 ? ["```sh", `meridian ${slugOf(m.title(1, 2))} --region ams-1`, "```"] : []),
        ]),
      ].join("\n\n");
      const page = {
        key,
        parentKey: parent?.key ?? null,
        sectionSlug: section.slug,
        depth,
        title,
        slug,
        description: m.sentence(8, 16),
        body,
        updated: new Date(scaleEpoch - Math.floor(m.random() * 400) * DAY).toISOString(),
      };
      made++;
      docs.push(page);
      queue.push(page);
      return page;
    };
    const roots = Math.min(quota, 3);
    for (let i = 0; i < roots; i++) make(null, 0);
    while (made < quota && queue.length) {
      const parent = queue.shift();
      const children = 2 + Math.floor(m.random() * 3);
      for (let i = 0; i < children && made < quota; i++) make(parent, parent.depth + 1);
    }
  }

  const posts = Array.from({ length: counts.posts }, (_, i) => {
    m.setTopic();
    const title = m.title(4, 9);
    const headings = Array.from({ length: 2 }, () => m.title(2, 4));
    return {
      title,
      slug: `${slugOf(title)}-${i + 1}`.slice(0, 120),
      description: m.sentence(10, 20),
      body: [`<p>${m.paragraph()}</p>`, ...headings.flatMap((h) => [`<h2>${h}</h2>`, `<p>${m.paragraph()}</p>`])].join("\n"),
      tags: [m.pick(["engineering", "product", "customers", "company"]), m.pick(domainWords)],
      published_at: new Date(scaleEpoch - i * 3 * 3_600_000).toISOString(),
    };
  });

  const departments = ["Engineering", "AI Studio", "Infrastructure", "Operations", "Sales", "Security"];
  const locations = ["Amsterdam, Netherlands", "London, UK", "Stockholm, Sweden", "Berlin, Germany", "Remote, Europe"];
  const jobs = Array.from({ length: counts.jobs }, (_, i) => {
    m.setTopic();
    const role = `${m.pick(["", "Senior ", "Staff ", "Principal "])}${capitalise(m.title(1, 2))} ${m.pick(["Engineer", "Manager", "Technician", "Scientist"])}`;
    const location = m.pick(locations);
    const slug = `${slugOf(role)}-${slugOf(location.split(",")[0])}-${i + 1}`;
    return {
      role,
      slug,
      sub_team: capitalise(m.title(1, 2)),
      location,
      category: m.pick(["Engineering", "Research", "Operations", "Go to market"]),
      department: m.pick(departments),
      description: `<p>${m.paragraph()}</p>\n<h2>What you will do</h2>\n<ul>\n${Array.from({ length: 4 }, () => `<li>${m.sentence(6, 12)}</li>`).join("\n")}\n</ul>`,
      apply_link: `https://jobs.meridian.example/${slug}/apply`,
    };
  });

  const events = Array.from({ length: counts.events }, (_, i) => {
    m.setTopic();
    const title = `${m.pick(["Meridian at", "Webinar:", "Workshop:", "Meetup:"])} ${m.title(2, 5)}`;
    const online = m.random() < 0.3;
    // Half past, half to come, a day apart.
    const start = scaleEpoch + (i - Math.floor(counts.events / 2)) * DAY;
    return {
      title,
      slug: `${slugOf(title)}-${i + 1}`,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 2 * 3_600_000).toISOString(),
      online,
      location: online ? null : m.pick(locations),
      venue: online ? null : `${capitalise(m.title(1, 2))} Hall`,
      description: `<p>${m.paragraph()}</p>`,
    };
  });

  return { sections, docs, posts, jobs, events };
}
