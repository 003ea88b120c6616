// The MCP server as AI tools reach it: the app serves the mcp feature at `mcpPath`; the docs show
// the address, the server's name and the set-up page (page actions, llms.txt). Site constants, not
// the mcp feature's: that feature reads the docs, so the docs cannot read it.

/** The MCP server's address and the docs page that tells readers how to connect their AI tool to it. */
export const mcpPath = "/mcp";
export const aiToolsDocsPath = "/docs/getting-started/ai-tools";
/** The name AI tools list the server under in their configuration. */
export const mcpServerKey = "meridian-docs";
