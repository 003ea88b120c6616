// The passage index in the worker: built from the site search's own documents (the content
// types' search sources, docs/API/changelog only), kept in KV under the content generations it
// was built from and in the isolate's memory. A content change moves the generations, so the
// next question builds (once per generation, then every isolate reads it from KV). Not built at
// publish: at the seeded size it is milliseconds of CPU and a few hundred kB.
import { searchSources } from "../../content/extensions.server";
import { operationCollections } from "../../content/generated/operations";
import { generationOf } from "../../content/generations.server";
import type { ContentSource } from "../../routing/define";
import type { SearchDocument } from "../search";
import { passagesFrom } from "./passages";
import { buildPassageIndex, loadPassageIndex, type PassageIndex, passageIndexVersion, serializePassageIndex } from "./retrieval";

const indexTtlSeconds = 7 * 86_400;

function sourceCollections(): string[] {
  const collections = searchSources().flatMap((source) =>
    source.reads.flatMap((operation) => operationCollections[operation.name as keyof typeof operationCollections] ?? []),
  );
  return [...new Set<string>(collections)].sort();
}

async function documents(content: ContentSource): Promise<SearchDocument[]> {
  const all: SearchDocument[] = [];
  for (const source of searchSources()) {
    for await (const document of source.documents(content)) if (document.kind === "doc") all.push(document);
  }
  return all;
}

let memo: { key: string; index: PassageIndex } | null = null;
let building: { key: string; promise: Promise<PassageIndex> } | null = null;

/** Tests: forget this isolate's copy. */
export function resetPassageIndexMemo(): void {
  memo = null;
  building = null;
}

/** The generation tag of the collections the passages come from: cached answers carry it too. */
export const passageGeneration = (kv: KVNamespace): Promise<string> => generationOf(kv, sourceCollections());

/** The passage index of the published content (a preview's is built for the request and never stored). */
export async function passageIndex(kv: KVNamespace, content: ContentSource, { preview = false } = {}): Promise<PassageIndex> {
  if (preview) return buildPassageIndex(passagesFrom(await documents(content)));
  const key = `ask:passages:${passageIndexVersion}:${await passageGeneration(kv)}`;
  if (memo?.key === key) return memo.index;
  if (building?.key !== key) {
    const promise = (async () => {
      const stored = await kv.get(key);
      const loaded = stored ? loadPassageIndex(stored) : null;
      if (loaded) return loaded;
      const index = buildPassageIndex(passagesFrom(await documents(content)));
      await kv.put(key, serializePassageIndex(index), { expirationTtl: indexTtlSeconds });
      return index;
    })();
    building = { key, promise };
    promise
      .then(
        (index) => {
          memo = { key, index };
        },
        () => {},
      )
      .finally(() => {
        if (building?.promise === promise) building = null;
      });
  }
  return building!.promise;
}
