import { createServer } from "node:net";
import type { TestProject } from "vitest/node";
import { startFakeStripe } from "./fake-stripe";

declare module "vitest" {
  export interface ProvidedContext {
    stripeBase: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts the fake Stripe for the workers project; the worker reaches it through STRIPE_API_BASE. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const server = await startFakeStripe({ port, webhookSecret: "whsec_test_secret" });
  project.provide("stripeBase", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
