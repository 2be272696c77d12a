import { z } from "zod";
import type { Env } from "../../load-context";

/** Shortest SESSION_SECRET accepted: it signs sessions and access tokens (HMAC-SHA256). */
export const MIN_SESSION_SECRET_LENGTH = 32;

const envSchema = z.object({
  // Missing means production: only local commands and tests say otherwise (decision 012).
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
  SESSION_SECRET: z
    .string()
    .min(MIN_SESSION_SECRET_LENGTH, `SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters`)
    .optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().optional(),
  MAIL_API_URL: z.url().optional(),
  MAIL_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  BENCH: z.string().optional(),
});

export type Settings = z.infer<typeof envSchema> & { isDev: boolean; sessionSecret: string };

/** A fixed secret only outside production, so `npm start` needs no settings. Public: refused in production. */
export const DEV_SESSION_SECRET = "local-development-secret-not-for-production";

type Checked = { ok: true; settings: z.infer<typeof envSchema> } | { ok: false; problems: string[] };

/**
 * The environment checked: the Worker entry refuses every request while this lists problems, and
 * getSettings throws on them. Production needs its own SESSION_SECRET and both rate-limit bindings
 * (without them per-IP limits would silently switch off); development and test need neither.
 */
function checkEnv(env: Env): Checked {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  }
  if (parsed.data.ENVIRONMENT !== "production") return { ok: true, settings: parsed.data };
  const problems: string[] = [];
  if (!parsed.data.SESSION_SECRET) {
    problems.push("SESSION_SECRET is not set (run `npx wrangler secret put SESSION_SECRET`)");
  } else if (parsed.data.SESSION_SECRET === DEV_SESSION_SECRET) {
    problems.push("SESSION_SECRET is the public development secret: set a secret of your own");
  }
  if (!env.LOGIN_LIMITER) problems.push("LOGIN_LIMITER is missing (a [[ratelimits]] binding in wrangler.toml)");
  if (!env.UPLOAD_LIMITER) problems.push("UPLOAD_LIMITER is missing (a [[ratelimits]] binding in wrangler.toml)");
  return problems.length ? { ok: false, problems } : { ok: true, settings: parsed.data };
}

/** Why this environment must not serve, or an empty list when it may. */
export function settingsProblems(env: Env): string[] {
  const checked = checkEnv(env);
  return checked.ok ? [] : checked.problems;
}

/** Validated once per request (Workers hand us env per request). */
export function getSettings(env: Env): Settings {
  const checked = checkEnv(env);
  if (!checked.ok) throw new Error(`Invalid environment: ${checked.problems.join("; ")}`);
  const settings = checked.settings;
  const isDev = settings.ENVIRONMENT !== "production";
  return { ...settings, isDev, sessionSecret: settings.SESSION_SECRET ?? DEV_SESSION_SECRET };
}

/**
 * The answer to every request while settings are wrong: a plain 503 naming what is missing, with
 * nothing signed, no cookie and no page (the Worker entry sends it before Remix runs).
 */
export function misconfiguredResponse(problems: string[]): Response {
  const text = `This store cannot serve until its settings are fixed:\n${problems.map((p) => `- ${p}`).join("\n")}\n`;
  return new Response(text, {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Retry-After": "300",
    },
  });
}
