import { useEffect, type RefObject } from "react";
import { t } from "../../../i18n";

const copiedFor = 1500;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard permission (insecure origin, old browser): the text stays selectable
  }
}

/**
 * What the rendered Markdown needs from the browser: copy buttons on code blocks (shown only
 * when they can work), and arrow keys moving between code tabs like a tab list.
 */
export function useDocBehaviours(body: RefObject<HTMLElement | null>, html: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new buttons and tabs to wire
  useEffect(() => {
    const root = body.current;
    if (!root) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
      button.hidden = !navigator.clipboard;
      button.textContent = t("docs.copy_code");
    }
    const onClick = async (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.("button[data-copy]");
      if (!(button instanceof HTMLButtonElement)) return;
      const code = button.parentElement?.querySelector("pre code")?.textContent ?? "";
      if (!(await copyText(code))) return;
      button.textContent = t("docs.copy_code_done");
      button.dataset.copied = "true";
      const timer = setTimeout(() => {
        button.textContent = t("docs.copy_code");
        delete button.dataset.copied;
        timers.delete(timer);
      }, copiedFor);
      timers.add(timer);
    };
    const onKey = (event: KeyboardEvent) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !input.classList.contains("code-tab-input")) return;
      // Radio groups already move with the arrow keys; Home and End jump to the first and last tab.
      if (event.key !== "Home" && event.key !== "End") return;
      const group = [...root.querySelectorAll<HTMLInputElement>(`input.code-tab-input[name="${CSS.escape(input.name)}"]`)];
      const target = event.key === "Home" ? group[0] : group.at(-1);
      if (!target) return;
      event.preventDefault();
      target.checked = true;
      target.focus();
    };
    root.addEventListener("click", onClick);
    root.addEventListener("keydown", onKey);
    return () => {
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKey);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [body, html]);
}

export { copyText };
