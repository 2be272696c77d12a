/**
 * Staff roles (docs/decisions/041-staff-roles.md): an admin names each staff member a picker, a
 * rider or a manager, through /api and the staff page; the role rides on the session user, and the
 * store's managers are the ones told when a rider locks themselves out of deliveries.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { confirmAllLines } from "./pick-support";
import { api, login, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";
import { adminCookie, htmlText, pageGet, pagePost } from "../security/support-admin";

let admin: string;
let storeId: string;
let otherStoreId: string;

const staffPost = (body: Record<string, unknown>, token = admin) => api("/api/store/staff", { method: "POST", token, body });
const roleOf = async (email: string) =>
  (await env.DB.prepare("select s.role from store_staff s join users u on u.id = s.user_id where u.email = ?").bind(email).first<{ role: string }>())?.role;

beforeAll(async () => {
  admin = await login("admin@example.com", "Admin@12345");
  storeId = (await env.DB.prepare("select id from stores where is_default = 1").first<{ id: string }>())!.id;
  otherStoreId = (await env.DB.prepare("select id from stores where is_default = 0 order by name limit 1").first<{ id: string }>())!.id;
});

describe("naming a role through /api", () => {
  it("adds a picker when no role is given, and the role given otherwise; the answer lists each member's role", async () => {
    const picker = await newShopper();
    const rider = await newShopper();
    const first = await staffPost({ storeId, email: picker.email });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(`${picker.email} is now staff at this store (picker)`);
    const second = await staffPost({ storeId, email: rider.email, role: "rider" });
    expect(second.status).toBe(200);
    const listed = second.body.data as { email: string; role: string }[];
    expect(listed.find((m) => m.email === picker.email)?.role).toBe("picker");
    expect(listed.find((m) => m.email === rider.email)?.role).toBe("rider");
  });

  it("changes the role of someone already at the store, and keeps it when posted again without one", async () => {
    const person = await newShopper();
    await staffPost({ storeId, email: person.email });
    const changed = await staffPost({ storeId, email: person.email, role: "manager" });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(`${person.email} is now a manager at this store`);
    expect(await roleOf(person.email)).toBe("manager");
    const again = await staffPost({ storeId, email: person.email });
    expect(again.body.message).toBe(`${person.email} is already staff at this store`);
    expect(await roleOf(person.email)).toBe("manager");
  });

  it("never changes the role of another store's staff member (409, role kept)", async () => {
    const person = await newShopper();
    await staffPost({ storeId: otherStoreId, email: person.email, role: "rider" });
    const res = await staffPost({ storeId, email: person.email, role: "manager" });
    expect(res.status).toBe(409);
    expect(await roleOf(person.email)).toBe("rider");
  });

  it("refuses a role that is not picker, rider or manager (400, nothing written)", async () => {
    const person = await newShopper();
    for (const role of ["admin", "", 1, ["rider"], "Rider"]) {
      const res = await staffPost({ storeId, email: person.email, role });
      expect(res.status, JSON.stringify(role)).toBe(400);
    }
    expect(await roleOf(person.email)).toBeUndefined();
  });

  it("lets only admins name roles", async () => {
    const manager = await newShopper();
    await staffPost({ storeId, email: manager.email, role: "manager" });
    const person = await newShopper();
    const res = await staffPost({ storeId, email: person.email, role: "rider" }, await login(manager.email, "Test@12345"));
    expect(res.status).toBe(403);
    expect(await roleOf(person.email)).toBeUndefined();
  });
});

describe("the staff page", () => {
  it("adds with a role and changes it with plain forms (no JavaScript)", async () => {
    const cookie = await adminCookie();
    const person = await newShopper();
    const path = `/dashboard/stores/${storeId}/staff`;
    const added = await pagePost(path, new URLSearchParams({ intent: "add", email: person.email, role: "rider" }), { cookie });
    expect(added.status).toBe(303);
    expect(await roleOf(person.email)).toBe("rider");
    const changed = await pagePost(path, new URLSearchParams({ intent: "role", email: person.email, role: "manager" }), { cookie });
    expect(changed.status).toBe(303);
    expect(await roleOf(person.email)).toBe("manager");
    const bad = await pagePost(path, new URLSearchParams({ intent: "role", email: person.email, role: "owner" }), { cookie });
    expect(bad.status).toBe(400);
    expect(await roleOf(person.email)).toBe("manager");
    const page = htmlText(await (await pageGet(path, cookie)).text());
    expect(page).toContain(`Role of ${person.email}`);
  });
});

describe("who is told when a rider locks themselves out", () => {
  it("mails the store's managers rather than the admin who added the rider", async () => {
    const manager = await newShopper();
    const rider = await newShopper();
    const picker = await newShopper();
    await staffPost({ storeId, email: manager.email, role: "manager" });
    await staffPost({ storeId, email: rider.email, role: "rider" });
    await staffPost({ storeId, email: picker.email });
    const riderToken = await login(rider.email, "Test@12345");
    const pickerToken = await login(picker.email, "Test@12345");
    const riderId = (await env.DB.prepare("select id from users where email = ?").bind(rider.email).first<{ id: string }>())!.id;

    const shopper = await newShopper();
    const product = await makeProduct({ name: "Role Dal" });
    const addressId = (await api("/api/address/create", { method: "POST", token: shopper.token, body: VALID_ADDRESS })).body.data._id as string;
    const placed = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token: shopper.token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId },
    });
    const id = placed.body.data._id as string;
    await confirmAllLines(id);
    expect(
      (await api("/api/order/pick", { method: "POST", token: pickerToken, body: { _id: id, lines: [{ productId: product.id, picked: 1 }] } })).status,
    ).toBe(200);
    expect((await api("/api/order/ready", { method: "POST", token: pickerToken, body: { _id: id } })).status).toBe(200);
    expect((await api("/api/order/dispatch", { method: "POST", token: riderToken, body: { _id: id } })).status).toBe(200);

    // Nine wrong codes already this hour: the next one locks the rider out.
    await env.DB.prepare("insert into rate_limit_counters (key, count, reset_at) values (?, 9, ?)")
      .bind(`delivery-code:${riderId}`, Date.now() + 30 * 60_000)
      .run();
    const code = (await env.DB.prepare("select delivery_code as code from orders where id = ?").bind(id).first<{ code: string }>())!.code;
    const wrong = code === "0000" ? "1111" : "0000";
    expect((await api("/api/order/deliver", { method: "POST", token: riderToken, body: { _id: id, code: wrong } })).status).toBe(400);

    const { results: mails } = await env.DB.prepare('select "to" from mail_outbox where instr(text, ?) > 0')
      .bind(`(${rider.email}) entered 10 wrong`)
      .all<{ to: string }>();
    // Every manager of the store (earlier tests named some too), and no admin.
    const { results: managers } = await env.DB.prepare(
      "select u.email from store_staff s join users u on u.id = s.user_id where s.store_id = ? and s.role = 'manager' order by u.email",
    )
      .bind(storeId)
      .all<{ email: string }>();
    expect(managers.map((m) => m.email)).toContain(manager.email);
    expect(mails.map((m) => m.to).sort()).toEqual(managers.map((m) => m.email).sort());
  });
});
