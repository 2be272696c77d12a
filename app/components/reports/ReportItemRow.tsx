import { formatINR } from "~/lib/money";
import { quantityField, reasonField, REPORT_REASON_CHOICES, REPORT_REASON_LABELS, type ReportableItem } from "~/lib/reports";

/**
 * One item the shopper can report: how many (0 = not this one, up to what can still be reported)
 * and what went wrong. Plain selects, so the form works without JavaScript.
 */
export function ReportItemRow({ item, typed }: { item: ReportableItem; typed: Record<string, string> | null }) {
  const qtyId = `report-qty-${item.productId}`;
  const reasonId = `report-reason-${item.productId}`;
  return (
    <li className="grid gap-2 border-b border-neutral-100 py-2 last:border-b-0">
      <p>
        <span className="font-medium">{item.name}</span>
        {item.unit ? <span className="text-neutral-600"> · {item.unit}</span> : null}
        {item.replacing ? <span className="block text-xs text-neutral-600">Delivered in place of {item.replacing}</span> : null}
        <span className="block text-xs text-neutral-600">
          Up to {item.max} · {formatINR(item.unitValue)} each
        </span>
      </p>
      <div className="flex flex-wrap gap-3">
        <label htmlFor={qtyId} className="grid gap-1">
          <span className="text-xs text-neutral-700">How many</span>
          <select
            id={qtyId}
            name={quantityField(item.productId)}
            defaultValue={typed?.[quantityField(item.productId)] ?? "0"}
            className="min-h-11 rounded-md border border-neutral-300 bg-white px-2"
          >
            {Array.from({ length: item.max + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === 0 ? "None" : n}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={reasonId} className="grid flex-1 gap-1">
          <span className="text-xs text-neutral-700">What went wrong</span>
          <select
            id={reasonId}
            name={reasonField(item.productId)}
            defaultValue={typed?.[reasonField(item.productId)] ?? ""}
            className="min-h-11 rounded-md border border-neutral-300 bg-white px-2"
          >
            <option value="">Choose…</option>
            {REPORT_REASON_CHOICES.map((reason) => (
              <option key={reason} value={reason}>
                {REPORT_REASON_LABELS[reason]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </li>
  );
}
