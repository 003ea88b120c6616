// The docs' own vocabulary for words readers use: a question's word also finds the words the
// docs use for it. Editors keep it in the CMS (`docs_glossary`, read by passage-index.server.ts);
// this small list is used only when the CMS does not answer, so the commonest words still work.
// Entries are lower case; a multi-word synonym matches its words.

export interface GlossaryEntry {
  /** A reader's word. */
  term: string;
  /** The docs' words for it, best first. */
  synonyms: readonly string[];
}

export const fallbackGlossary: readonly GlossaryEntry[] = [
  { term: "volume", synonyms: ["disk", "shared file system", "storage"] },
  { term: "disk", synonyms: ["volume", "nvme", "storage"] },
  { term: "k8s", synonyms: ["kubernetes"] },
  { term: "kubernetes", synonyms: ["k8s"] },
  { term: "vm", synonyms: ["node", "instance"] },
  { term: "machine", synonyms: ["node", "instance"] },
  { term: "bucket", synonyms: ["object storage"] },
  { term: "token", synonyms: ["key"] },
  { term: "cost", synonyms: ["price", "billed"] },
  { term: "price", synonyms: ["cost", "billed"] },
];

/**
 * The CMS's entries, cleaned (lower case, no empty words, entries without synonyms left out). A
 * term an editor wrote twice keeps both sets of synonyms (the index merges them).
 */
export function glossaryFrom(rows: readonly { term?: string | null; synonyms?: unknown }[]): GlossaryEntry[] {
  return rows.flatMap((row) => {
    const term = row.term?.trim().toLowerCase();
    const synonyms = Array.isArray(row.synonyms)
      ? row.synonyms.flatMap((synonym) => (typeof synonym === "string" && synonym.trim() ? [synonym.trim().toLowerCase()] : []))
      : [];
    return term && synonyms.length ? [{ term, synonyms }] : [];
  });
}
