// The newsletter feature's public module: the footer's sign-up island.
export { NewsletterSlot } from "./views/NewsletterSlot";
