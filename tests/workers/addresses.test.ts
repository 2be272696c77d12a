import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminCookie, htmlText, pageGet, pagePost, sessionCookie } from "../security/support-admin";
import { api, makeProduct, newShopper, VALID_ADDRESS } from "./api-client";

// Delivery addresses a rider can find (docs/decisions/035-delivery-addresses.md): city, state and
// GST state code come from the pincode, never as typed; the original client's body still works.

const NEW_BODY = {
  recipient_name: "Asha Rao",
  mobile: "9812345678",
  house: "Flat 4B",
  floor: "4th",
  building: "Lake View Apartments",
  street: "12 Press Enclave Road, Saket",
  landmark: "Opposite the metro gate",
  pincode: "110017",
  label: "work",
  latitude: 28.5245,
  longitude: 77.2066,
  // Typed wrong on purpose: the pincode's place wins.
  city: "Bangalore",
  state: "Karnataka",
};

async function addressRow(id: string) {
  return env.DB.prepare("select * from addresses where id = ?").bind(id).first<Record<string, unknown>>();
}

describe("/api/address with the original client's body", () => {
  it("creates an address whose address_line is the street, with the state taken from the pincode", async () => {
    const { token } = await newShopper();
    const res = await api("/api/address/create", { method: "POST", token, body: { ...VALID_ADDRESS, city: "Bangalore", state: "Karnatka" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      address_line: VALID_ADDRESS.address_line,
      street: VALID_ADDRESS.address_line,
      city: "Bengaluru",
      state: "Karnataka",
      state_code: "29",
      country: "India",
      pincode: "560034",
      mobile: "9812345678",
      recipient_name: "",
      house: "",
      label: "home",
      latitude: null,
      longitude: null,
    });
    expect(await addressRow(res.body.data._id)).toMatchObject({ state: "Karnataka", state_code: "29", address_line: VALID_ADDRESS.address_line });

    const updated = await api("/api/address/update", {
      method: "PUT",
      token,
      body: { _id: res.body.data._id, ...VALID_ADDRESS, address_line: "14 Hill Road", pincode: "400050", state: "Karnataka" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ street: "14 Hill Road", address_line: "14 Hill Road", state: "Maharashtra", state_code: "27", city: "Mumbai" });
  });

  it("still reads an address saved before the new fields (no state code kept): the code comes from its pincode", async () => {
    const { token, email } = await newShopper();
    const user = await env.DB.prepare("select id from users where email = ?").bind(email).first<{ id: string }>();
    const id = crypto.randomUUID().replace(/-/g, "").slice(0, 24);
    await env.DB.prepare(
      "insert into addresses (id, user_id, address_line, city, state, country, pincode, mobile) values (?, ?, '7 Old Lane', 'Chennai', 'Tamil Nadu', 'India', '600001', '9812345678')",
    )
      .bind(id, user!.id)
      .run();
    const res = await api("/api/address/get", { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ _id: id, address_line: "7 Old Lane", street: "7 Old Lane", state: "Tamil Nadu", state_code: "33", label: "home", house: "" }),
    ]);
    const page = htmlText(await (await pageGet("/dashboard/address", await sessionCookie(email))).text());
    expect(page).toContain("7 Old Lane");
  });
});

