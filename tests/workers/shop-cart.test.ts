import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, makeProduct, newShopper } from "./api-client";

describe("/api/cart", () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await newShopper());
  });

  it("needs a login", async () => {
    const res = await api("/api/cart/get");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: true, success: false });
  });

  it("adds, reads with the product embedded, updates and deletes an item", async () => {
    const product = await makeProduct({ stock: 5, price: 150, discount: 5 });
    const created = await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    expect(created.status).toBe(200);
    expect(created.body.data.quantity).toBe(1);
    const again = await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    expect(again.body.data.quantity).toBe(2);

    const cart = await api("/api/cart/get", { token });
    expect(cart.status).toBe(200);
    const item = cart.body.data.find((i: any) => i.productId._id === product.id);
    expect(item).toMatchObject({ quantity: 2, productId: { _id: product.id, name: product.name, price: 150, discount: 5 } });
    expect(item._id).toMatch(/^[0-9a-f]{24}$/);

    const updated = await api("/api/cart/update-qty", { method: "PUT", token, body: { _id: item._id, qty: 4 } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.quantity).toBe(4);

    const deleted = await api("/api/cart/delete-cart-item", { method: "DELETE", token, body: { _id: item._id } });
    expect(deleted.status).toBe(200);
    const after = await api("/api/cart/get", { token });
    expect(after.body.data.find((i: any) => i.productId._id === product.id)).toBeUndefined();
  });

  it("refuses bad quantities with 400 and changes nothing", async () => {
    const product = await makeProduct({ stock: 3 });
    await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    const item = (await api("/api/cart/get", { token })).body.data.find((i: any) => i.productId._id === product.id);
    for (const qty of [-1, 0, 1.5, "two", null, 1e9]) {
      const res = await api("/api/cart/update-qty", { method: "PUT", token, body: { _id: item._id, qty } });
      expect(res.status, `qty ${qty}`).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const cart = await api("/api/cart/get", { token });
    expect(cart.body.data.find((i: any) => i._id === item._id).quantity).toBe(1);
  });

  it("never lets a quantity pass the stock (409)", async () => {
    const product = await makeProduct({ stock: 2 });
    await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    const third = await api("/api/cart/create", { method: "POST", token, body: { productId: product.id } });
    expect(third.status).toBe(409);
    expect(third.body.message).toContain(product.name);
    const item = (await api("/api/cart/get", { token })).body.data.find((i: any) => i.productId._id === product.id);
    expect(item.quantity).toBe(2);
    const tooMany = await api("/api/cart/update-qty", { method: "PUT", token, body: { _id: item._id, qty: 3 } });
    expect(tooMany.status).toBe(409);
    const after = (await api("/api/cart/get", { token })).body.data.find((i: any) => i._id === item._id);
    expect(after.quantity).toBe(2);
  });

  it("refuses out-of-stock and unknown products", async () => {
    const soldOut = await env.DB.prepare(
      "select product_id as id from store_stock where stock = 0 and store_id = (select id from stores where is_default = 1) limit 1",
    ).first<{ id: string }>();
    const res = await api("/api/cart/create", { method: "POST", token, body: { productId: soldOut!.id } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/out of stock/);
    const unknown = await api("/api/cart/create", { method: "POST", token, body: { productId: "0".repeat(24) } });
    expect(unknown.status).toBe(404);
    const malformed = await api("/api/cart/create", { method: "POST", token, body: { productId: "not-an-id" } });
    expect(malformed.status).toBe(400);
    const badJson = await api("/api/cart/create", { method: "POST", token, body: "{nope" });
    expect(badJson.status).toBe(400);
    const cart = (await api("/api/cart/get", { token })).body.data.map((i: any) => i.productId._id);
    expect(cart).not.toContain(soldOut!.id);
    const rows = await env.DB.prepare("select count(*) as n from cart_items where product_id in (?, ?)")
      .bind(soldOut!.id, "0".repeat(24))
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });

  it("keeps each shopper to their own items (404 for another's id)", async () => {
    const other = await newShopper();
    const product = await makeProduct({ stock: 5 });
    await api("/api/cart/create", { method: "POST", token: other.token, body: { productId: product.id } });
    const theirItem = (await api("/api/cart/get", { token: other.token })).body.data[0];
    // A quantity the owner's line does not have, so a wrongly applied update would show.
    const update = await api("/api/cart/update-qty", { method: "PUT", token, body: { _id: theirItem._id, qty: 4 } });
    expect(update.status).toBe(404);
    const del = await api("/api/cart/delete-cart-item", { method: "DELETE", token, body: { _id: theirItem._id } });
    expect(del.status).toBe(404);
    expect((await api("/api/cart/get", { token: other.token })).body.data).toEqual([expect.objectContaining({ _id: theirItem._id, quantity: 1 })]);
  });

  it("answers wrong methods with 405", async () => {
    expect((await api("/api/cart/create", { token })).status).toBe(405);
    expect((await api("/api/cart/update-qty", { method: "POST", token, body: {} })).status).toBe(405);
  });
});
