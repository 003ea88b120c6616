// Directus hook: an instance that is told to stop leaves the balancer's rotation before it stops
// listening.
//
// Directus shuts down through terminus: on SIGTERM it closes its listener at once, finishes the
// requests it has read (SERVER_SHUTDOWN_TIMEOUT) and exits. A request the balancer sent in that
// instant (its connection accepted, the request not yet read) is closed unanswered; the balancer
// cannot tell whether a save it had sent was done, so it does not retry it: the editor gets a 502.
//
// With CMS_SHUTDOWN_DRAIN_MS set (> 0), SIGTERM (and SIGINT, SIGHUP: terminus' signals) first
// starts a drain: for that long GET/HEAD /server/ping answers 503 (the balancer's health check
// takes the instance out), every other request is served as before, with `Connection: close` so
// clients that keep connections open come back through the balancer. Then Directus' own shutdown
// runs. The drain must outlast the balancer's time to mark the instance down (HAProxy in
// cms/cluster/haproxy.cfg: a check every 1 s, down after two failures 250 ms apart).
// Without the setting nothing changes (a single instance, local development, tests).

const SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"];

export default ({ init, action }, { env, logger }) => {
  const drainMs = Number(env.CMS_SHUTDOWN_DRAIN_MS ?? 0);
  if (!(drainMs > 0)) return;
  let draining = false;

  // Before Directus' own routes and its rate limiter: the check must never be refused for another
  // reason, and must see the drain first.
  init("app.before", ({ app }) => {
    app.use((req, res, next) => {
      if (!draining) return next();
      res.setHeader("Connection", "close");
      if (req.path === "/server/ping" && (req.method === "GET" || req.method === "HEAD")) {
        res.status(503).type("text/plain").send("draining");
        return;
      }
      next();
    });
  });

  // terminus has registered its signal handlers by the time the server listens: hold them back
  // for the drain, then hand the signal on to them.
  action("server.start", () => {
    const held = new Map();
    let received = null;
    const start = (signal) => {
      if (received) return; // a repeated signal during the drain changes nothing
      received = signal;
      draining = true;
      logger.info(`${signal}: draining for ${drainMs} ms (/server/ping answers 503) before shutting down`);
      setTimeout(() => {
        for (const [name, { ours, theirs }] of held) {
          process.removeListener(name, ours);
          for (const listener of theirs) process.on(name, listener);
        }
        const theirs = held.get(signal).theirs;
        if (theirs.length) for (const listener of theirs) listener(signal);
        else process.kill(process.pid, signal); // nobody else handles it: the default (exit)
      }, drainMs);
    };
    for (const name of SIGNALS) {
      const theirs = process.listeners(name);
      for (const listener of theirs) process.removeListener(name, listener);
      const ours = () => start(name);
      process.on(name, ours);
      held.set(name, { ours, theirs });
    }
  });
};
