export type { DocHeading } from "../../render/markdown/heading";
