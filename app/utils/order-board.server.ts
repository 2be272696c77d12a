/**
 * The admin order board's query: newest first, filtered by status (or "needs attention") and
 * searched by order number, shopper email or mobile. One statement: lines and history come back as
 * JSON arrays per order, so the page costs one D1 round trip.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { BOARD_PAGE_SIZE, type BoardFilter } from "~/lib/schemas/fulfilment";
import { getD1 } from "./db.server";
import { ORDER_COLUMNS, toSummary, type OrderRow, type OrderSummary } from "./orders.server";

export interface BoardOrder extends Omit<OrderSummary, "history"> {
  history: (OrderSummary["history"][number] & { by: string | null })[];
  shopper: { name: string; email: string; mobile: string | null };
}

export async function listBoardOrders(
  context: AppLoadContext,
  { status, q }: { status: BoardFilter; q: string },
): Promise<BoardOrder[]> {
  // instr(), not LIKE: no wildcard to escape and no pattern-length limit (D1 refuses LIKE patterns
  // over 50 bytes), so any text typed in the box is a plain substring search.
  const needle = q.toLowerCase();
  const digits = q.replace(/\D/g, "");
  const { results } = await getD1(context)
    .prepare(
      `select ${ORDER_COLUMNS}, u.name as shopperName, u.email as shopperEmail, u.mobile as shopperMobile,
              (select json_group_array(json_object('id', id, 'productId', product_id, 'name', name, 'image', image, 'unit', unit,
                        'quantity', quantity, 'price', unit_price, 'finalPrice', unit_final_price))
                 from (select * from order_items where order_id = o.id order by rowid)) as itemsJson,
              (select json_group_array(json_object('status', status, 'createdAt', created_at, 'note', note,
                        'by', (select name from users where id = actor_user_id)))
                 from (select * from order_status_history where order_id = o.id order by created_at, rowid)) as historyJson
         from orders o join users u on u.id = o.user_id
        where (?1 = 'all' or (?1 = 'attention' and o.needs_attention = 1) or o.status = ?1)
          and (?2 = '' or instr(lower(o.order_id), ?2) > 0 or instr(lower(u.email), ?2) > 0
               or (length(?3) >= 4 and (instr(u.mobile, ?3) > 0 or instr(json_extract(o.delivery_address, '$.mobile'), ?3) > 0)))
        order by o.created_at desc, o.id desc
        limit ${BOARD_PAGE_SIZE}`,
    )
    .bind(status, needle, digits)
    .all<OrderRow & { shopperName: string; shopperEmail: string; shopperMobile: string | null; itemsJson: string; historyJson: string }>();
  return results.map(({ shopperName, shopperEmail, shopperMobile, itemsJson, historyJson, ...row }) => {
    const history = JSON.parse(historyJson) as BoardOrder["history"];
    return {
      ...toSummary(row, JSON.parse(itemsJson) as OrderSummary["items"], history),
      history,
      shopper: { name: shopperName, email: shopperEmail, mobile: shopperMobile },
    };
  });
}
