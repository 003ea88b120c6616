// The blog feature's public module: what other features may use of it.
export { absolute, organization, parsePage, socialImage } from "./listing";
export { richTextOptions } from "./queries";
export { Pagination } from "./views/Pagination";
export { PostCard } from "./views/PostCard";
