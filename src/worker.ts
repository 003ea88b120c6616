import { createApp } from "./app";

/** The worker entry: Static Assets serve dist/client first, everything else reaches the app. */
export default createApp();
