import { t } from "../../../i18n";
import { defineRoute } from "../../../router/define";
import { shownAnswer } from "../answer-text";
import { askDocsQuery, cleanQuestion, maxQuestionChars } from "../operation";
import { type AskPageData, AskPage } from "../views/AskPage";

/**
 * `/ask?q=`: a question about the docs answered in the page itself, for readers without
 * JavaScript (and links to an answer). The answer is the AskDocs operation, which the worker
 * resolves from the passage index: the extractive answer, every sentence checked as the API
 * checks it (no model, so the page is the same for everyone and the page cache may keep it).
 */
export default defineRoute<AskPageData>({
  operations: [askDocsQuery],
  View: AskPage,
  async load({ url, content, config }) {
    const raw = url.searchParams.get("q") ?? "";
    const q = cleanQuestion(raw);
    const tooLong = raw.length > maxQuestionChars;
    const answer = q && !tooLong ? shownAnswer((await content.query(askDocsQuery, { question: q })).askDocs) : null;
    return {
      data: { q: tooLong ? "" : q, tooLong, maxLength: maxQuestionChars, answer },
      meta: {
        title: q && !tooLong ? `${q} · ${t("ask.title")}` : t("ask.title"),
        description: t("ask.description", { name: config.name }),
        path: "/ask",
        // Answers are endless and built from pages indexed themselves; the empty form is a page.
        noindex: q !== "" || tooLong,
      },
      ...(tooLong ? { status: 400 } : {}),
    };
  },
});
