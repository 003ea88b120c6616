import { lazy, memo, Suspense } from "react";
import { whenNear } from "../../../ui/when";
import type { CmsFormProps } from "./CmsForm";

/**
 * Browser side of a CMS form's island. Until a form comes near the viewport (or is focused)
 * React leaves the server's HTML in place (a dehydrated Suspense boundary), which already
 * works as a plain form post; then react-hook-form and the shared schema take over.
 */
let ready: Promise<void> | null = null;

const CmsForm = lazy(async () => {
  if (!ready) {
    const first = document.querySelector<HTMLElement>("[data-cms-form]");
    ready = first ? whenNear(first.id) : Promise.resolve();
  }
  await ready;
  return { default: (await import("./CmsForm")).CmsForm };
});

/** Memoised: a parent re-render must not update the boundary while it is still dehydrated. */
export const CmsFormSlot = memo(function CmsFormSlot(props: CmsFormProps) {
  return (
    <Suspense fallback={null}>
      <CmsForm {...props} />
    </Suspense>
  );
});
