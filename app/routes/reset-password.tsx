import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { FormErrors } from "~/components/forms/FormErrors";
import { PasswordField } from "~/components/forms/PasswordField";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { resetPasswordSchema } from "~/lib/schemas/account";
import { parseCookie } from "~/server/platform/cookies.server";
import { trustDevice } from "~/server/identity/device.server";
import { grantEmail, resetGrantCookie, resetPassword } from "~/server/identity/password-reset.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readFormData } from "~/server/http/form-data.server";
import { attempt, invalid, pageAction, refused } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Reset Password | FreshDash" }];

async function readGrant(request: Request, context: LoaderFunctionArgs["context"]) {
  const value = (await parseCookie(resetGrantCookie(context), request.headers.get("Cookie"))) as { grant?: unknown } | null;
  const grant = typeof value?.grant === "string" ? value.grant : null;
  const email = await grantEmail(context, grant);
  return email ? { email, grant: grant! } : null;
}

/** Only after a verified code (spec: otherwise to /). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await readGrant(request, context);
  if (!state) throw redirect("/");
  return { email: state.email };
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const state = await readGrant(request, context);
  if (!state) throw redirect("/");
  const form = await readFormData(request);
  form.set("email", state.email);
  const submission = parseWithZod(form, { schema: resetPasswordSchema });
  const hide = { hideFields: ["newPassword", "confirmPassword"] };
  if (submission.status !== "success") return invalid(submission, hide);
  const reset = await attempt(() => resetPassword(context, state.email, state.grant, submission.value.newPassword));
  if (!reset.ok) return refused(reset.error, { submission, ...hide });
  const headers = new Headers({ "Set-Cookie": await resetGrantCookie(context).serialize("", { maxAge: 0 }) });
  // The browser that proved the mailbox is trusted: it can sign in even while guesses hold the account.
  headers.append("Set-Cookie", await trustDevice(request, context, state.email));
  return redirectWithToast(context, "/login", { type: "success", text: "Password updated successfully. Log in with your new password." }, { headers });
});

export default function ResetPassword() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    defaultValue: { email },
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  return (
    <AuthCard title="Enter Your Password">
      <Form method="post" {...getFormProps(form)} className="grid gap-3">
        <FormErrors errors={form.errors} />
        <div className="grid gap-1">
          <label htmlFor="reset-email" className="text-sm font-medium">
            Email
          </label>
          <input id="reset-email" name="email" type="email" value={email} readOnly className="h-10 rounded-md border border-neutral-200 bg-neutral-100 px-3" />
        </div>
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          errors={fields.newPassword.errors}
          {...getInputProps(fields.newPassword, { type: "password" })}
          id={fields.newPassword.id}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          errors={fields.confirmPassword.errors}
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          id={fields.confirmPassword.id}
        />
        <SubmitButton pendingText="Changing…">Change Password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
