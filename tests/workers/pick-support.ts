import { env } from "cloudflare:test";

/**
 * Test set-up for a pick (decision 042: no line is picked above its confirmed units): every line of
 * the order not confirmed yet is confirmed in full, by hand, by nobody in particular. Tests of the
 * confirmation itself go through /api/order/pick/confirm and the pick page (pick-scan.test.ts).
 */
export async function confirmAllLines(orderId: string) {
  await env.DB.prepare(
    `insert into pick_confirmations (id, order_id, order_item_id, product_id, store_id, units, method, user_id, created_at)
     select lower(hex(randomblob(12))), i.order_id, i.id, i.product_id, o.store_id, i.quantity, 'manual', null, 0
     from order_items i join orders o on o.id = i.order_id
     where i.order_id = ?1 and not exists (select 1 from pick_confirmations c where c.order_item_id = i.id)`,
  )
    .bind(orderId)
    .run();
}
