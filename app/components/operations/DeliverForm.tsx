import { Form } from "@remix-run/react";

/**
 * Delivered: the rider types the shopper's 4-digit code; `triesLeft` of 0 means only an admin can
 * finish it. `orderId` names the order when one page lists several (the rider's deliveries).
 */
export function DeliverForm({ triesLeft, error, orderId }: { triesLeft: number; error?: string | null; orderId?: string }) {
  const titleId = orderId ? `deliver-title-${orderId}` : "deliver-title";
  const helpId = orderId ? `code-help-${orderId}` : "code-help";
  if (triesLeft <= 0) {
    return <p className="rounded bg-red-100 p-3 text-sm font-medium text-red-800">Too many wrong codes: call support. An admin can mark it delivered.</p>;
  }
  return (
    <Form method="post" className="grid gap-2 text-sm" aria-labelledby={titleId}>
      <h2 id={titleId} className="font-semibold">
        Mark delivered
      </h2>
      <input type="hidden" name="intent" value="deliver" />
      {orderId ? <input type="hidden" name="orderId" value={orderId} /> : null}
      <label className="grid gap-1">
        <span>Delivery code from the shopper</span>
        <input
          name="code"
          inputMode="numeric"
          pattern="[0-9]{4}"
          maxLength={4}
          required
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={helpId}
          className="h-10 w-32 rounded border border-neutral-300 px-2 font-mono text-lg tracking-widest"
        />
      </label>
      <p id={helpId} className="text-xs text-neutral-600">
        {triesLeft} {triesLeft === 1 ? "try" : "tries"} left.
      </p>
      <button type="submit" className="h-10 rounded-md bg-brand px-4 font-semibold text-white hover:bg-brand-dark">
        Mark delivered
      </button>
    </Form>
  );
}
