const ONLINE_STATES: Record<string, string> = {
  PENDING: "awaiting payment",
  PAID: "paid",
  FAILED: "not paid",
  REFUNDED: "refunded",
  REFUND_FAILED: "refund being checked",
};

/** How the order is paid, and where the money stands. */
export function OrderPayment({ order }: { order: { paymentMethod: "COD" | "ONLINE"; paymentStatus: string; status: string } }) {
  if (order.paymentMethod === "COD") {
    return <span>Cash on Delivery{order.status === "delivered" ? " (paid)" : ""}</span>;
  }
  return <span>Online Payment ({ONLINE_STATES[order.paymentStatus] ?? order.paymentStatus.toLowerCase()})</span>;
}
