import * as z from "zod";
import type { Env } from "./bindings";

/** Shortest SESSION_SECRET accepted: it signs sessions and access tokens (HMAC-SHA256). */
const MIN_SESSION_SECRET_LENGTH = 32;

const envSchema = z.object({
  // Missing means production: only local commands and tests say otherwise (decision 012).
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
  SESSION_SECRET: z.string().min(MIN_SESSION_SECRET_LENGTH, `SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters`).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.url().optional(),
  MAIL_API_URL: z.url().optional(),
  MAIL_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  BENCH: z.string().optional(),
  // Other front ends (docs/decisions/015-api-for-any-front-end.md).
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, ctx) => parseOrigins("CORS_ORIGINS", value ?? "", ctx)),
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((value, ctx) => (value?.trim() ? (parseOrigins("PUBLIC_ORIGIN", value, ctx, { single: true })[0] ?? null) : null)),
  // Web Push for order notices (docs/decisions/037-order-push.md): all three, or none (push off).
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: z.string().trim().optional(),
});

/** The VAPID key pair and contact that sign Web Push requests (decision 037). */
export interface Vapid {
  /** The public key, base64url of the uncompressed P-256 point: what browsers subscribe with. */
  publicKey: string;
  privateJWK: JsonWebKey;
  /** `mailto:` or `https:` contact the push services may write to. */
  subject: string;
}

export type Settings = z.infer<typeof envSchema> & {
  isDev: boolean;
  sessionSecret: string;
  /** Null: order notices are off (production without VAPID settings). */
  vapid: Vapid | null;
};

/**
 * A comma-separated list of exact origins (`scheme://host[:port]`, http or https, no path, no
 * wildcard). Every malformed entry is named, so a typo refuses to serve instead of silently
 * trusting nothing (or too much). Blank entries (a trailing comma) are ignored; duplicates collapse.
 */
function parseOrigins(setting: string, value: string, ctx: z.RefinementCtx, { single = false } = {}): string[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (single && entries.length > 1) ctx.addIssue({ code: "custom", message: `${setting} must be one origin, got ${entries.length}` });
  const origins: string[] = [];
  for (const entry of entries) {
    const problem = originProblem(entry);
    if (problem) ctx.addIssue({ code: "custom", message: `${setting}: "${entry.slice(0, 100)}" ${problem}` });
    else if (!origins.includes(entry)) origins.push(entry);
  }
  return origins;
}

function originProblem(entry: string): string | null {
  if (entry.includes("*")) return "is a wildcard: list each origin exactly (credentials are never shared with *)";
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return "is not a URL (write it as https://host or https://host:port)";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must start with https:// or http://";
  if (url.origin !== entry) return `is not an origin: write exactly ${url.origin} (scheme, host and port; no path, no trailing slash)`;
  return null;
}

/** Hosts where plain http is still a secure context (a front end's dev server on this machine). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function insecureOrigins(origins: string[]): string[] {
  return origins.filter((origin) => {
    const url = new URL(origin);
    return url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname);
  });
}

/** A fixed secret only outside production, so `npm start` needs no settings. Public: refused in production. */
export const DEV_SESSION_SECRET = "local-development-secret-not-for-production";

/**
 * A VAPID key pair only outside production, so `npm start` and the tests send order notices with no
 * settings. Public: refused in production.
 */
export const DEV_VAPID = {
  publicKey: "BH84xEwcthq6DH-QPsd3qEvT0zh8UMh2ljTbTVCm5ZOnPN6jIyChEfHzLMMRM5VD8eSmWDwNsMEiynJRCyS4CeA",
  privateKey:
    '{"kty":"EC","crv":"P-256","x":"fzjETBy2GroMf5A-x3eoS9PTOHxQyHaWNNtNUKblk6c","y":"PN6jIyChEfHzLMMRM5VD8eSmWDwNsMEiynJRCyS4CeA","d":"MjB-KH7L1aO4STHorhar_gtkp79EyHohsu4pSZT4gTs"}',
  subject: "mailto:push@localhost.invalid",
};

