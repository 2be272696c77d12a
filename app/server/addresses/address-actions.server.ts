/**
 * The address intents (create-address, update-address, disable-address) shared by the address book
 * and checkout, so both post to the route that renders the form. Success: 303 with a flash.
 * Invalid input or a pincode the store does not know: the refusal with the form's `result` (the
 * entered values kept) and the `intent` that opened its dialog, status 400.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addressIdSchema, addressSchema } from "~/lib/schemas/address";
import { createAddress, disableAddress, updateAddress } from "./addresses.server";
import { attempt, invalid, refused } from "~/server/http/page-actions.server";
import { redirectWithToast, safeRedirect } from "~/server/http/toast.server";

export const ADDRESS_INTENTS = ["create-address", "update-address", "disable-address"] as const;

export async function handleAddressIntent(context: AppLoadContext, userId: string, form: FormData, fallbackRedirect: string) {
  const intent = form.get("intent");
  const back = safeRedirect(form.get("redirectTo"), fallbackRedirect);

  if (intent === "disable-address") {
    const id = addressIdSchema.safeParse(form.get("_id"));
    if (!id.success || !(await disableAddress(context, userId, id.data))) {
      return redirectWithToast(context, back, { type: "error", text: "Address not found" }, { status: 303 });
    }
    return redirectWithToast(context, back, { type: "success", text: "Address Remove" });
  }

  const submission = parseWithZod(form, { schema: addressSchema });
  if (submission.status !== "success") return invalid(submission, { extra: { intent: String(intent) } });
  const input = submission.value;
  if (intent === "update-address") {
    const id = addressIdSchema.safeParse(form.get("_id"));
    const updated = await attempt(() => (id.success ? updateAddress(context, userId, id.data, input) : Promise.resolve(null)));
    if (!updated.ok) return refused(updated.error, { submission, extra: { intent } });
    if (!updated.value) return redirectWithToast(context, back, { type: "error", text: "Address not found" });
    return redirectWithToast(context, back, { type: "success", text: "Address Updated Successfully" });
  }
  const created = await attempt(() => createAddress(context, userId, input));
  if (!created.ok) return refused(created.error, { submission, extra: { intent: String(intent) } });
  return redirectWithToast(context, back, { type: "success", text: "Address Created Successfully" });
}
