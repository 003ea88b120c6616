import { serverIslandSlot } from "../../../ui/island-slot";
import { NewsletterStaticForm } from "./NewsletterFormView";

/**
 * Server side of the newsletter island: the form's markup without react-hook-form (it never
 * suspends here), a plain form post before or without JavaScript. The browser build swaps in
 * NewsletterSlot.client.tsx.
 */
export const NewsletterSlot = serverIslandSlot(NewsletterStaticForm);
