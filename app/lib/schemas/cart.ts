import * as z from "zod";
import { ID_PATTERN } from "../ids";

/** Largest quantity of one product in a cart; stock caps it further on the server. */
export const MAX_LINE_QUANTITY = 50;

/** Most different products in one cart, and so in one order (each line is a few D1 statements). */
export const MAX_CART_LINES = 100;

const productIdSchema = z.string({ error: "productId is required" }).trim().regex(ID_PATTERN, "productId is not a valid product id");

/** The one cart action (page forms and fetchers): an intent and a product. */
export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId: productIdSchema, redirectTo: z.string().optional() }),
  z.object({ intent: z.literal("increment"), productId: productIdSchema, redirectTo: z.string().optional() }),
  z.object({ intent: z.literal("decrement"), productId: productIdSchema, redirectTo: z.string().optional() }),
  z.object({ intent: z.literal("remove"), productId: productIdSchema, redirectTo: z.string().optional() }),
]);

/** POST /api/cart/create */
export const apiCartCreateSchema = z.object({ productId: productIdSchema });

/** PUT /api/cart/update-qty: `_id` is the cart item id; qty ≥ 1 (delete-cart-item removes). */
export const apiCartUpdateQtySchema = z.object({
  _id: z.string({ error: "_id is required" }).regex(ID_PATTERN, "_id is not a valid cart item id"),
  qty: z
    .number({ error: "qty must be a number" })
    .int("qty must be a whole number")
    .min(1, "qty must be at least 1")
    .max(MAX_LINE_QUANTITY, `qty can be at most ${MAX_LINE_QUANTITY}`),
});

/** DELETE /api/cart/delete-cart-item */
export const apiCartDeleteSchema = z.object({
  _id: z.string({ error: "_id is required" }).regex(ID_PATTERN, "_id is not a valid cart item id"),
});
