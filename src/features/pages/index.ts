// The pages feature's public module: what other features may use of it.
export { blocksSearchText, reshapeBlocks } from "./blocks/parse";
export { blockFragments } from "./blocks/registry";
export { pageQuery, shownNow } from "./queries";
