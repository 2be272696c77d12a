import { Form, useNavigation } from "@remix-run/react";

/**
 * Who is picking a queued order (decision 047): their name, or a "Start picking" button that claims
 * the order and opens its pick list (a plain POST form to the queue's action).
 */
export function QueueClaim({ orderId, claimedByName, claimedById }: { orderId: string; claimedById: string | null; claimedByName: string | null }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent") === "claim" && navigation.formData.get("orderId") === orderId;
  if (claimedById) {
    return (
      <span className="block text-xs text-neutral-700" data-testid="queue-claim">
        Picking: <strong>{claimedByName || "a former staff member"}</strong>
      </span>
    );
  }
  return (
    <Form method="post" className="mt-1">
      <input type="hidden" name="intent" value="claim" />
      <input type="hidden" name="orderId" value={orderId} />
      <button
        type="submit"
        disabled={pending}
        className="min-h-11 rounded-md bg-brand px-3 py-1 text-xs font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
      >
        {pending ? "Claiming…" : "Start picking"}
      </button>
    </Form>
  );
}