const base64urlBytes = (value: string) => {
  try {
    return Uint8Array.from(atob(value.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
};

/**
 * The VAPID settings read and checked: null when none is set, problems when they are partial or do
 * not fit together (the public key must be the private key's own, or every browser's subscription
 * would be refused by its push service).
 */
function readVapid(settings: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string }): { vapid: Vapid | null; problems: string[] } {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = settings;
  if (!publicKey && !privateKey && !subject) return { vapid: null, problems: [] };
  const problems: string[] = [];
  if (!publicKey || !privateKey || !subject) {
    const missing = Object.entries({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject }).filter(([, v]) => !v);
    return { vapid: null, problems: [`${missing.map(([name]) => name).join(", ")} missing: set all three VAPID settings, or none to turn order notices off`] };
  }
  let jwk: JsonWebKey | null = null;
  try {
    jwk = JSON.parse(privateKey) as JsonWebKey;
  } catch {
    problems.push("VAPID_PRIVATE_KEY must be the private key as a JWK in JSON (the README's settings show how to make a pair)");
  }
  if (jwk && (jwk.kty !== "EC" || jwk.crv !== "P-256" || !jwk.d || !jwk.x || !jwk.y))
    problems.push("VAPID_PRIVATE_KEY must be a P-256 EC private key (kty EC, crv P-256, d, x, y)");
  const point = base64urlBytes(publicKey);
  if (point.length !== 65 || point[0] !== 4) problems.push("VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes)");
  else if (jwk?.x && jwk.y) {
    const own = new Uint8Array([4, ...base64urlBytes(jwk.x), ...base64urlBytes(jwk.y)]);
    if (own.length !== 65 || own.some((b, i) => b !== point[i])) problems.push("VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY");
  }
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) problems.push("VAPID_SUBJECT must be a mailto: address or an https: URL");
  return problems.length ? { vapid: null, problems } : { vapid: { publicKey, privateJWK: jwk!, subject }, problems };
}

type Checked = { ok: true; settings: z.infer<typeof envSchema> } | { ok: false; problems: string[] };

/** The settings the schema reads: with the two rate-limit bindings, all a check depends on. */
const SETTING_NAMES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/**
 * Each env object's last check, with what it was made from. Workers hand every request of an
 * isolate the same env object, and a page asks for its settings a dozen times (entry, session,
 * cookies, CSP…), so each is parsed once (decision 016). An env whose
 * values changed since (tests set values on one object) is checked again. The settings handed out
 * are derived once per check and frozen. Keyed by the object, so nothing outlives it.
 */
type CheckedEnv = { inputs: unknown[]; checked: Checked; settings?: Settings };
const checkedEnvs = new WeakMap<object, CheckedEnv>();

/** What a check depends on, read from the env: its settings' values and whether each limiter is bound. */
function envInputs(env: Env): unknown[] {
  const values: unknown[] = SETTING_NAMES.map((name) => (env as unknown as Record<string, unknown>)[name]);
  values.push(Boolean(env.PUBLIC_FORM_LIMITER), Boolean(env.UPLOAD_LIMITER));
  return values;
}

function checkedEntry(env: Env): CheckedEnv {
  const inputs = envInputs(env);
  const known = checkedEnvs.get(env);
  if (known && known.inputs.every((value, i) => Object.is(value, inputs[i]))) return known;
  const checked = checkEnvNow(env);
  // Shared by every later request of this isolate: nobody may change it in place.
  if (checked.ok) Object.freeze(Object.freeze(checked.settings).CORS_ORIGINS);
  const entry: CheckedEnv = { inputs, checked };
  checkedEnvs.set(env, entry);
  return entry;
}

function checkEnv(env: Env): Checked {
  return checkedEntry(env).checked;
}

/**
 * The environment checked: the Worker entry refuses every request while this lists problems, and
 * getSettings throws on them. Production needs its own SESSION_SECRET, PUBLIC_ORIGIN and both
 * rate-limit bindings (without them per-IP limits would silently switch off); development and test
 * need none of them.
 */
function checkEnvNow(env: Env): Checked {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // Our own messages already start with the setting's name.
    return { ok: false, problems: parsed.error.issues.map((i) => (i.code === "custom" ? i.message : `${i.path.join(".")}: ${i.message}`)) };
  }
  const vapidProblems = readVapid(parsed.data).problems;
  if (parsed.data.ENVIRONMENT !== "production") return vapidProblems.length ? { ok: false, problems: vapidProblems } : { ok: true, settings: parsed.data };
  const problems: string[] = [...vapidProblems];
  if (parsed.data.VAPID_PRIVATE_KEY === DEV_VAPID.privateKey) problems.push("VAPID_PRIVATE_KEY is the public development key: generate a key pair of your own");
  // In production a plain-http origin could be rewritten on the way by anyone on its network.
  for (const origin of insecureOrigins(parsed.data.CORS_ORIGINS)) problems.push(`CORS_ORIGINS: ${origin} must use https in production`);
  for (const origin of insecureOrigins(parsed.data.PUBLIC_ORIGIN ? [parsed.data.PUBLIC_ORIGIN] : [])) {
    problems.push(`PUBLIC_ORIGIN: ${origin} must use https in production`);
  }
  // Every absolute link the store prints (mail, robots.txt, sitemaps, Stripe's return URLs) is built
  // on it: the request's Host is the client's to choose (decision 046).
  if (!parsed.data.PUBLIC_ORIGIN) problems.push("PUBLIC_ORIGIN is not set (the store's public URL, https://shop.example.com, in wrangler.toml [vars])");
  if (!parsed.data.SESSION_SECRET) {
    problems.push("SESSION_SECRET is not set (run `npx wrangler secret put SESSION_SECRET`)");
  } else if (parsed.data.SESSION_SECRET === DEV_SESSION_SECRET) {
    problems.push("SESSION_SECRET is the public development secret: set a secret of your own");
  }
  if (!env.PUBLIC_FORM_LIMITER) problems.push("PUBLIC_FORM_LIMITER is missing (a [[ratelimits]] binding in wrangler.toml)");
  if (!env.UPLOAD_LIMITER) problems.push("UPLOAD_LIMITER is missing (a [[ratelimits]] binding in wrangler.toml)");
  return problems.length ? { ok: false, problems } : { ok: true, settings: parsed.data };
}

