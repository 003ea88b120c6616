// The experiments feature's public, isomorphic module: what pages and the browser's router use.
export { chooseVariant, previewVariantParameter } from "./assignment";
export { visitorIdFromCookies } from "./visitor-cookie";
