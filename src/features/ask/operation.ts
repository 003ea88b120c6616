import { defineOperation } from "../../content/operation";
import type { Answer } from "./answer";

/**
 * Ask the docs as an operation the worker answers itself (`content.server.ts`), like the site
 * search: the `/ask` page's loader runs it, so the page is plain HTML with the checked
 * extractive answer (no model: the page is cached, and must be the same for every reader).
 * The dialog streams from POST /api/ask instead.
 */
export const askDocsQuery = defineOperation<{ askDocs: Answer }, { question: string }>("query AskDocs($question: String!) { askDocs }");

/** The longest question the page and the API take. */
export const maxQuestionChars = 500;

/** The question as asked: control and direction characters as spaces, white space collapsed. */
export const cleanQuestion = (raw: string): string =>
  raw
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
