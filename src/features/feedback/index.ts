// The feedback feature's public module: what other features may use of it.
export { FeedbackSlot } from "./views/FeedbackSlot";
