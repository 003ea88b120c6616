// What the browser's first script (src/client/boot.ts) and its runtime take of the consent
// feature: the page-view signals. Tiny on purpose, apart from index.ts, whose islands would come
// along into every page's first download.
export { countPageView, loadAnalytics } from "./views/events";
