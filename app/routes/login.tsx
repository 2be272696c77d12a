import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AuthCard } from "~/components/forms/AuthCard";
import { FormErrors } from "~/components/forms/FormErrors";
import { FormField } from "~/components/forms/FormField";
import { PasswordField } from "~/components/forms/PasswordField";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { loginSchema } from "~/lib/schemas/account";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { authenticateForm, type SessionUser } from "~/server/identity/auth.server";
import { getSessionUser } from "~/server/identity/visitor.server";
import { startUserSession } from "~/server/identity/login.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";
import { readFormData } from "~/server/http/form-data.server";
import { attempt, invalid, pageAction, refused } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Login | FreshDash" }];

/**
 * Where a login goes: an explicit safe `redirectTo` wins; otherwise a store's staff land on their
 * store's queue (their work), a rider on their deliveries, and everyone else, admins included, on
 * the home page as before.
 */
function landingAfterLogin(user: Pick<SessionUser, "role" | "staffStoreId" | "staffRole">, redirectTo: string | null | undefined): string {
  const explicit = redirectTo ? safeRedirect(redirectTo, "") : "";
  if (explicit) return explicit;
  if (user.role !== "ADMIN" && user.staffStoreId && user.staffRole === "rider") return `/dashboard/stores/${encodeURIComponent(user.staffStoreId)}/deliveries`;
  return user.role !== "ADMIN" && user.staffStoreId ? `/dashboard/stores/${encodeURIComponent(user.staffStoreId)}/queue` : "/";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context);
  if (user) throw redirect(landingAfterLogin(user, new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  // The body is read once, here (method, type, size, repeated fields), and remix-auth's
  // FormStrategy is given the same fields: no clone of the request is left unread when it refuses.
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success") {
    return invalid(submission, { hideFields: ["password"] });
  }
  const session = await attempt(async () => {
    const user = await authenticateForm(request, context, form);
    return { user, headers: await startUserSession(request, context, user) };
  });
  if (!session.ok) return refused(session.error, { submission, hideFields: ["password"] });
  const to = landingAfterLogin(session.value.user, submission.value.redirectTo);
  return redirectWithToast(context, to, { type: "success", text: "Login successfully" }, { headers: session.value.headers });
});

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [filled, setFilled] = useState({ email: false, password: false });
  const formRef = useRef<HTMLFormElement>(null);
  const readFilled = () => {
    const f = formRef.current;
    if (f) setFilled({ email: Boolean(f.email.value), password: Boolean(f.password.value) });
  };
  // Autofill and server-kept values count as filled.
  useEffect(readFilled, [actionData]);
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const redirectTo = params.get("redirectTo") ?? "";
  return (
    <AuthCard title="Login">
      <Form method="post" {...getFormProps(form)} ref={formRef} className="grid gap-3" onChange={readFilled} onInput={readFilled}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormErrors errors={form.errors} />
        <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} id={fields.email.id} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          errors={fields.password.errors}
          {...getInputProps(fields.password, { type: "password" })}
          id={fields.password.id}
        />
        <Link to="/forgot-password" className="ml-auto text-sm text-brand hover:underline">
          Forgot password ?
        </Link>
        {/* Disabled until both are filled, only when JavaScript can enable it again. */}
        <SubmitButton disabled={hydrated && !(filled.email && filled.password)} pendingText="Logging in…">
          Login
        </SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        Don&apos;t have account?{" "}
        <Link to={redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register"} className="font-semibold text-brand hover:underline">
          Register
        </Link>
      </p>
    </AuthCard>
  );
}
