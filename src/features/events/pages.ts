// The events feature's pages for the route table (browser and worker): path → route module,
// loaded on demand. Apart from index.ts so that the browser's route table carries nothing else.
export const eventsRoutes = {
  events: { path: "/events", module: () => import("./routes/list") },
  event: { path: "/events/:slug", module: () => import("./routes/event") },
} as const;
