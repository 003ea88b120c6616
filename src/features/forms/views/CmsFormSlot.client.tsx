import { lazyIslandSlot } from "../../../ui/island-slot.client";
import { whenNear } from "../../../ui/when";
import type { CmsFormProps } from "./CmsForm";

/**
 * Browser side of a CMS form's island: react-hook-form and the shared schema load when the
 * page's first form comes near the viewport (or is focused).
 */
export const CmsFormSlot = lazyIslandSlot<CmsFormProps>({
  whenToLoad: () => {
    const first = document.querySelector<HTMLElement>("[data-cms-form]");
    return first ? whenNear(first.id) : Promise.resolve();
  },
  load: async () => (await import("./CmsForm")).CmsForm,
});
