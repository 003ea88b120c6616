// The events feature's public module: what other features may use of it.
export { eventCardFields } from "./queries";
export { reshapeEventCard } from "./reshape";
export { EventBanner } from "./views/EventBanner";
