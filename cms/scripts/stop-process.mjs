// Stops a child process started detached (its own process group): a polite signal first, then
// SIGKILL for the whole group if it has not exited after `killAfterMs`.

/** Sends `signal` to the process (or its group), waits for `exited`, and kills the group after a grace period. */
export async function stopProcess(child, exited, { signal = "SIGTERM", group = true, killAfterMs = 8000 } = {}) {
  const send = (target, sent) => {
    try {
      process.kill(target, sent);
    } catch {
      /* gone */
    }
  };
  send(group ? -child.pid : child.pid, signal);
  const killer = setTimeout(() => send(-child.pid, "SIGKILL"), killAfterMs);
  await exited;
  clearTimeout(killer);
}
