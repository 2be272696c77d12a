/**
 * Password reset by one-time code (ARCHITECTURE.md): a 6-digit code from a CSPRNG, stored hashed,
 * valid 10 minutes, at most 5 tries, single use. A verified code yields a short-lived reset grant
 * (stored hashed) that the password change requires. Known and unknown emails get the same answers.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { newId } from "~/lib/ids";
import { ApiError } from "./api.server";
import { randomDigits, randomToken, sha256Hex } from "./crypto.server";
import { getD1 } from "./db.server";
import { signedCookie } from "./cookies.server";
import { sendMail, type MailFetch } from "./mail.server";
import { hashPassword } from "./password.server";
import { limitByIp, takeSlots } from "./rate-limit.server";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const GRANT_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
const SENDS_PER_EMAIL = 3;

export const CODE_SENT = "If an account exists for this email, we sent it a 6-digit code. Check your inbox.";
export const CODE_INVALID = "The code is invalid or has expired. Request a new one.";
export const CODE_LOCKED = "Too many wrong codes: this code no longer works. Request a new one.";
export const GRANT_INVALID = "Your reset session has expired. Start again from Forgot password.";

async function codeHash(userId: string, code: string) {
  return sha256Hex(`${userId}:${code}`);
}

export async function requestResetCode(request: Request, context: AppLoadContext, email: string, send?: MailFetch) {
  await limitByIp(context.cloudflare.env.LOGIN_LIMITER, request, "otp");
  // Counted per email whether or not the account exists, before anything is sent.
  const refused = await takeSlots(context, [{ key: `otp-send:${email}`, max: SENDS_PER_EMAIL, windowMs: CODE_TTL_MS }]);
  if (refused) throw refused;
  const d1 = getD1(context);
  const user = await d1.prepare("select id, name from users where email = ? and status = 'Active'").bind(email).first<{ id: string; name: string }>();
  if (!user) return;
  const code = randomDigits(6);
  const now = Date.now();
  await d1.batch([
    // A new code replaces any earlier unused one.
    d1.prepare("update password_reset_codes set used_at = ? where user_id = ? and used_at is null").bind(now, user.id),
    d1
      .prepare("insert into password_reset_codes (id, user_id, code_hash, expires_at) values (?, ?, ?, ?)")
      .bind(newId(), user.id, await codeHash(user.id, code), now + CODE_TTL_MS),
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

/** The newest live code of an email (unused, unexpired), as a subquery bound to (email, now). */
const LIVE_CODE = `select c.id from password_reset_codes c join users u on u.id = c.user_id
  where u.email = ? and c.used_at is null and c.expires_at > ? order by c.created_at desc, c.rowid desc limit 1`;

/**
 * Checks a code; on success returns a reset grant (the raw token, shown once). The try is counted
 * first, in one conditional update (at most MAX_CODE_ATTEMPTS, whatever arrives in parallel), and
 * only a counted try is compared. Throws 400 (wrong, none or expired), 429 (tries used up: the code
 * is burnt, even the right one is refused now).
 */
export async function verifyResetCode(request: Request, context: AppLoadContext, email: string, code: string): Promise<string> {
  await limitByIp(context.cloudflare.env.LOGIN_LIMITER, request, "otp");
  const d1 = getD1(context);
  const now = Date.now();
  const row = await d1
    .prepare(
      `update password_reset_codes set attempts = attempts + 1
        where id = (${LIVE_CODE}) and attempts < ?
        returning id, user_id as userId, code_hash as codeHash`,
    )
    .bind(email, now, MAX_CODE_ATTEMPTS)
    .first<{ id: string; userId: string; codeHash: string }>();
  if (!row) {
    const live = await d1.prepare(LIVE_CODE).bind(email, now).first();
    throw live ? new ApiError(CODE_LOCKED, 429) : new ApiError(CODE_INVALID, 400);
  }
  if ((await codeHash(row.userId, code)) !== row.codeHash) throw new ApiError(CODE_INVALID, 400);
  const grant = randomToken();
  const claimed = await d1
    .prepare(
      "update password_reset_codes set used_at = ?, grant_hash = ?, grant_expires_at = ? where id = ? and used_at is null",
    )
    .bind(Date.now(), await sha256Hex(grant), Date.now() + GRANT_TTL_MS, row.id)
    .run();
  if (!claimed.meta.changes) throw new ApiError(CODE_INVALID, 400);
  return grant;
}

/** The email a live grant belongs to, or null. */
export async function grantEmail(context: AppLoadContext, grant: string | null | undefined): Promise<string | null> {
  if (!grant || !/^[0-9a-f]{64}$/.test(grant)) return null;
  const row = await getD1(context)
    .prepare(
      `select u.email from password_reset_codes c join users u on u.id = c.user_id
        where c.grant_hash = ? and c.grant_expires_at > ?`,
    )
    .bind(await sha256Hex(grant), Date.now())
    .first<{ email: string }>();
  return row?.email ?? null;
}

/** Sets the new password, spends the grant and signs the account out everywhere, in one batch. */
export async function resetPassword(context: AppLoadContext, email: string, grant: string | null | undefined, newPassword: string) {
  if (!grant || (await grantEmail(context, grant)) !== email) throw new ApiError(GRANT_INVALID, 403);
  const d1 = getD1(context);
  const grantHash = await sha256Hex(grant);
  const user = (await d1.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!;
  const now = Date.now();
  const [spent] = await d1.batch([
    d1.prepare("update password_reset_codes set grant_hash = null, grant_expires_at = null where grant_hash = ? and grant_expires_at > ?").bind(grantHash, now),
    d1
      .prepare("update users set password_hash = ?, updated_at = ? where id = ?")
      .bind(await hashPassword(newPassword), now, user.id),
    d1.prepare("delete from sessions where user_id = ?").bind(user.id),
    d1.prepare("update refresh_tokens set revoked_at = ? where user_id = ? and revoked_at is null").bind(now, user.id),
  ]);
  if (!spent.meta.changes) throw new ApiError(GRANT_INVALID, 403);
}

/** Carries the grant from /verification-otp to /reset-password without JavaScript. */
export function resetGrantCookie(context: AppLoadContext) {
  return signedCookie(context, "__reset", GRANT_TTL_MS / 1000);
}
