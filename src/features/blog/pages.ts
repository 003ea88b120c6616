// The blog feature's pages for the route table (browser and worker): path → route module,
// loaded on demand. Apart from index.ts so that the browser's route table carries nothing else.
export const blogRoutes = {
  blog: { path: "/blog", module: () => import("./routes/list") },
  post: { path: "/blog/:slug", module: () => import("./routes/post") },
  author: { path: "/blog/authors/:id", module: () => import("./routes/author") },
} as const;
