/** The /api/cart JSON shapes: items embed `productId` as the product (spec section 3). */
import { paiseToRupees } from "~/lib/money";
import type { Cart } from "./cart.server";

export function serializeCart(cart: Cart, userId: string) {
  return cart.lines.map((line) => ({
    _id: line.cartItemId,
    userId,
    quantity: line.quantity,
    productId: {
      _id: line.productId,
      name: line.name,
      unit: line.unit,
      image: line.image ? [line.image] : [],
      price: paiseToRupees(line.price),
      discount: line.discount,
      stock: line.stock,
    },
  }));
}

export function serializeBill(cart: Cart) {
  const b = cart.bill;
  return {
    totalQty: b.quantityTotal,
    totalPrice: paiseToRupees(b.itemsTotal),
    notDiscountTotalPrice: paiseToRupees(b.undiscountedTotal),
    savings: paiseToRupees(b.savings),
    deliveryCharge: paiseToRupees(b.deliveryCharge),
    grandTotal: paiseToRupees(b.grandTotal),
  };
}
