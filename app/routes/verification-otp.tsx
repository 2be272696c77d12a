import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/forms/AuthCard";
import { OtpInput } from "~/components/forms/OtpInput";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { emailSchema, otpSchema } from "~/lib/schemas/account";
import { resetGrantCookie, verifyResetCode } from "~/server/identity/password-reset.server";
import { readFormData } from "~/server/http/form-data.server";
import { attempt, pageAction, refused } from "~/server/http/page-actions.server";
import { Refusal } from "~/lib/refusal";

export const meta: MetaFunction = () => [{ title: "Verify OTP | FreshDash" }];

/** Without an email to verify for, start from /forgot-password (spec). */
export function loader({ request }: LoaderFunctionArgs) {
  const email = emailSchema.safeParse(new URL(request.url).searchParams.get("email") ?? "");
  if (!email.success) throw redirect("/forgot-password");
  return { email: email.data };
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readFormData(request);
  const otp = form.get("otp") ?? Array.from({ length: 6 }, (_, i) => String(form.get(`otp${i}`) ?? "").trim()).join("");
  const parsed = otpSchema.safeParse({ email: form.get("email"), otp });
  if (!parsed.success) return refused(new Refusal(parsed.error.issues[0]?.message ?? "Enter the 6-digit code", 400));
  const grant = await attempt(() => verifyResetCode(request, context, parsed.data.email, parsed.data.otp));
  if (!grant.ok) return refused(grant.error);
  return redirect("/reset-password", {
    status: 303,
    headers: { "Set-Cookie": await resetGrantCookie(context).serialize({ email: parsed.data.email, grant: grant.value }) },
  });
});

export default function VerifyOtp() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title="Enter OTP">
      <p className="mb-3 text-sm text-neutral-600">We sent a 6-digit code to {email}.</p>
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="email" value={email} />
        <OtpInput error={actionData?.error?.message} />
        <SubmitButton pendingText="Verifying…">Verify OTP</SubmitButton>
      </Form>
      <p className="mt-4 text-sm">
        Didn&apos;t get it?{" "}
        <Link to="/forgot-password" className="font-semibold text-brand hover:underline">
          Send a new code
        </Link>
      </p>
    </AuthCard>
  );
}
