// The ask feature's pages for the route table (browser and worker): path → route module,
// loaded on demand. Apart from index.ts so that the browser's route table carries nothing else.
export const askRoutes = {
  ask: { path: "/ask", module: () => import("./routes/ask") },
} as const;
