/**
 * Who is asking. Pages use the session cookie; /api accepts `Authorization: Bearer <access token>`
 * or the same cookie. Credentials are checked by remix-auth's FormStrategy (pages), whose verify
 * callback is `verifyCredentials`, which /api/user/login calls directly (a JSON body, not a form);
 * both under the login limits of login-limits.server.ts.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginSchema } from "~/lib/schemas/account";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { Refusal } from "~/lib/refusal";
import { getDb } from "~/server/db/db.server";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./password.server";
import { claimPasswordCheck } from "./login-limits.server";
import { sessionStorage, sessionUserColumns, type SessionUser } from "./session.server";
import { getSessionUser } from "./visitor.server";
import { userFromAccessToken } from "./tokens.server";

export type { SessionUser } from "./session.server";

/** One answer for an unknown email and a wrong password: it must not tell which part was wrong. */
const LOGIN_FAILED = "Invalid email or password";
const CURRENT_PASSWORD_REQUIRED = "Enter your current password to change your email";
const CURRENT_PASSWORD_WRONG = "Your current password is not correct";

/**
 * The account behind an email and password, or null when either is wrong (or the account is not
 * active). The check is counted against the login limits before the PBKDF2 work; throws 429.
 */
async function checkPassword(request: Request, context: AppLoadContext, email: string, password: string): Promise<SessionUser | null> {
  const claim = await claimPasswordCheck(request, context, email);
  const row = await getDb(context)
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .get();
  // Unknown emails are checked against a dummy hash so both paths take the same time.
  const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!row || !valid || row.status !== "Active") return null;
  await claim.succeeded();
  const { passwordHash: _hash, ...user } = row;
  return user;
}

/** Checks an email and password for signing in; throws Refusal 401 or 429. */
export async function verifyCredentials(request: Request, context: AppLoadContext, email: string, password: string): Promise<SessionUser> {
  const user = await checkPassword(request, context, email, password);
  if (!user) throw new Refusal(LOGIN_FAILED, 401);
  return user;
}

/** A signed-in user re-enters their password (e.g. to change the email): 400 missing, 403 wrong, 429. */
export async function confirmCurrentPassword(request: Request, context: AppLoadContext, email: string, password: string | undefined) {
  if (!password) throw new Refusal(CURRENT_PASSWORD_REQUIRED, 400, { fields: { currentPassword: [CURRENT_PASSWORD_REQUIRED] } });
  if (!(await checkPassword(request, context, email, password))) {
    throw new Refusal(CURRENT_PASSWORD_WRONG, 403, { fields: { currentPassword: [CURRENT_PASSWORD_WRONG] } });
  }
}

/**
 * remix-auth for the login page: the Authenticator over the page session storage, with a
 * FormStrategy whose verify callback is the credential check (limits, then the password). The
 * session is committed by `startUserSession` into the same storage rather than by the strategy's
 * `successRedirect`, because a login answers with more than the session cookie (the guest cart
 * merged, this browser trusted, the delivery location carried over, the "Login successfully" toast).
 */
function authenticator(context: AppLoadContext) {
  const auth = new Authenticator<SessionUser>(sessionStorage(context), { throwOnError: true });
  auth.use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = loginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new Refusal(LOGIN_FAILED, 401);
      return verifyCredentials(request, context, parsed.data.email, parsed.data.password);
    }),
    "form",
  );
  return auth;
}

/**
 * Login page: returns the user, or throws the Refusal (401/429) the verify callback refused with.
 * The page has read the form already (`readFormData`, the body read once: STACK.md pitfall 11), so
 * the strategy is handed it as `context.formData`, which remix-auth-form reads instead of the body.
 */
export async function authenticateForm(request: Request, context: AppLoadContext, form: FormData): Promise<SessionUser> {
  // remix-auth copies the request (`new Request(url, request)`), which a read body cannot be: it gets one without.
  const unread = new Request(request.url, { method: request.method, headers: request.headers });
  try {
    return await authenticator(context).authenticate("form", unread, { context: { ...context, formData: form } });
  } catch (error) {
    // With throwOnError the strategy wraps what the verify callback threw: the Refusal, or a bug, goes on as it was.
    if (error instanceof AuthorizationError && error.cause) throw error.cause;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Pages

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Admin pages: signed in, and `allowed` only for ADMIN (others see 'Do not have permission'). */
export async function requireAdminPage(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  return { user, allowed: user.role === "ADMIN" };
}

/** Admin page actions: anything but ADMIN is refused outright. */
export async function requireAdminAction(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (user.role !== "ADMIN") throw new Refusal("Do not have permission", 403);
  return user;
}

// ---------------------------------------------------------------------------------------------
// /api

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1] : null;
}

/** The caller of an /api route: bearer access token first, else the session cookie. */
export async function getApiUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const token = bearerToken(request);
  if (token) return userFromAccessToken(context, token);
  return getSessionUser(request, context);
}

export async function requireApiUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getApiUser(request, context);
  if (!user) throw new Refusal("Please Login", 401);
  return user;
}

export async function requireApiAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireApiUser(request, context);
  if (user.role !== "ADMIN") throw new Refusal("Do not have permission", 403);
  return user;
}
