import { Form, useNavigation } from "@remix-run/react";
import { REFUND_DESTINATION_LABELS, REPORT_COMMENT_MAX, type OrderReportsView } from "~/lib/reports";
import { ReportItemRow } from "./ReportItemRow";

/**
 * "Report an issue" (decision 050): a plain multipart POST form (intent "report"), one row per item
 * that can still be reported, an optional photo, a comment and where the refund goes. Answered 303
 * back to the order with a toast, or with the reason and what was typed (the photo must be chosen
 * again). Works the same without JavaScript.
 */
export function ReportIssueForm({ view, refused }: { view: OrderReportsView; refused: { error: string; typed: Record<string, string> } | null }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "report";
  const typed = refused?.typed ?? null;
  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset className="grid gap-3" aria-describedby={refused ? "report-error" : undefined}>
      <input type="hidden" name="intent" value="report" />
      <fieldset className="grid">
        <legend className="mb-1">Which items, how many, and what went wrong</legend>
        <ul className="grid">
          {view.reportable.map((item) => (
            <ReportItemRow key={item.productId} item={item} typed={typed} />
          ))}
        </ul>
      </fieldset>
      <label className="grid gap-1">
        <span>Photo (optional: JPEG, PNG or WebP, at most 5 MB)</span>
        <input type="file" name="photo" accept="image/jpeg,image/png,image/webp" className="text-sm" />
      </label>
      <label className="grid gap-1">
        <span>What happened (optional, at most {REPORT_COMMENT_MAX} characters)</span>
        <textarea name="comment" rows={3} maxLength={REPORT_COMMENT_MAX} defaultValue={typed?.comment ?? ""} className="rounded-md border border-neutral-300 p-2" />
      </label>
      {view.online ? (
        <fieldset className="grid gap-1">
          <legend className="mb-1">Refund to</legend>
          {(["wallet", "original"] as const).map((to) => (
            <label key={to} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="refundTo" value={to} defaultChecked={(typed?.refundTo || "wallet") === to} />
              <span>{REFUND_DESTINATION_LABELS[to]}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-neutral-700">A refund for a cash order goes to your FreshDash wallet, ready for your next order.</p>
      )}
      {refused ? (
        <p id="report-error" role="alert" className="text-red-700">
          {refused.error}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          disabled={pending}
          className="min-h-11 rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-60"
        >
          {pending ? "Sending…" : "Send report"}
        </button>
      </div>
    </Form>
  );
}
