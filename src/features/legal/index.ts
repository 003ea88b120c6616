// The legal feature's public module: its pages, for the sitemap.
export { legalPages } from "./legal-pages";
