/**
 * Riders and the till (docs/decisions/048-riders-and-the-till.md): a rider's own deliveries (page
 * and /api) with the address, the phone and the cash to collect; delivering from that page; cash
 * handovers recorded only by the store's managers and admins, exact amounts, once per idempotency
 * key; and the till per rider and day (collected − handed over) on the metrics page and its CSV.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { confirmAllLines } from "./pick-support";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { htmlText, pageGet, pagePost, sessionCookie } from "../security/support-admin";
import { todayInIst } from "~/lib/metrics-day";

let admin: string;
let storeId: string;
let otherStoreId: string;
let picker: Staff;

interface Staff {
  token: string;
  email: string;
  id: string;
}

const userId = async (email: string) => (await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;

async function staff(role: "picker" | "rider" | "manager", store = storeId): Promise<Staff> {
  const person = await newShopper();
  const res = await api("/api/store/staff", { method: "POST", token: admin, body: { storeId: store, email: person.email, role } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // A fresh login: the role rides on the session.
  return { token: await login(person.email, "Test@12345"), email: person.email, id: await userId(person.email) };
}

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  otherStoreId = (await env.DB.prepare("select id from stores where is_default = 0 order by name limit 1").first<{ id: string }>())!.id;
  picker = await staff("picker");
});

const ADDRESS = { ...VALID_ADDRESS, house: "Flat 4B", floor: "2nd", building: "Lake View Apartments", landmark: "Opposite the temple", recipient_name: "Asha" };

/** A cash order of 2 × ₹99.63 + 1 × ₹40 (₹239.26, collected as ₹239) at the default store. */
async function cashOrder() {
  const a = await makeProduct({ stock: 10, price: 99.63 });
  const b = await makeProduct({ stock: 10, price: 40 });
  const shopper = await newShopper();
  const address = await api("/api/address/create", { method: "POST", token: shopper.token, body: ADDRESS });
  expect(address.status, JSON.stringify(address.body)).toBeLessThan(300);
  const res = await api("/api/order/cash-on-delivery", {
    method: "POST",
    token: shopper.token,
    body: {
      list_items: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 1 },
      ],
      addressId: address.body.data._id,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.data._id as string, orderId: res.body.data.orderId as string, a, b, shopper };
}

