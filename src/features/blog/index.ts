// The blog feature's public module: what other features may use of it.
export { richTextOptions } from "./queries";
export { PostCard } from "./views/PostCard";
