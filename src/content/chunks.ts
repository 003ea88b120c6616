/**
 * A collection read a chunk at a time through a query that takes `$offset` and a fixed `limit`
 * (`chunkSize`): chunk after chunk until one comes back short, at most `maxChunks` of them, so a
 * CMS that ignored `offset` cannot loop forever. The first chunk is asked without an offset, as
 * a page reading only that chunk asks it (one cache key for both).
 */
export async function* offsetChunks<R>(
  read: (variables: { offset?: number }) => Promise<R>,
  rowsOf: (result: R) => readonly unknown[],
  { chunkSize, maxChunks }: { chunkSize: number; maxChunks: number },
): AsyncGenerator<R> {
  for (let index = 0; index < maxChunks; index += 1) {
    const chunk = await read(index ? { offset: index * chunkSize } : {});
    yield chunk;
    if (rowsOf(chunk).length < chunkSize) return;
  }
}
