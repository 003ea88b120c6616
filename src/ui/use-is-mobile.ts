import { useEffect, useState } from "react";
import { mobileMaxWidth, resizeThrottleMs } from "../config/design-tokens";

/** Calls `fn` at most once per `ms`, and once more after the last call (trailing). */
function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const run = () => {
    last = Date.now();
    timer = undefined;
    if (pending) {
      const args = pending;
      pending = null;
      fn(...args);
    }
  };
  const throttled = (...args: A) => {
    pending = args;
    const wait = ms - (Date.now() - last);
    if (wait <= 0 && !timer) run();
    else if (!timer) timer = setTimeout(run, wait);
  };
  throttled.cancel = () => clearTimeout(timer);
  return throttled;
}

const isMobileWidth = (width: number) => width <= mobileMaxWidth;

/**
 * True when the viewport is at or below the sm breakpoint (577 px). The server and the first
 * client render both say false, so hydration agrees; the real value follows at once, and
 * resizes are handled at most every 100 ms.
 */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const update = () => setMobile(isMobileWidth(window.innerWidth));
    update();
    const onResize = throttle(update, resizeThrottleMs);
    window.addEventListener("resize", onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return mobile;
}
