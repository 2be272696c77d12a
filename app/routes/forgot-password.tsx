import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { FormErrors } from "~/components/forms/FormErrors";
import { FormField } from "~/components/forms/FormField";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { forgotPasswordSchema } from "~/lib/schemas/account";
import { CODE_SENT, requestResetCode } from "~/server/identity/password-reset.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { readFormData } from "~/server/http/form-data.server";
import { attempt, invalid, pageAction, refused } from "~/server/http/page-actions.server";

export const meta: MetaFunction = () => [{ title: "Forgot Password | FreshDash" }];

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return invalid(submission);
  const sent = await attempt(() => requestResetCode(request, context, submission.value.email));
  if (!sent.ok) return refused(sent.error, { submission });
  return redirectWithToast(context, `/verification-otp?email=${encodeURIComponent(submission.value.email)}`, {
    type: "success",
    text: CODE_SENT,
  });
});

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <AuthCard title="Forgot Password">
      <Form method="post" {...getFormProps(form)} className="grid gap-3">
        <FormErrors errors={form.errors} />
        <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} id={fields.email.id} />
        <SubmitButton pendingText="Sending…">Send Otp</SubmitButton>
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
