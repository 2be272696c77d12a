import { formatINR } from "~/lib/money";

export interface OrderItem {
  productId: string | null;
  name: string;
  image: string;
  unit: string;
  quantity: number;
  finalPrice: number;
  /** After the pick (decision 027): units picked, and what replaced the missing ones. */
  picked?: number | null;
  replacedByName?: string | null;
  replacedByQuantity?: number;
  replacedByUnitPrice?: number;
}

/** An order's lines as snapshotted when it was placed, with what the store picked, was short of and replaced. */
export function OrderItems({ items }: { items: OrderItem[] }) {
  return (
    <ul className="grid gap-2">
      {items.map((item, i) => {
        const picked = item.picked ?? item.quantity;
        const short = picked < item.quantity;
        return (
          <li key={`${item.productId}-${i}`} className="grid gap-1">
            <div className="flex items-center gap-3">
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
                {short ? (
                  <span className="block text-xs font-medium text-amber-800">
                    {picked === 0 ? "Out of stock: none" : `Only ${picked}`} packed, {item.quantity - picked} short
                  </span>
                ) : null}
              </span>
              <span>
                {short ? <s className="mr-1 text-neutral-500">{formatINR(item.finalPrice * item.quantity)}</s> : null}
                {formatINR(item.finalPrice * picked)}
              </span>
            </div>
            {item.replacedByName && item.replacedByQuantity ? (
              <p className="ml-[60px] flex justify-between gap-2 text-xs">
                <span>
                  Replaced with {item.replacedByName} × {item.replacedByQuantity}
                </span>
                <span>{formatINR((item.replacedByUnitPrice ?? 0) * item.replacedByQuantity)}</span>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
