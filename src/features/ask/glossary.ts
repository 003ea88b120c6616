// The docs' own vocabulary for words readers use: a question's word also finds the words the
// docs use for it. Meant to move to a CMS collection editors keep (term, synonyms); until then
// it is this typed list. Entries are lower case; a multi-word synonym matches its words.

export interface GlossaryEntry {
  /** A reader's word. */
  term: string;
  /** The docs' words for it, best first. */
  synonyms: readonly string[];
}

export const glossary: readonly GlossaryEntry[] = [
  { term: "volume", synonyms: ["disk", "shared file system", "storage"] },
  { term: "disk", synonyms: ["volume", "nvme", "storage"] },
  { term: "attach", synonyms: ["mount", "shared"] },
  { term: "k8s", synonyms: ["kubernetes"] },
  { term: "kubernetes", synonyms: ["k8s"] },
  { term: "terraform", synonyms: ["provider", "infrastructure as code"] },
  { term: "iac", synonyms: ["terraform"] },
  { term: "stuck", synonyms: ["takes", "minutes", "swapped"] },
  { term: "provision", synonyms: ["provisioning", "burned", "handover"] },
  { term: "vm", synonyms: ["node", "instance"] },
  { term: "machine", synonyms: ["node", "instance"] },
  { term: "server", synonyms: ["node"] },
  { term: "instance", synonyms: ["node"] },
  { term: "bucket", synonyms: ["object storage"] },
  { term: "s3", synonyms: ["object storage", "bucket"] },
  { term: "blob", synonyms: ["object"] },
  { term: "token", synonyms: ["key"] },
  { term: "credential", synonyms: ["key", "token"] },
  { term: "password", synonyms: ["key", "credentials"] },
  { term: "cost", synonyms: ["price", "billed"] },
  { term: "price", synonyms: ["cost", "billed"] },
  { term: "pay", synonyms: ["billed", "payment"] },
  { term: "charge", synonyms: ["billed", "charged"] },
  { term: "bill", synonyms: ["billed", "invoice"] },
  { term: "free", synonyms: ["no charge", "nothing"] },
  { term: "expire", synonyms: ["validity", "lifetime", "lives"] },
  { term: "limit", synonyms: ["quota", "maximum"] },
  { term: "quota", synonyms: ["limit"] },
  { term: "llm", synonyms: ["model"] },
  { term: "inference", synonyms: ["ai studio"] },
  { term: "vector", synonyms: ["embedding"] },
  { term: "preempt", synonyms: ["preemption", "reclaimed", "spot"] },
  { term: "interrupt", synonyms: ["preemption", "signal"] },
  { term: "cheap", synonyms: ["spot", "price", "economical"] },
  { term: "gpu", synonyms: ["gpus"] },
  { term: "network", synonyms: ["fabric", "infiniband"] },
  { term: "ib", synonyms: ["infiniband"] },
  { term: "rotate", synonyms: ["rotating"] },
  { term: "log", synonyms: ["logs"] },
  { term: "login", synonyms: ["log in"] },
  { term: "sso", synonyms: ["single sign on"] },
  { term: "upgrade", synonyms: ["upgrading"] },
  { term: "scale", synonyms: ["autoscaling", "autoscaler"] },
  { term: "autoscale", synonyms: ["autoscaling", "autoscaler"] },
  { term: "checkpoint", synonyms: ["checkpoints"] },
  { term: "tls", synonyms: ["certificate"] },
  { term: "https", synonyms: ["certificate"] },
  { term: "cli", synonyms: ["meridian command"] },
  { term: "json", synonyms: ["structured output", "schema"] },
  { term: "streaming", synonyms: ["stream"] },
  { term: "eu", synonyms: ["europe", "european"] },
];
