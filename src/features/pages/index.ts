// The pages feature's public module: what other features may use of it.
export { blocksSearchText } from "./blocks/parse";
export { formsOnPage } from "./forms-on-page";
export { blockFragments } from "./blocks/registry";
export { shownNow } from "./queries";
