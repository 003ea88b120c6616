// The careers feature's pages for the route table (browser and worker): path → route module,
// loaded on demand. Apart from index.ts so that the browser's route table carries nothing else.
export const careersRoutes = {
  careers: { path: "/careers", module: () => import("./routes/list") },
  job: { path: "/careers/:slug", module: () => import("./routes/job") },
} as const;
