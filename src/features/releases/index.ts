// The releases feature's public module: what the site's frame shows of a release an editor previews.
export { ReleaseBar } from "./views/ReleaseBar";
