// What the browser's first script (src/client/boot.ts) takes of the search feature: the keys that
// open the dialog. Tiny on purpose, apart from index.ts, whose modules would come along into every
// page's first download.
export { isSearchShortcut } from "./views/shortcut";
