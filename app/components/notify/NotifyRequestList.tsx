import { Form, Link } from "@remix-run/react";
import { productPath } from "~/lib/slugs";

export interface NotifyRequestItem {
  id: string;
  status: string;
  productId: string;
  productName: string;
  unit: string;
  storeName: string;
  createdAt: number;
}

const STATUS_TEXT: Record<string, string> = { sent: "Mailed: it was back", cancelled: "Cancelled", expired: "Expired after 90 days", sending: "Being mailed" };

/** The account page's "Notify me" requests: waiting ones with a cancel form each, then the latest closed. */
export function NotifyRequestList({ open, closed }: { open: NotifyRequestItem[]; closed: NotifyRequestItem[] }) {
  return (
    <section id="notify-me" aria-labelledby="notify-me-title" className="grid gap-3">
      <h2 id="notify-me-title" className="text-lg font-semibold">
        Back-in-stock alerts
      </h2>
      {open.length ? (
        <ul aria-label="Waiting" className="grid gap-2">
          {open.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-3 rounded-md border border-neutral-200 p-2 text-sm">
              <span>
                <Link to={productPath({ id: r.productId, name: r.productName })} className="font-medium underline">
                  {r.productName}
                </Link>{" "}
                ({r.unit}) at {r.storeName}
              </span>
              {r.status === "open" ? (
                <Form method="post" action="/notify">
                  <input type="hidden" name="intent" value="notify-cancel" />
                  <input type="hidden" name="id" value={r.id} />
                  <input type="hidden" name="redirectTo" value="/dashboard/profile#notify-me" />
                  <button type="submit" className="font-semibold text-brand underline" aria-label={`Cancel the alert for ${r.productName}`}>
                    Cancel
                  </button>
                </Form>
              ) : (
                <span>{STATUS_TEXT[r.status]}</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">You are not waiting for any product. Tap &quot;Notify me&quot; on one that is out of stock.</p>
      )}
      {closed.length ? (
        <ul aria-label="Closed" className="grid gap-1 text-sm text-neutral-600">
          {closed.map((r) => (
            <li key={r.id}>
              {r.productName} at {r.storeName}: {STATUS_TEXT[r.status] ?? r.status}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
