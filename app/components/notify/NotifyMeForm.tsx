import { Form } from "@remix-run/react";

/** The page-level form (rendered once by CartController) that out-of-stock cards' buttons submit. */
export const NOTIFY_CARD_FORM = "notify-card";

/** A card's one-tap "Notify me": a button of the page's one notify form, as the cart buttons are. */
export function NotifyCardButton({ productId, productName }: { productId: string; productName: string }) {
  return (
    <button
      type="submit"
      form={NOTIFY_CARD_FORM}
      name="productId"
      value={productId}
      aria-label={`Notify me when ${productName} is back`}
      // Positioned, so it sits above the card's stretched link (which would otherwise take the tap).
      className="relative min-h-11 rounded-md border border-brand px-2 text-sm font-semibold text-brand"
    >
      Notify me
    </button>
  );
}

/**
 * "Notify me" for a product out of stock at the shopper's store (decision 032): a plain form to
 * /notify that answers 303 back here. Signed in: one tap; once asked, it says so with an undo. A
 * guest gives an email and is told by the message only: their request is never named on the page,
 * they cancel by the link in the mail (decision 046). `compact`: a card's one-tap button (a guest is
 * sent to the product page).
 */
export function NotifyMeForm({
  productId,
  productName,
  requestId,
  signedIn,
  redirectTo,
  compact = false,
}: {
  productId: string;
  productName: string;
  requestId: string | null;
  signedIn: boolean;
  /** Where to come back to; null: the page the form was on (its Referer). */
  redirectTo: string | null;
  compact?: boolean;
}) {
  if (requestId) {
    return (
      <Form method="post" action="/notify" className="flex flex-wrap items-center gap-2" aria-label={`Notify me about ${productName}`}>
        <p role="status" className="text-sm font-medium text-green-800">
          We&apos;ll tell you when it&apos;s back
        </p>
        <input type="hidden" name="intent" value="notify-cancel" />
        <input type="hidden" name="id" value={requestId} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <button type="submit" className="min-h-11 px-2 text-sm font-semibold text-brand underline" aria-label={`Undo: don't tell me about ${productName}`}>
          Undo
        </button>
      </Form>
    );
  }
  return (
    <Form
      method="post"
      action="/notify"
      className={compact ? "" : "grid max-w-sm gap-2"}
      id={compact ? undefined : "notify-me"}
      aria-label={`Notify me about ${productName}`}
    >
      <input type="hidden" name="intent" value="notify-me" />
      <input type="hidden" name="productId" value={productId} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {!signedIn && !compact ? (
        <label className="grid gap-1 text-sm">
          <span>Your email</span>
          <input type="email" name="email" required autoComplete="email" maxLength={254} className="h-11 rounded-md border border-neutral-300 px-3" />
        </label>
      ) : null}
      <button
        type="submit"
        aria-label={`Notify me when ${productName} is back`}
        className={
          compact
            ? "relative min-h-11 rounded-md border border-brand px-2 text-sm font-semibold text-brand"
            : "min-h-11 rounded-md border border-brand font-semibold text-brand hover:bg-brand hover:text-white"
        }
      >
        Notify me
      </button>
    </Form>
  );
}
