import { formatINR } from "~/lib/money";

export interface OrderItem {
  productId: string | null;
  name: string;
  image: string;
  unit: string;
  quantity: number;
  finalPrice: number;
}

/** An order's lines as snapshotted when it was placed. */
export function OrderItems({ items }: { items: OrderItem[] }) {
  return (
    <ul className="grid gap-2">
      {items.map((item, i) => (
        <li key={`${item.productId}-${i}`} className="flex items-center gap-3">
          <img
            src={item.image || "/favicon.ico"}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="h-12 w-12 rounded border border-neutral-200 object-contain"
          />
          <span className="flex-1">
            {item.name} <span className="text-neutral-500">({item.unit})</span> × {item.quantity}
          </span>
          <span>{formatINR(item.finalPrice * item.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}
