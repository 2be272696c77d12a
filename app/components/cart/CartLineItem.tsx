import { formatINR } from "~/lib/money";
import { unitPrice, type CartViewLine } from "~/lib/cart-view";
import { useCartControls } from "~/lib/hooks/use-cart-controls";
import { useLocation } from "@remix-run/react";
import { NotifyMeForm } from "~/components/notify/NotifyMeForm";
import { CartQuantityControl } from "./CartQuantityControl";

export function CartLineItem({ line }: { line: CartViewLine }) {
  const final = unitPrice(line);
  const { hydrated } = useCartControls();
  const here = useLocation();
  return (
    <li className="flex items-center gap-3 py-3">
      <img
        src={line.image || "/favicon.ico"}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        className="h-16 w-16 shrink-0 rounded-md border border-neutral-200 bg-neutral-50 object-contain"
      />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm font-medium">{line.name}</p>
        <p className="text-xs text-neutral-500">{line.unit}</p>
        <p className="text-sm font-semibold">
          {formatINR(final)}
          {final < line.price ? <s className="ml-2 text-xs font-normal text-neutral-500">{formatINR(line.price)}</s> : null}
        </p>
        {line.stock <= 0 ? (
          <div className="mt-1 grid gap-1">
            <p className="text-xs font-medium text-red-600">Sold out at your store</p>
            <NotifyMeForm productId={line.productId} productName={line.name} requestId={null} signedIn redirectTo={`${here.pathname}${here.search}`} compact />
          </div>
        ) : null}
      </div>
      <div className="w-24 shrink-0">
        <CartQuantityControl productId={line.productId} productName={line.name} quantity={line.quantity} stock={line.stock} limitAtStock={hydrated} size="sm" />
      </div>
    </li>
  );
}
