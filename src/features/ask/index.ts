// The ask feature's public module: what other features and the app may use of it.
import type { ComponentType } from "react";
import type { AskPanelProps } from "../search";

export { DocsAskBox } from "./views/DocsAskBox";

/** The dialog's Ask mode, a chunk of its own: loaded the first time a reader switches to it. */
export const loadAskPanel = (): Promise<ComponentType<AskPanelProps>> => import("./views/AskPanel").then((module) => module.AskPanel);
