// The passage index in the worker: built from the site search's own documents (the content
// types' search sources, docs/API/changelog only), kept in KV under the content generations it
// was built from and in the isolate's memory. A content change moves the generations, so the
// next question builds (once per generation, then every isolate reads it from KV). The glossary
// editors keep in the CMS is read with them and its generation is part of the key, so a changed
// term takes effect at the next question. Not built at publish: at the seeded size it is
// milliseconds of CPU and a few hundred kB.
import { searchSources } from "../../content/extensions.server";
import { operationCollections } from "../../content/generated/operations";
import { generationOf } from "../../content/generations.server";
import type { ContentSource } from "../../content/operation";
import { ofSearchKind, type SearchDocument } from "../search";
import { fallbackGlossary, type GlossaryEntry, glossaryFrom } from "./glossary";
import { passagesFrom } from "./passages";
import { askGlossaryQuery } from "./queries";
import { buildPassageIndex, loadPassageIndex, type PassageIndex, passageIndexVersion, serializePassageIndex } from "./retrieval";

const indexTtlSeconds = 7 * 86_400;

function sourceCollections(): string[] {
  const reads = [...searchSources().flatMap((source) => source.reads), askGlossaryQuery];
  const collections = reads.flatMap((operation) => operationCollections[operation.name as keyof typeof operationCollections] ?? []);
  return [...new Set<string>(collections)].sort();
}

async function documents(content: ContentSource): Promise<SearchDocument[]> {
  const all: SearchDocument[] = [];
  for (const source of searchSources()) {
    for await (const document of source.documents(content)) if (ofSearchKind(document) && document.kind === "doc") all.push(document);
  }
  return all;
}

/** The CMS's glossary; the built-in fallback when the CMS does not answer (`complete: false`: not to be kept). */
async function glossary(content: ContentSource): Promise<{ entries: readonly GlossaryEntry[]; complete: boolean }> {
  try {
    return { entries: glossaryFrom((await content.query(askGlossaryQuery)).docs_glossary ?? []), complete: true };
  } catch (error) {
    console.warn(`ask: glossary unavailable, using the built-in one: ${error instanceof Error ? error.message : String(error)}`);
    return { entries: fallbackGlossary, complete: false };
  }
}

async function build(content: ContentSource): Promise<{ index: PassageIndex; complete: boolean }> {
  const [docs, words] = await Promise.all([documents(content), glossary(content)]);
  return { index: buildPassageIndex(passagesFrom(docs), words.entries), complete: words.complete };
}

let memo: { key: string; index: PassageIndex } | null = null;
let building: { key: string; promise: Promise<{ index: PassageIndex; complete: boolean }> } | null = null;

/** Tests: forget this isolate's copy. */
export function resetPassageIndexMemo(): void {
  memo = null;
  building = null;
}

/** The generation tag of the collections the passages come from: cached answers carry it too. */
export const passageGeneration = (kv: KVNamespace): Promise<string> => generationOf(kv, sourceCollections());

/** The passage index of the published content (a preview's is built for the request and never stored). */
export async function passageIndex(kv: KVNamespace, content: ContentSource, { preview = false } = {}): Promise<PassageIndex> {
  if (preview) return (await build(content)).index;
  const key = `ask:passages:${passageIndexVersion}:${await passageGeneration(kv)}`;
  if (memo?.key === key) return memo.index;
  if (building?.key !== key) {
    const promise = (async () => {
      const stored = await kv.get(key);
      const loaded = stored ? loadPassageIndex(stored) : null;
      if (loaded) return { index: loaded, complete: true };
      const built = await build(content);
      // One built with the fallback glossary is used for this question only: the next one asks the CMS again.
      if (built.complete) await kv.put(key, serializePassageIndex(built.index), { expirationTtl: indexTtlSeconds });
      return built;
    })();
    building = { key, promise };
    promise
      .then(
        (built) => {
          if (built.complete) memo = { key, index: built.index };
        },
        () => {},
      )
      .finally(() => {
        if (building?.promise === promise) building = null;
      });
  }
  return (await building!.promise).index;
}
