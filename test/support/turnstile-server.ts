import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { siteverifyAnswer, turnstileTestKeys } from "./turnstile-fake.ts";

/**
 * A local Cloudflare Turnstile for the stacks the browser and contract tests run (the real one
 * cannot be reached offline): POST /siteverify answers like Cloudflare for its test secrets
 * (turnstile-fake.ts), GET /api.js is a widget script that behaves like Cloudflare's with its
 * test site keys: `1x…AA` puts the dummy token in the form, `2x…AB` never gives one. The worker
 * reaches them through TURNSTILE_SITEVERIFY_URL and TURNSTILE_SCRIPT_URL.
 */
const widgetScript = `(() => {
  const passes = ${JSON.stringify(turnstileTestKeys.siteKeyPasses)};
  const token = ${JSON.stringify(turnstileTestKeys.dummyToken)};
  function draw(box) {
    if (typeof box === "string") box = document.querySelector(box);
    if (!box) return undefined;
    box.textContent = "";
    const note = document.createElement("p");
    note.dataset.turnstileFake = "";
    note.style.cssText = "display:inline-block;border:1px solid #ccc;border-radius:4px;padding:14px 16px;margin:0;font:14px system-ui;background:#fafafa;color:#333";
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = box.dataset.responseFieldName || "cf-turnstile-response";
    if (box.dataset.sitekey === passes) {
      note.textContent = "Success! Testing only, always pass.";
      input.value = token;
    } else {
      note.textContent = "Testing only, always blocks.";
    }
    box.append(note, input);
    return "fake-widget";
  }
  window.turnstile = {
    render: draw,
    reset(box) { draw(box || document.querySelector(".cf-turnstile")); },
    getResponse(box) { return (box || document).querySelector("input[name=cf-turnstile-response]")?.value; },
  };
  // Implicit rendering, as Cloudflare's script does it: the boxes in the page once it is parsed (an
  // async script may run before the form's markup has arrived).
  const drawAll = () => document.querySelectorAll(".cf-turnstile").forEach(draw);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", drawAll);
  else drawAll();
})();`;

export async function startTurnstileFake({ port = 0 }: { port?: number } = {}) {
  const requests: { secret: string | null; response: string | null }[] = [];
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url?.startsWith("/api.js")) {
      res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "no-store" }).end(widgetScript);
      return;
    }
    if (req.method === "POST" && req.url === "/siteverify") {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        const form = new URLSearchParams(body);
        requests.push({ secret: form.get("secret"), response: form.get("response") });
        const answer = siteverifyAnswer(form);
        res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
      });
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    siteverifyUrl: `${origin}/siteverify`,
    scriptUrl: `${origin}/api.js`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
