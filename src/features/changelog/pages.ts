// The changelog feature's pages for the route table (browser and worker): path → route module,
// loaded on demand. Apart from index.ts so that the browser's route table carries nothing else.
export const changelogRoutes = {
  changelog: { path: "/changelog", module: () => import("./routes/changelog") },
  changelogEntry: { path: "/changelog/:slug", module: () => import("./routes/entry") },
} as const;
