// The blog feature's public module: what other features may use of it.
export { postHref } from "./paths";
export { authorCardFields, postCardFields, richTextOptions } from "./queries";
export { reshapePostCard } from "./reshape";
export { PostCard } from "./views/PostCard";
