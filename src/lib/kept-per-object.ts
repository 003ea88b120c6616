/**
 * A value derived from an object, computed once per object and variant. Content read from the
 * cache's memory is the same object on every request and is never changed in place (a newer read
 * is a new object), so what a render derives from it (a card, a srcset, JSON, HTML) can be kept
 * with it; the WeakMap lets it go with the object. The variant names what else the value depends
 * on (a base URL, a layout), and must be a handful of values per object, not one per request.
 */
export function keptPerObject<K extends object, V>(): (object: K, variant: string, derive: () => V) => V {
  const kept = new WeakMap<K, Map<string, V>>();
  return (object, variant, derive) => {
    let variants = kept.get(object);
    if (!variants) {
      variants = new Map();
      kept.set(object, variants);
    }
    let value = variants.get(variant);
    if (value === undefined) {
      value = derive();
      variants.set(variant, value);
    }
    return value;
  };
}
