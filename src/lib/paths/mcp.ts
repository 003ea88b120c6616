/** The MCP server's address and the docs page that tells readers how to connect their AI tool to it. */
export const mcpPath = "/mcp";
export const aiToolsDocsPath = "/docs/getting-started/ai-tools";
/** The name AI tools list the server under in their configuration. */
export const mcpServerKey = "meridian-docs";
