/**
 * The page-load progress bar: starts on a route change, stops on completion or error. It
 * appears only when the change takes longer than `showDelayMs`, so fast navigations do not
 * flicker. Plain DOM, outside React: it must work while React is busy rendering.
 */
const showDelayMs = 150;

let bar: HTMLDivElement | null = null;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let trickleTimer: ReturnType<typeof setInterval> | undefined;
let value = 0;

function element(): HTMLDivElement {
  if (!bar) {
    bar = document.createElement("div");
    bar.className = "progress-bar";
    bar.setAttribute("role", "progressbar");
    bar.setAttribute("aria-label", "Loading page");
    bar.setAttribute("aria-valuemin", "0");
    bar.setAttribute("aria-valuemax", "100");
    document.body.appendChild(bar);
  }
  return bar;
}

function set(next: number) {
  value = next;
  const el = element();
  el.style.transform = `scaleX(${value})`;
  el.setAttribute("aria-valuenow", String(Math.round(value * 100)));
}

export function startProgress(): void {
  stopTimers();
  showTimer = setTimeout(() => {
    const el = element();
    el.dataset.state = "loading";
    set(0.1);
    trickleTimer = setInterval(() => set(value + (0.9 - value) * 0.12), 200);
  }, showDelayMs);
}

/** Completion or error: the bar fills and fades out (or never appears if it was fast). */
export function stopProgress(): void {
  stopTimers();
  if (!bar || bar.dataset.state !== "loading") return;
  set(1);
  bar.dataset.state = "done";
  const finished = bar;
  setTimeout(() => {
    if (finished.dataset.state === "done") {
      finished.remove();
      if (bar === finished) bar = null;
    }
  }, 300);
}

function stopTimers() {
  clearTimeout(showTimer);
  clearInterval(trickleTimer);
}
