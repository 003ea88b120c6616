import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../env";
import { exampleSecrets, refuseExampleSecrets } from "./example-secrets.server";
import worker from "../worker";
import { testSecrets } from "../../test/worker/helpers";

/**
 * Preprod and prod refuse to run with a secret from .dev.vars.example (values anyone can read in
 * the repository): every request answers 503 and the log names the secret, never its value. The
 * list is .dev.vars.example itself (src/app/example-secrets.node.test.ts checks it is read whole).
 */
const deployed = { ...testSecrets, SITE_URL: "https://www.meridian.example" };

async function fetchWith(overrides: Record<string, string>): Promise<{ response: Response; logged: string }> {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  const ctx = createExecutionContext();
  const bindings = { ...env, ...deployed, ...overrides } as unknown as Bindings;
  const request = new Request("https://www.meridian.example/robots.txt") as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, bindings, ctx);
  await waitOnExecutionContext(ctx);
  const logged = errors.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
  errors.mockRestore();
  return { response, logged };
}

afterEach(() => vi.restoreAllMocks());

describe("a deployed worker with a secret from .dev.vars.example", () => {
  it.each(["preprod", "prod"].flatMap((environment) => [...exampleSecrets].map(([name, value]) => [environment, name, value] as const)))(
    "%s with %s: every request answers 503, the log names it and not its value",
    async (environment, name, value) => {
      // Turnstile's example is also the test secret: only the secret under test keeps its example.
      const own = Object.fromEntries([...exampleSecrets.keys()].map((key) => [key, `${key.toLowerCase()}-of-${environment}`]));
      const { response, logged } = await fetchWith({ ...own, ENVIRONMENT: environment, [name]: value });
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(body).toBe("This site is not configured yet: it cannot serve pages.");
      expect(body).not.toContain(value);
      expect(logged).toContain('"event":"example_secrets"');
      expect(logged).toContain(name);
      expect(logged).not.toContain(value);
    },
  );

  it("lets requests through with its own secrets, in dev with the examples, and in a prod build run on this machine", () => {
    const own = Object.fromEntries([...exampleSecrets.keys()].map((key) => [key, `${key.toLowerCase()}-of-prod`]));
    const examples = Object.fromEntries(exampleSecrets);
    for (const overrides of [
      { ...own, ENVIRONMENT: "prod" },
      { ...examples, ENVIRONMENT: "dev" },
      { ...examples, ENVIRONMENT: "prod", SITE_URL: "http://127.0.0.1:8787" },
    ]) {
      // What the worker's fetch adds before the page cache and the app: nothing, here.
      expect(refuseExampleSecrets({ ...env, ...deployed, ...overrides } as unknown as Bindings), JSON.stringify(overrides)).toBeNull();
    }
  });

  it("leaves queued messages waiting and runs no scheduled job", async () => {
    const bindings = { ...env, ...deployed, ...Object.fromEntries(exampleSecrets), ENVIRONMENT: "prod" } as unknown as Bindings;
    vi.spyOn(console, "error").mockImplementation(() => {});
    const retryAll = vi.fn();
    await worker.queue!(
      { messages: [], retryAll, ackAll: vi.fn(), queue: "meridian-submissions-prod" } as unknown as MessageBatch<never>,
      bindings,
    );
    expect(retryAll).toHaveBeenCalledOnce();
    const waited: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (promise: Promise<unknown>) => waited.push(promise),
      passThroughOnException() {},
    } as unknown as ExecutionContext;
    await worker.scheduled!({ scheduledTime: Date.now(), cron: "* * * * *", noRetry() {} } as ScheduledController, bindings, ctx);
    expect(waited).toEqual([]);
  });
});