/** Why this environment must not serve, or an empty list when it may. */
export function settingsProblems(env: Env): string[] {
  const checked = checkEnv(env);
  return checked.ok ? [] : checked.problems;
}

/** Validated once per env object and its values (`checkEnv`). */
export function getSettings(env: Env): Settings {
  const entry = checkedEntry(env);
  const { checked } = entry;
  if (!checked.ok) throw new Error(`Invalid environment: ${checked.problems.join("; ")}`);
  if (!entry.settings) {
    const settings = checked.settings;
    const isDev = settings.ENVIRONMENT !== "production";
    // Outside production with no VAPID settings, the development pair: notices work with no account.
    const vapid = readVapid(
      isDev && !settings.VAPID_PRIVATE_KEY
        ? { VAPID_PUBLIC_KEY: DEV_VAPID.publicKey, VAPID_PRIVATE_KEY: DEV_VAPID.privateKey, VAPID_SUBJECT: DEV_VAPID.subject }
        : settings,
    ).vapid;
    entry.settings = Object.freeze({ ...settings, isDev, sessionSecret: settings.SESSION_SECRET ?? DEV_SESSION_SECRET, vapid });
  }
  return entry.settings;
}

/**
 * The origin every absolute link the store prints is built on (mail, robots.txt, sitemaps, Stripe's
 * return URLs): PUBLIC_ORIGIN, which production cannot run without. Only local commands and tests
 * may leave it unset; they get `localOnly` (the origin the local server was asked on), so `npm start`
 * and `npm run dev` work on any port with no settings (decision 046).
 */
export function publicOrigin(settings: Settings, localOnly: string): string {
  if (settings.PUBLIC_ORIGIN) return settings.PUBLIC_ORIGIN;
  if (!settings.isDev) throw new Error("PUBLIC_ORIGIN is not set");
  return localOnly;
}

/** {@link publicOrigin} for a request's links (its own origin serves only local commands and tests). */
export function publicOriginOf(env: Env, request: Request): string {
  return publicOrigin(getSettings(env), new URL(request.url).origin);
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
