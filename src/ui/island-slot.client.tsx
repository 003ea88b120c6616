import { type ComponentType, lazy, memo, type NamedExoticComponent, Suspense } from "react";

interface LazyIslandOptions<Props> {
  /** When the island's code may load (near the viewport, the first interaction…); asked once, at the first render. */
  whenToLoad: () => Promise<void>;
  /** The island's view, imported dynamically so it is a chunk of its own, never in the first-load script. */
  load: () => Promise<ComponentType<Props>>;
  /** A key for the view: a new key renders a fresh view (the feedback widget on another page). */
  viewKey?: (props: Props) => string;
}

/**
 * Browser side of an island (the server's is island-slot.tsx): a Suspense boundary around a
 * lazy view. Until `whenToLoad` resolves and the view's chunk arrives, React leaves the
 * server's HTML in place (a dehydrated boundary), which already works without JavaScript.
 * Memoised: a parent re-render (the mobile flag, a navigation with the same props) must not
 * update the boundary while it is still dehydrated, or React would replace the server's HTML.
 */
export function lazyIslandSlot<Props extends object>({ whenToLoad, load, viewKey }: LazyIslandOptions<Props>): NamedExoticComponent<Props> {
  let ready: Promise<void> | null = null;
  const View = lazy(async () => {
    ready ??= whenToLoad();
    await ready;
    return { default: await load() };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: each island calls this once, at module level, so the component is created once
  return memo(function IslandSlot(props: Props) {
    return (
      <Suspense fallback={null}>
        <View key={viewKey?.(props)} {...props} />
      </Suspense>
    );
  });
}
