// The forms feature's public module: what other features may use of it.
export { formSelection, rawFormSchema, reshapeForm } from "./form-schema";
export type { FormDefinition } from "./form-schema";
export { CmsFormSlot } from "./views/CmsFormSlot";
