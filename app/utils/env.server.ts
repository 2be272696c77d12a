import { z } from "zod";
import type { Env } from "../../load-context";

const envSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().optional(),
  MAIL_API_URL: z.url().optional(),
  MAIL_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  BENCH: z.string().optional(),
});

export type Settings = z.infer<typeof envSchema> & { isDev: boolean; sessionSecret: string };

/** A fixed secret only outside production, so `npm start` needs no settings. */
const DEV_SESSION_SECRET = "local-development-secret-not-for-production";

/** Validated once per request (Workers hand us env per request). */
export function getSettings(env: Env): Settings {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  const settings = parsed.data;
  const isDev = settings.ENVIRONMENT !== "production";
  if (!isDev && !settings.SESSION_SECRET) {
    throw new Error("SESSION_SECRET is not set: run `wrangler secret put SESSION_SECRET`.");
  }
  return { ...settings, isDev, sessionSecret: settings.SESSION_SECRET ?? DEV_SESSION_SECRET };
}
