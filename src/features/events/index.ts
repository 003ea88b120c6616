// The events feature's public module: what other features may use of it.
export { EventBanner } from "./views/EventBanner";
