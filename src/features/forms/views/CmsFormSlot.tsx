import { serverIslandSlot } from "../../../ui/island-slot";
import { CmsStaticForm } from "./CmsStaticForm";

/**
 * Server side of a CMS form's island: the form's markup, a plain form post that works before or
 * without JavaScript. The browser build swaps in CmsFormSlot.client.tsx.
 */
export const CmsFormSlot = serverIslandSlot(CmsStaticForm);
