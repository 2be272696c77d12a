import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { FormErrors } from "~/components/forms/FormErrors";
import { FormField } from "~/components/forms/FormField";
import { PasswordField } from "~/components/forms/PasswordField";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { registerSchema } from "~/lib/schemas/account";
import { REGISTERED, registerUser } from "~/server/identity/accounts.server";
import { getSessionUser } from "~/server/identity/visitor.server";
import { limitByIp } from "~/server/platform/rate-limit.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";
import { readFormData } from "~/server/http/form-data.server";
import { attempt, invalid, pageAction, refused } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Register | FreshDash" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSessionUser(request, context)) throw redirect("/");
  return null;
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: registerSchema });
  const hide = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return invalid(submission, hide);
  const registered = await attempt(async () => {
    await limitByIp(context.cloudflare.env.PUBLIC_FORM_LIMITER, request, "register");
    await registerUser(context, submission.value);
  });
  if (!registered.ok) return refused(registered.error, { submission, ...hide });
  // The same answer whether or not the email already had an account, so registration signs no
  // one in: on to the login form, which then goes where the shopper was headed (decision 021).
  const target = safeRedirect(form.get("redirectTo"));
  const next = target === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: target })}`;
  return redirectWithToast(context, next, { type: "success", text: `${REGISTERED}: log in to continue` });
});

export default function Register() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    constraint: getZodConstraint(registerSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });
  return (
    <AuthCard title="Welcome to FreshDash">
      <Form method="post" {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormErrors errors={form.errors} />
        <FormField label="Name" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} id={fields.name.id} />
        <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} id={fields.email.id} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          errors={fields.password.errors}
          {...getInputProps(fields.password, { type: "password" })}
          id={fields.password.id}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          errors={fields.confirmPassword.errors}
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          id={fields.confirmPassword.id}
        />
        <SubmitButton pendingText="Registering…">Register</SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        Already have account?{" "}
        <Link to="/login" className="font-semibold text-brand hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
