import { type ComponentType, Suspense } from "react";

/**
 * Server side of an island: `View`, the island's markup that works before or without
 * JavaScript, inside a Suspense boundary. The browser build swaps in island-slot.client.tsx
 * (through each island's `XSlot.client.tsx`), whose boundary sits in the same place, so React
 * leaves this HTML in place, dehydrated, until the island's own code has loaded.
 */
export function serverIslandSlot<Props extends object>(View: ComponentType<Props>): ComponentType<Props> {
  return function IslandSlot(props: Props) {
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  };
}
