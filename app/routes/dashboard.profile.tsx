import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FormErrors } from "~/components/forms/FormErrors";
import { FormField } from "~/components/forms/FormField";
import { PasswordField } from "~/components/forms/PasswordField";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { profileSchema } from "~/lib/schemas/account";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { setAvatar, updateProfile } from "~/server/identity/accounts.server";
import { requireUser } from "~/server/identity/auth.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { AVATAR_MAX_BYTES, prepareImage, readUploadForm, withStoredImages } from "~/server/catalogue/uploads.server";
import { readFormData } from "~/server/http/form-data.server";
import { listRequests } from "~/server/notify/requests.server";
import { NotifyRequestList } from "~/components/notify/NotifyRequestList";
import { attempt, invalid, pageAction, refused } from "~/server/http/page-actions.server";
import { answerMessage, type ActionAnswer } from "~/lib/action-answer";
import { walletOf } from "~/server/wallet/ledger.server";
import { WalletPanel } from "~/components/wallet/WalletPanel";

export const meta: MetaFunction = () => [{ title: "Profile | FreshDash" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [notify, wallet] = await Promise.all([listRequests(context, { userId: user.id, email: user.email }), walletOf(context, user.id, 20)]);
  return data({ user, notify, wallet });
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireUser(request, context);
  const isUpload = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  if (isUpload) {
    const uploaded = await attempt(async () => {
      const form = await readUploadForm(request, context, { scope: "avatar", maxBytes: AVATAR_MAX_BYTES });
      const image = await prepareImage(form.get("avatar"), { maxBytes: AVATAR_MAX_BYTES, prefix: "avatars" });
      await withStoredImages(context, [image], () => setAvatar(context, user.id, image.url));
    });
    if (!uploaded.ok) return refused(uploaded.error, { extra: { form: "avatar" } });
    return redirectWithToast(context, "/dashboard/profile", { type: "success", text: "Avatar updated" });
  }
  const submission = parseWithZod(await readFormData(request), { schema: profileSchema });
  const hide = { hideFields: ["currentPassword"] };
  if (submission.status !== "success") return invalid(submission, hide);
  const updated = await attempt(() => updateProfile(request, context, user, submission.value));
  if (!updated.ok) return refused(updated.error, { submission, ...hide });
  return redirectWithToast(context, "/dashboard/profile", { type: "success", text: "Profile updated successfully" });
});

/** The profile form's answer, or the avatar upload's (`form: "avatar"`). */
type ProfileAnswer = ActionAnswer<{ form?: "avatar" }>;
const avatarErrorOf = (answer: ProfileAnswer | undefined) => (answer?.form === "avatar" ? answerMessage(answer) : null);

export default function Profile() {
  const { user, notify, wallet } = useLoaderData<typeof loader>();
  // Typed by hand: Remix's inference keeps only the plainest of several refusal shapes.
  const actionData = useActionData<ProfileAnswer>();
  const navigation = useNavigation();
  const avatarFetcher = useFetcher<ProfileAnswer>();
  const hydrated = useHydrated();
  const uploading = avatarFetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formEncType === "multipart/form-data");
  const avatarError = avatarErrorOf(avatarFetcher.data) ?? avatarErrorOf(actionData);

  return (
    <section aria-labelledby="profile-title" className="grid max-w-lg gap-6">
      <h1 id="profile-title" className="text-lg font-semibold">
        Profile
      </h1>
      <div className="flex items-center gap-4">
        {user.avatar ? (
          <img src={user.avatar} alt={`${user.name}'s avatar`} width={80} height={80} className="h-20 w-20 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-20 w-20 items-center justify-center rounded-full bg-neutral-200 text-2xl font-semibold">
            {user.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <avatarFetcher.Form method="post" encType="multipart/form-data" className="grid min-w-0 gap-2">
          <label htmlFor="avatar" className="text-sm font-medium">
            Change avatar
          </label>
          <input
            id="avatar"
            name="avatar"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            required
            onChange={(e) => hydrated && e.currentTarget.form && avatarFetcher.submit(e.currentTarget.form)}
            // A file input is ~300 px wide by itself: beside the avatar it pushed a 390 px phone sideways.
            className="w-full min-w-0 text-sm"
          />
          {hydrated ? (
            uploading ? (
              <p role="status">Loading...</p>
            ) : null
          ) : (
            <button type="submit" className="w-fit rounded border border-brand px-3 py-1 text-sm text-brand hover:bg-brand hover:text-white">
              Upload
            </button>
          )}
          {avatarError ? (
            <p role="alert" className="text-sm text-red-600">
              {avatarError}
            </p>
          ) : null}
        </avatarFetcher.Form>
      </div>
      {/* Remounts when the saved values change, so the form shows what the server stored. */}
      <ProfileForm key={`${user.name}|${user.email}|${user.mobile}`} user={user} lastResult={actionData?.result} />
      <NotifyRequestList open={notify.open} closed={notify.closed} />
      <WalletPanel balance={wallet.balance} entries={wallet.entries} />
    </section>
  );
}

function ProfileForm({
  user,
  lastResult,
}: {
  user: { name: string; email: string; mobile: string };
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const hydrated = useHydrated();
  const [emailChanged, setEmailChanged] = useState(false);
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: { name: user.name, email: user.email, mobile: user.mobile },
    constraint: getZodConstraint(profileSchema),
    shouldValidate: "onBlur",
    // A fixed field clears its error while typing: clearing it on blur would move the Submit button
    // between mouse down and up, and the click would be lost.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-3"
      onChange={(e) =>
        setEmailChanged(
          String(new FormData(e.currentTarget).get("email") ?? "")
            .trim()
            .toLowerCase() !== user.email,
        )
      }
    >
      <FormErrors errors={form.errors} />
      <FormField label="Name" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} id={fields.name.id} />
      <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} id={fields.email.id} />
      {/* Needed only for a new email: always there without JavaScript, shown once the email changes with it. */}
      {!hydrated || emailChanged || fields.currentPassword.errors ? (
        <div className="grid gap-1">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            errors={fields.currentPassword.errors}
            {...getInputProps(fields.currentPassword, { type: "password" })}
            id={fields.currentPassword.id}
          />
          <p className="text-xs text-neutral-500">Needed only to change your email.</p>
        </div>
      ) : null}
      <FormField
        label="Mobile"
        autoComplete="tel-national"
        inputMode="tel"
        errors={fields.mobile.errors}
        {...getInputProps(fields.mobile, { type: "tel" })}
        id={fields.mobile.id}
      />
      <SubmitButton pendingText="Saving…">Submit</SubmitButton>
    </Form>
  );
}
