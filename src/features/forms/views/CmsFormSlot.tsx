import { Suspense } from "react";
import type { CmsFormProps } from "./CmsForm";
import { CmsStaticForm } from "./CmsStaticForm";

/**
 * Server side of a CMS form's island: the form's markup rendered in place, a plain form post
 * that works before or without JavaScript. The Suspense boundary matches the browser's
 * version (CmsFormSlot.client.tsx, which the browser build swaps in): it loads react-hook-form
 * and the form's code only when the form comes near.
 */
export function CmsFormSlot(props: CmsFormProps) {
  return (
    <Suspense fallback={null}>
      <CmsStaticForm {...props} />
    </Suspense>
  );
}