describe("/api/address with the new fields", () => {
  it("takes and returns the recipient, flat, floor, building, landmark, label and pin; the typed state is replaced", async () => {
    const { token } = await newShopper();
    const res = await api("/api/address/create", { method: "POST", token, body: NEW_BODY });
    expect(res.status).toBe(201);
    const { city: _city, state: _state, ...sent } = NEW_BODY;
    expect(res.body.data).toMatchObject({ ...sent, address_line: NEW_BODY.street, city: "South Delhi", state: "Delhi", state_code: "07" });
    const listed = await api("/api/address/get", { token });
    expect(listed.body.data).toEqual([res.body.data]);
  });

  it("refuses an unknown pincode on its field, and saves nothing", async () => {
    const { token, email } = await newShopper();
    const res = await api("/api/address/create", { method: "POST", token, body: { ...NEW_BODY, pincode: "999999" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Pincode 999999 not recognised: check it, or we don't deliver there yet");
    expect(res.body.errors.pincode).toEqual([res.body.message]);
    const count = await env.DB.prepare("select count(*) as n from addresses a join users u on u.id = a.user_id where u.email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("refuses half a pin, a bad label and a body without a street", async () => {
    const { token } = await newShopper();
    const { longitude: _lng, ...halfPin } = NEW_BODY;
    expect((await api("/api/address/create", { method: "POST", token, body: halfPin })).status).toBe(400);
    expect((await api("/api/address/create", { method: "POST", token, body: { ...NEW_BODY, label: "castle" } })).status).toBe(400);
    const { street: _street, ...noStreet } = NEW_BODY;
    const res = await api("/api/address/create", { method: "POST", token, body: noStreet });
    expect(res.status).toBe(400);
    expect(res.body.errors.street).toEqual(["Street or area is required"]);
  });

  it("GET /api/address/place gives a pincode's place, and 404 for one it does not know", async () => {
    const known = await api("/api/address/place?pincode=560038");
    expect(known.status).toBe(200);
    expect(known.body.data).toEqual({ pincode: "560038", city: "Bengaluru", state: "Karnataka", state_code: "29" });
    const unknown = await api("/api/address/place?pincode=999999");
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Pincode 999999 not recognised/);
    expect((await api("/api/address/place?pincode=12")).status).toBe(400);
  });
});

describe("the address book page without JavaScript", () => {
  it("saves the form with the pincode's city and state, ignoring typed ones", async () => {
    const { email } = await newShopper();
    const cookie = await sessionCookie(email);
    const form = new URLSearchParams({ intent: "create-address", ...Object.fromEntries(Object.entries(NEW_BODY).map(([k, v]) => [k, String(v)])) });
    const res = await pagePost("/dashboard/address", form, { cookie });
    expect(res.status).toBe(303);
    const row = await env.DB.prepare("select a.* from addresses a join users u on u.id = a.user_id where u.email = ?")
      .bind(email)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      recipient_name: "Asha Rao",
      house: "Flat 4B",
      floor: "4th",
      label: "work",
      state: "Delhi",
      state_code: "07",
      latitude: 28.5245,
    });
  });

  it("answers an unknown pincode with the form and the reason on the pincode", async () => {
    const { email } = await newShopper();
    const cookie = await sessionCookie(email);
    const form = new URLSearchParams({
      intent: "create-address",
      ...Object.fromEntries(Object.entries(NEW_BODY).map(([k, v]) => [k, String(v)])),
      pincode: "999999",
    });
    const res = await pagePost("/dashboard/address", form, { cookie });
    expect(res.status).toBe(400);
    const html = htmlText(await res.text());
    expect(html).toContain("Pincode 999999 not recognised: check it, or we don't deliver there yet");
    expect(html).toContain('value="Flat 4B"');
  });
});

describe("an order's address", () => {
  it("keeps the rider's details in the order, shown on the shopper's order page", async () => {
    const { token, email } = await newShopper();
    const created = await api("/api/address/create", { method: "POST", token, body: { ...NEW_BODY, pincode: "560038" } });
    const product = await makeProduct({ stock: 5 });
    const order = await api("/api/order/cash-on-delivery", {
      method: "POST",
      token,
      body: { list_items: [{ productId: product.id, quantity: 1 }], addressId: created.body.data._id },
    });
    expect(order.status).toBe(201);
    const row = await env.DB.prepare("select id, store_id, delivery_address from orders where address_id = ?")
      .bind(created.body.data._id)
      .first<{ id: string; store_id: string; delivery_address: string }>();
    expect(JSON.parse(row!.delivery_address)).toMatchObject({
      recipient_name: "Asha Rao",
      house: "Flat 4B",
      floor: "4th",
      building: "Lake View Apartments",
      address_line: NEW_BODY.street,
      landmark: "Opposite the metro gate",
      state: "Karnataka",
      state_code: "29",
      latitude: "28.5245",
      longitude: "77.2066",
    });
    const page = htmlText(await (await pageGet(`/dashboard/myorders/${row!.id}`, await sessionCookie(email))).text());
    expect(page).toContain("Flat 4B, 4th floor, Lake View Apartments, 12 Press Enclave Road, Saket");
    expect(page).toContain("Near Opposite the metro gate");

    // The store's staff (here the admin) see who, which door, and the pin on a map.
    const staff = htmlText(await (await pageGet(`/dashboard/stores/${row!.store_id}/queue/${row!.id}`, await adminCookie())).text());
    expect(staff).toContain("Asha Rao · 9812345678");
    expect(staff).toContain("Flat 4B, 4th floor, Lake View Apartments, 12 Press Enclave Road, Saket");
    expect(staff).toContain('href="https://www.google.com/maps/search/?api=1&query=28.5245%2C77.2066"');
  });

  it("an address without a pin is found on the map by its text", async () => {
    const { token } = await newShopper();
    const created = await api("/api/address/create", { method: "POST", token, body: VALID_ADDRESS });
    const product = await makeProduct({ stock: 5 });
    const body = { list_items: [{ productId: product.id, quantity: 1 }], addressId: created.body.data._id };
    expect((await api("/api/order/cash-on-delivery", { method: "POST", token, body })).status).toBe(201);
    const row = await env.DB.prepare("select id, store_id from orders where address_id = ?")
      .bind(created.body.data._id)
      .first<{ id: string; store_id: string }>();
    const staff = htmlText(await (await pageGet(`/dashboard/stores/${row!.store_id}/queue/${row!.id}`, await adminCookie())).text());
    const query = encodeURIComponent(`${VALID_ADDRESS.address_line}, Bengaluru, Karnataka, 560034`);
    expect(staff).toContain(`href="https://www.google.com/maps/search/?api=1&query=${query}"`);
  });
});
