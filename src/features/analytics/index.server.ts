// The analytics feature's public server-only module: what other features may use of it.
export { pagePath, referrerHost } from "./routes/collect.server";
