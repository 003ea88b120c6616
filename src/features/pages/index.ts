// The pages feature's public module: what other features may use of it.
export { formsOnPage } from "./forms-on-page";
