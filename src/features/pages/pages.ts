// The pages feature's pages for the route table (browser and worker): the main page here, every
// other path last (builtPageRoute), so that any address no feature claims may be a page built in the CMS.
export const homeRoute = {
  home: { path: "/", module: () => import("./routes/cms-page") },
} as const;

/** Last and least specific: any other path may be a page built in the CMS. */
export const builtPageRoute = {
  page: { path: "/*path", module: () => import("./routes/cms-page") },
} as const;
