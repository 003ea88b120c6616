// The docs feature's pages for the route table (browser and worker): path → route module,
// loaded on demand. Apart from index.ts so that the browser's route table carries nothing else.
export const docsRoutes = {
  docs: { path: "/docs", module: () => import("./routes") },
  apiReference: { path: "/docs/api", module: () => import("./api-reference/routes/api") },
  apiTag: { path: "/docs/api/:tag", module: () => import("./api-reference/routes/api") },
  apiOperation: { path: "/docs/api/:tag/:operation", module: () => import("./api-reference/routes/api") },
  // An earlier API version's operation; its overview and tags match the two routes above (v1 is no tag slug).
  apiVersionOperation: { path: "/docs/api/:version/:tag/:operation", module: () => import("./api-reference/routes/api") },
  doc: { path: "/docs/*path", module: () => import("./routes/page") },
} as const;
