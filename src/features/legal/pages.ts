// The legal feature's pages for the route table (browser and worker): path → route module,
// loaded on demand. Apart from index.ts so that the browser's route table carries nothing else.
export const legalRoutes = {
  legal: { path: "/legal/:page", module: () => import("./routes/legal") },
} as const;
