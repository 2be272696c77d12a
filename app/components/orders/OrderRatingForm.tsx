import { lazy, Suspense, type ComponentProps } from "react";

/**
 * Only a delivered order is rated: the form (OrderRatingFields) is a chunk of its own, fetched only
 * then. The server renders it whole (documents are sent complete), so it works without JavaScript
 * (client JS budget, decision 051).
 */
const OrderRatingFields = lazy(() => import("~/components/orders/OrderRatingFields").then((module) => ({ default: module.OrderRatingFields })));

export function OrderRatingForm(props: ComponentProps<typeof OrderRatingFields>) {
  return (
    <Suspense fallback={null}>
      <OrderRatingFields {...props} />
    </Suspense>
  );
}
