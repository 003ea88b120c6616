// The MCP feature's server face: the MCP server for AI tools, which answers published docs only.
import { defineFeature } from "../../router/feature.server";
import { mcpPath } from "../../config/mcp";
import { mcpRoutes } from "./routes/mcp.server";
export const mcpFeature = defineFeature({
  name: "mcp",
  routes: (app) => app.route(mcpPath, mcpRoutes),
  publishedOnly: (path) => path === mcpPath,
});