/** Picks (`aPicked` of the 2 A's), marks ready and sends it out with `rider`. */
async function outWith(order: Awaited<ReturnType<typeof cashOrder>>, rider: Staff, aPicked = 2) {
  const lines = [
    { productId: order.a.id, picked: aPicked },
    { productId: order.b.id, picked: 1 },
  ];
  await confirmAllLines(order.id);
  expect((await api("/api/order/pick", { method: "POST", token: picker.token, body: { _id: order.id, lines } })).status).toBe(200);
  expect((await api("/api/order/ready", { method: "POST", token: picker.token, body: { _id: order.id } })).status).toBe(200);
  const sent = await api("/api/order/dispatch", { method: "POST", token: picker.token, body: { _id: order.id, rider: { userId: rider.id } } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

const codeOf = async (id: string) => (await env.DB.prepare("select delivery_code as code from orders where id = ?").bind(id).first<{ code: string }>())!.code;
const totalOf = async (id: string) => (await env.DB.prepare("select total from orders where id = ?").bind(id).first<{ total: number }>())!.total;

async function deliverViaApi(id: string, rider: Staff) {
  const res = await api("/api/order/deliver", { method: "POST", token: rider.token, body: { _id: id, code: await codeOf(id) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const deliveries = (token: string, query = "") => api(`/api/rider/deliveries${query}`, { token });

let keys = 0;
const newKey = () => `test-${Date.now()}-${keys++}`;
const handover = (token: string, body: Record<string, unknown>, key: string | null = newKey()) =>
  api("/api/store/cash-handover", { method: "POST", token, body, headers: key === null ? {} : { "Idempotency-Key": key } });
const handoverRows = async (riderId: string) =>
  (await env.DB.prepare("select count(*) as n from cash_handovers where rider_user_id = ?").bind(riderId).first<{ n: number }>())!.n;

describe("the rider's deliveries", () => {
  it("lists only the rider's own out-for-delivery orders at their store, with the address, phone and cash to collect", async () => {
    const rider = await staff("rider");
    const otherRider = await staff("rider");
    const mine = await cashOrder();
    const theirs = await cashOrder();
    const notYetOut = await cashOrder();
    await outWith(mine, rider, 1); // a short pick: 1 × ₹99.63 + ₹40 = ₹139.63 → ₹140 to collect
    await outWith(theirs, otherRider);

    const res = await deliveries(rider.token);
    expect(res.status).toBe(200);
    expect(res.body.data.riderId).toBe(rider.id);
    expect(res.body.data.storeId).toBe(storeId);
    const list = res.body.data.deliveries as any[];
    expect(list.map((d) => d._id)).toEqual([mine.id]);
    const d = list[0];
    expect(await totalOf(mine.id)).toBe(14000);
    expect(d.amountToCollect).toBe(140);
    expect(d.paidOnline).toBe(false);
    expect(d.payment_method).toBe("COD");
    expect(d.delivery_address).toMatchObject({ house: "Flat 4B", floor: "2nd", building: "Lake View Apartments", landmark: "Opposite the temple" });
    expect(d.mapLink).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(d.phone).toBe(VALID_ADDRESS.mobile);
    expect(d).not.toHaveProperty("delivery_code");
    expect(JSON.stringify(res.body)).not.toContain(await codeOf(mine.id));
    expect(list.some((x) => x._id === notYetOut.id)).toBe(false);

    // The other rider sees theirs, not this one.
    const other = await deliveries(otherRider.token);
    expect((other.body.data.deliveries as any[]).map((x) => x._id)).toEqual([theirs.id]);
  });

  it("says paid online for an online order, and shows nothing once delivered", async () => {
    const rider = await staff("rider");
    const order = await cashOrder();
    await outWith(order, rider);
    await env.DB.prepare("update orders set payment_method = 'ONLINE', payment_status = 'PAID' where id = ?").bind(order.id).run();
    const d = (await deliveries(rider.token)).body.data.deliveries[0];
    expect(d.amountToCollect).toBeNull();
    expect(d.paidOnline).toBe(true);
    const page = htmlText(await (await pageGet(`/dashboard/stores/${storeId}/deliveries`, await sessionCookie(rider.email))).text());
    expect(page).toContain("Paid online");
    await deliverViaApi(order.id, rider);
    expect((await deliveries(rider.token)).body.data.deliveries).toEqual([]);
  });

  it("refuses another rider's list or another store to staff (403), lets admins ask for any rider, and shoppers none", async () => {
    const rider = await staff("rider");
    const otherRider = await staff("rider");
    const order = await cashOrder();
    await outWith(order, otherRider);
    expect((await deliveries(rider.token, `?riderId=${otherRider.id}`)).status).toBe(403);
    expect((await deliveries(rider.token, `?storeId=${otherStoreId}`)).status).toBe(403);
    expect((await deliveries(rider.token, `?storeId=${storeId}`)).status).toBe(200);
    expect((await deliveries(rider.token, "?riderId=nope")).status).toBe(400);
    const asAdmin = await deliveries(admin, `?storeId=${storeId}&riderId=${otherRider.id}`);
    expect(asAdmin.status).toBe(200);
    expect((asAdmin.body.data.deliveries as any[]).map((d) => d._id)).toEqual([order.id]);
    expect((await deliveries(admin, `?storeId=${otherStoreId}&riderId=${otherRider.id}`)).body.data.deliveries).toEqual([]);
    const shopper = await newShopper();
    expect((await deliveries(shopper.token)).status).toBe(403);
    // A rider of another store sees nothing of this one's orders.
    const away = await staff("rider", otherStoreId);
    expect((await deliveries(away.token)).body.data.deliveries).toEqual([]);
    expect((await deliveries(away.token, `?storeId=${storeId}`)).status).toBe(403);
  });

  it("shows the page with the address, a tel: link and the amount, and delivers with the code without JavaScript", async () => {
    const rider = await staff("rider");
    const order = await cashOrder();
    await outWith(order, rider);
    const cookie = await sessionCookie(rider.email);
    const path = `/dashboard/stores/${storeId}/deliveries`;
    const html = await (await pageGet(path, cookie)).text();
    const text = htmlText(html);
    expect(text).toContain(`Order ${order.orderId}`);
    expect(text).toContain("Collect ₹239 cash");
    expect(text).toContain("Flat 4B, 2nd floor, Lake View Apartments");
    expect(text).toContain("Near Opposite the temple");
    expect(html).toContain(`href="tel:${VALID_ADDRESS.mobile}"`);
    expect(html).toContain("https://www.google.com/maps/search/?api=1&amp;query=");
    expect(html).toContain('http-equiv="refresh"');

    const code = await codeOf(order.id);
    const wrong = await pagePost(path, new URLSearchParams({ intent: "deliver", orderId: order.id, code: code === "0000" ? "1111" : "0000" }), { cookie });
    expect(wrong.status).toBe(400);
    expect(htmlText(await wrong.text())).toContain("Wrong delivery code");
    const right = await pagePost(path, new URLSearchParams({ intent: "deliver", orderId: order.id, code }), { cookie });
    expect(right.status).toBe(303);
    expect((await env.DB.prepare("select status from orders where id = ?").bind(order.id).first<{ status: string }>())!.status).toBe("delivered");
    const after = htmlText(await (await pageGet(path, cookie)).text());
    expect(after).toContain("No deliveries assigned to you right now");
    expect(after).toContain("Collected ₹239 on 1 cash order; handed over ₹0.");
    expect(after).toContain("Still to hand over: ₹239");
  });

  it("sends riders to their deliveries after login, and others to the queue", async () => {
    const rider = await staff("rider");
    const login = (email: string) => pagePost("/login", new URLSearchParams({ email, password: "Test@12345" }));
    expect((await login(rider.email)).headers.get("Location")).toBe(`/dashboard/stores/${storeId}/deliveries`);
    expect((await login(picker.email)).headers.get("Location")).toBe(`/dashboard/stores/${storeId}/queue`);
  });
});

describe("cash handovers", () => {
  it("are recorded by the store's manager and by admins, with who and when; refused to pickers, riders, the rider themselves and other stores' managers", async () => {
    const rider = await staff("rider");
    const manager = await staff("manager");
    const otherManager = await staff("manager", otherStoreId);
    const body = { storeId, riderId: rider.id, amount: "250", note: "  evening bag  " };
    const byManager = await handover(manager.token, body);
    expect(byManager.status, JSON.stringify(byManager.body)).toBe(201);
    expect(byManager.body.data).toMatchObject({ storeId, riderId: rider.id, amount: 250, note: "evening bag", replayed: false });
    const row = await env.DB.prepare("select recorded_by, amount, created_at from cash_handovers where id = ?")
      .bind(byManager.body.data._id)
      .first<{ recorded_by: string; amount: number; created_at: number }>();
    expect(row).toMatchObject({ recorded_by: manager.id, amount: 25000 });
    expect(Math.abs(row!.created_at - Date.now())).toBeLessThan(60_000);
    expect((await handover(admin, { ...body, amount: 10.5 })).status).toBe(201);

    for (const token of [picker.token, rider.token, otherManager.token]) {
      expect((await handover(token, body)).status).toBe(403);
    }
    const shopper = await newShopper();
    expect((await handover(shopper.token, body)).status).toBe(403);
    // A manager cannot record their own cash.
    expect((await handover(manager.token, { ...body, riderId: manager.id })).status).toBe(403);
    // Someone who never worked here is not a rider of this store.
    const stranger = await newShopper();
    expect((await handover(manager.token, { ...body, riderId: await userId(stranger.email) })).status).toBe(400);
    expect(await handoverRows(rider.id)).toBe(2);
  });

  it("refuses amounts that are not plain rupees, and notes too long (400, nothing written)", async () => {
    const rider = await staff("rider");
    const manager = await staff("manager");
    for (const amount of ["1e2", "-5", "0x10", "", " 20", "1,200", "20.505", 0, "0", null, true, [20]]) {
      const res = await handover(manager.token, { storeId, riderId: rider.id, amount });
      expect(res.status, JSON.stringify(amount)).toBe(400);
    }
    expect((await handover(manager.token, { storeId, riderId: rider.id, amount: "5", note: "x".repeat(201) })).status).toBe(400);
    expect((await handover(manager.token, { storeId, riderId: rider.id, amount: "5", note: "a\u0000b" })).status).toBe(400);
    expect((await handover(manager.token, { storeId, riderId: rider.id, amount: "5" }, null)).status).toBe(400);
    expect((await handover(manager.token, { storeId, riderId: rider.id, amount: "5" }, "has space")).status).toBe(400);
    expect(await handoverRows(rider.id)).toBe(0);
    expect((await handover(manager.token, { storeId, riderId: rider.id, amount: "5", note: "x".repeat(200) })).status).toBe(201);
  });

  it("records 30 parallel posts with one idempotency key once, and 30 distinct keys 30 times", async () => {
    const rider = await staff("rider");
    const manager = await staff("manager");
    const body = { storeId, riderId: rider.id, amount: "100" };
    const key = newKey();
    const same = await Promise.all(Array.from({ length: 30 }, () => handover(manager.token, body, key)));
    expect(same.map((r) => r.status).sort()).toEqual([...Array(29).fill(200), 201]);
    expect(new Set(same.map((r) => r.body.data._id)).size).toBe(1);
    expect(await handoverRows(rider.id)).toBe(1);
    // The same key in the body works as the header does; reusing it for another amount is refused.
    expect((await handover(manager.token, { ...body, key }, null)).status).toBe(200);
    expect((await handover(manager.token, { ...body, amount: "101" }, key)).status).toBe(409);
    const distinct = await Promise.all(Array.from({ length: 30 }, () => handover(manager.token, body)));
    expect(distinct.every((r) => r.status === 201)).toBe(true);
    expect(await handoverRows(rider.id)).toBe(31);
  });

  it("are append-only", async () => {
    const rider = await staff("rider");
    expect((await handover(admin, { storeId, riderId: rider.id, amount: "7" })).status).toBe(201);
    await expect(env.DB.prepare("update cash_handovers set amount = 1 where rider_user_id = ?").bind(rider.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("delete from cash_handovers where rider_user_id = ?").bind(rider.id).run()).rejects.toThrow(/append-only/);
  });
});

describe("the till", () => {
  it("balances per rider and day: collected on delivered cash orders − handed over = difference, on the metrics page, the till page and the CSV", async () => {
    const rider = await staff("rider");
    const manager = await staff("manager");
    const first = await cashOrder();
    const second = await cashOrder();
    const notDelivered = await cashOrder();
    await outWith(first, rider); // ₹239
    await outWith(second, rider, 1); // ₹140
    await outWith(notDelivered, rider);
    await deliverViaApi(first.id, rider);
    await deliverViaApi(second.id, rider);
    expect((await handover(manager.token, { storeId, riderId: rider.id, amount: "300" })).status).toBe(201);
    // A handover of yesterday (IST) is not today's.
    await env.DB.prepare(
      "insert into cash_handovers (id, store_id, rider_user_id, amount, recorded_by, idempotency_key, created_at) values (?, ?, ?, 5000, ?, ?, ?)",
    )
      .bind(crypto.randomUUID().replaceAll("-", "").slice(0, 24), storeId, rider.id, manager.id, newKey(), Date.now() - 26 * 60 * 60_000)
      .run();

    const today = todayInIst(Date.now());
    const cookie = await sessionCookie(manager.email);
    const metrics = await (await pageGet(`/dashboard/stores/${storeId}/metrics?date=${today}`, cookie)).text();
    const riderName = (await env.DB.prepare("select name from users where id = ?").bind(rider.id).first<{ name: string }>())!.name;
    const tillRow = (html: string) => {
      const rows = html.split('data-testid="till-rider"').slice(1);
      return rows.map((r) => htmlText(r.slice(0, r.indexOf("</tr>")).replace(/<[^>]+>/g, " ")).replace(/\s+/g, " "));
    };
    // Every test rider is called "Test Shopper": find this rider's row by its figures' order count.
    expect(riderName).toBe("Test Shopper");
    const mine = tillRow(metrics).filter((r) => r.includes("2 cash orders") && r.includes("₹379") && r.includes("₹300"));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain("₹79");
    const tillPage = await (await pageGet(`/dashboard/stores/${storeId}/till?date=${today}`, cookie)).text();
    expect(tillRow(tillPage).filter((r) => r.includes("2 cash orders") && r.includes("₹379") && r.includes("₹300") && r.includes("₹79"))).toHaveLength(1);

    const csv = await (await pageGet(`/dashboard/stores/${storeId}/metrics.csv?date=${today}`, cookie)).text();
    // The CSV names riders by name: this rider's four rows are together, collected, handed over, difference.
    const lines = csv.split("\r\n");
    const at = lines.findIndex(
      (l, i) => l.startsWith("till: Test Shopper: cash collected (INR),379.00") && lines[i + 1] === "till: Test Shopper: cash handed over (INR),300.00",
    );
    expect(at, csv).toBeGreaterThan(0);
    expect(lines[at + 2]).toBe("till: Test Shopper: difference (INR),79.00");
    expect(lines[at - 1]).toBe("till: Test Shopper: cash orders delivered,2");

    // The rider sees their own figures on their page; the till is not theirs to see.
    const riderCookie = await sessionCookie(rider.email);
    const own = htmlText(await (await pageGet(`/dashboard/stores/${storeId}/deliveries`, riderCookie)).text());
    expect(own).toContain("Collected ₹379 on 2 cash orders; handed over ₹300.");
    expect(own).toContain("Still to hand over: ₹79");
    const api1 = (await deliveries(rider.token)).body.data.today;
    expect(api1).toMatchObject({ date: today, cashOrders: 2, collected: 379, handedOver: 300, difference: 79 });
    expect(htmlText(await (await pageGet(`/dashboard/stores/${storeId}/metrics?date=${today}`, riderCookie)).text())).not.toContain("Till: riders' cash");
    expect(await (await pageGet(`/dashboard/stores/${storeId}/metrics.csv?date=${today}`, riderCookie)).text()).not.toContain("till:");
    expect((await pageGet(`/dashboard/stores/${storeId}/till`, riderCookie)).status).toBe(403);
  });

  it("records a handover with the page form once per key, and answers a bad amount with the form (400)", async () => {
    const rider = await staff("rider");
    const manager = await staff("manager");
    const cookie = await sessionCookie(manager.email);
    const path = `/dashboard/stores/${storeId}/till`;
    const page = await (await pageGet(path, cookie)).text();
    const key = /name="key" value="([^"]+)"/.exec(page)![1];
    const form = () => new URLSearchParams({ key, riderId: rider.id, amount: "45", note: "", back: `/dashboard/stores/${storeId}/metrics` });
    const [a, b] = await Promise.all([pagePost(path, form(), { cookie }), pagePost(path, form(), { cookie })]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.headers.get("Location")).toBe(`/dashboard/stores/${storeId}/metrics`);
    expect(await handoverRows(rider.id)).toBe(1);
    const bad = await pagePost(path, new URLSearchParams({ key: newKey(), riderId: rider.id, amount: "1e2" }), { cookie });
    expect(bad.status).toBe(400);
    expect(htmlText(await bad.text())).toContain("Amount must be an amount in rupees");
    const pickerCookie = await sessionCookie(picker.email);
    expect((await pagePost(path, new URLSearchParams({ key: newKey(), riderId: rider.id, amount: "5" }), { cookie: pickerCookie })).status).toBe(403);
    expect(await handoverRows(rider.id)).toBe(1);
    // An off-site `back` is ignored.
    const off = await pagePost(path, new URLSearchParams({ key: newKey(), riderId: rider.id, amount: "5", back: "https://evil.example/" }), { cookie });
    expect(off.headers.get("Location")).toBe(path);
  });
});
