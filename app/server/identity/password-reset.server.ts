/**
 * Password reset by one-time code (ARCHITECTURE.md): a 6-digit code from a CSPRNG, stored hashed,
 * valid 10 minutes, at most 5 tries, single use. A verified code yields a short-lived reset grant
 * (stored hashed) that the password change requires. Known and unknown emails get the same answers.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { passwordResetCodes, refreshTokens, sessions, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import { Refusal } from "~/lib/refusal";
import { randomDigits, randomToken, sha256Hex } from "~/server/platform/crypto.server";
import { type Database, getDb } from "~/server/db/db.server";
import { signedCookie } from "~/server/platform/cookies.server";
import { sendMail, type MailFetch } from "./mail.server";
import { hashPassword } from "./password.server";
import { takeSlots } from "~/server/db/rate-counters.server";
import { limitByIp } from "~/server/platform/rate-limit.server";

const CODE_TTL_MS = 10 * 60 * 1000;
const GRANT_TTL_MS = 10 * 60 * 1000;
const MAX_CODE_ATTEMPTS = 5;
const SENDS_PER_EMAIL = 3;

export const CODE_SENT = "If an account exists for this email, we sent it a 6-digit code. Check your inbox.";
const CODE_INVALID = "The code is invalid or has expired. Request a new one.";
const CODE_LOCKED = "Too many wrong codes: this code no longer works. Request a new one.";
const GRANT_INVALID = "Your reset session has expired. Start again from Forgot password.";

async function codeHash(userId: string, code: string) {
  return sha256Hex(`${userId}:${code}`);
}

export async function requestResetCode(request: Request, context: AppLoadContext, email: string, send?: MailFetch) {
  await limitByIp(context.cloudflare.env.PUBLIC_FORM_LIMITER, request, "otp");
  // Counted per email whether or not the account exists, before anything is sent.
  const refused = await takeSlots(context, [{ key: `otp-send:${email}`, max: SENDS_PER_EMAIL, windowMs: CODE_TTL_MS }]);
  if (refused) throw refused;
  const db = getDb(context);
  const user = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, "Active")))
    .get();
  if (!user) return;
  const code = randomDigits(6);
  const now = Date.now();
  await db.batch([
    // A new code replaces any earlier unused one.
    db
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt))),
    db.insert(passwordResetCodes).values({ id: newId(), userId: user.id, codeHash: await codeHash(user.id, code), expiresAt: now + CODE_TTL_MS }),
  ]);
  await sendMail(
    context,
    {
      to: email,
      subject: "Your FreshDash password reset code",
      text: `Hi ${user.name},\n\nYour password reset code is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask for it, ignore this message.`,
    },
    send,
  );
}

/** The newest live code of an email (unused, unexpired): its id, as a query or a subquery. */
function liveCode(db: Database, email: string, now: number) {
  return db
    .select({ id: passwordResetCodes.id })
    .from(passwordResetCodes)
    .innerJoin(users, eq(users.id, passwordResetCodes.userId))
    .where(and(eq(users.email, email), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, now)))
    .orderBy(desc(passwordResetCodes.createdAt), desc(sql`${passwordResetCodes}.rowid`))
    .limit(1);
}

/**
 * Checks a code; on success returns a reset grant (the raw token, shown once). The try is counted
 * first, in one conditional update (at most MAX_CODE_ATTEMPTS, whatever arrives in parallel), and
 * only a counted try is compared. Throws 400 (wrong, none or expired), 429 (tries used up: the code
 * is burnt, even the right one is refused now).
 */
export async function verifyResetCode(request: Request, context: AppLoadContext, email: string, code: string): Promise<string> {
  await limitByIp(context.cloudflare.env.PUBLIC_FORM_LIMITER, request, "otp");
  const db = getDb(context);
  const now = Date.now();
  const [row] = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(and(eq(passwordResetCodes.id, liveCode(db, email, now)), lt(passwordResetCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ id: passwordResetCodes.id, userId: passwordResetCodes.userId, codeHash: passwordResetCodes.codeHash });
  if (!row) {
    const live = await liveCode(db, email, now).get();
    throw live ? new Refusal(CODE_LOCKED, 429) : new Refusal(CODE_INVALID, 400);
  }
  if ((await codeHash(row.userId, code)) !== row.codeHash) throw new Refusal(CODE_INVALID, 400);
  const grant = randomToken();
  const claimed = await db
    .update(passwordResetCodes)
    .set({ usedAt: Date.now(), grantHash: await sha256Hex(grant), grantExpiresAt: Date.now() + GRANT_TTL_MS })
    .where(and(eq(passwordResetCodes.id, row.id), isNull(passwordResetCodes.usedAt)));
  if (!claimed.meta.changes) throw new Refusal(CODE_INVALID, 400);
  return grant;
}

/** The email a live grant belongs to, or null. */
export async function grantEmail(context: AppLoadContext, grant: string | null | undefined): Promise<string | null> {
  if (!grant || !/^[0-9a-f]{64}$/.test(grant)) return null;
  const row = await getDb(context)
    .select({ email: users.email })
    .from(passwordResetCodes)
    .innerJoin(users, eq(users.id, passwordResetCodes.userId))
    .where(and(eq(passwordResetCodes.grantHash, await sha256Hex(grant)), gt(passwordResetCodes.grantExpiresAt, Date.now())))
    .get();
  return row?.email ?? null;
}

/** Sets the new password, spends the grant and signs the account out everywhere, in one batch. */
export async function resetPassword(context: AppLoadContext, email: string, grant: string | null | undefined, newPassword: string) {
  if (!grant || (await grantEmail(context, grant)) !== email) throw new Refusal(GRANT_INVALID, 403);
  const db = getDb(context);
  const grantHash = await sha256Hex(grant);
  const user = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  // grantEmail just found this email through a live grant: its account exists (a cascade deletes codes with it).
  if (!user) throw new Refusal(GRANT_INVALID, 403);
  const now = Date.now();
  const [spent] = await db.batch([
    db
      .update(passwordResetCodes)
      .set({ grantHash: null, grantExpiresAt: null })
      .where(and(eq(passwordResetCodes.grantHash, grantHash), gt(passwordResetCodes.grantExpiresAt, now))),
    db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: now })
      .where(eq(users.id, user.id)),
    db.delete(sessions).where(eq(sessions.userId, user.id)),
    db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt))),
  ]);
  if (!spent.meta.changes) throw new Refusal(GRANT_INVALID, 403);
}

/** Carries the grant from /verification-otp to /reset-password without JavaScript. */
export function resetGrantCookie(context: AppLoadContext) {
  return signedCookie(context, "__reset", GRANT_TTL_MS / 1000);
}
