import { describe, expect, it } from "vitest";
import { imageUrlSchema } from "~/lib/schemas/admin";
import { imageOrigin, withAbsoluteImageUrls } from "../../app/server/http/api-images.server";

const ORIGIN = "https://shop.example";

async function rewrite(body: unknown, contentType = "application/json") {
  const response = new Response(JSON.stringify(body), { status: 409, headers: { "Content-Type": contentType, "X-Kept": "yes" } });
  const out = await withAbsoluteImageUrls(response, ORIGIN);
  return { out, body: JSON.parse(await out.text()) };
}

describe("absolute image URLs in /api answers", () => {
  it("prefixes stored images in image, avatar and url fields, at any depth, and keeps status and headers", async () => {
    const { out, body } = await rewrite({
      data: [{ image: ["/images/a.webp", "/images/b.webp"], productId: { image: ["/images/c.webp"] } }],
      user: { avatar: "/images/avatars/x.png" },
      upload: { url: "/images/uploads/y.png", data: { url: "/images/uploads/y.png" } },
      category: { image: "/images/seed/z.webp" },
    });
    expect(body).toEqual({
      data: [{ image: [`${ORIGIN}/images/a.webp`, `${ORIGIN}/images/b.webp`], productId: { image: [`${ORIGIN}/images/c.webp`] } }],
      user: { avatar: `${ORIGIN}/images/avatars/x.png` },
      upload: { url: `${ORIGIN}/images/uploads/y.png`, data: { url: `${ORIGIN}/images/uploads/y.png` } },
      category: { image: `${ORIGIN}/images/seed/z.webp` },
    });
    expect(out.status).toBe(409);
    expect(out.headers.get("X-Kept")).toBe("yes");
  });

  it("leaves other fields, other values, the admin's free text and odd keys alone", async () => {
    const input = {
      name: "/images/not-an-image-field",
      description: "see /images/x.png",
      url: "https://checkout.stripe.com/c/pay/cs_test",
      image: "",
      avatar: null,
      more_details: { image: "/images/free-text", url: "/images/free-text" },
      // A computed key: an own field named "__proto__", as JSON.parse makes one.
      ["__proto__"]: { image: "/images/p.png" },
    };
    const { body } = await rewrite(input);
    expect(body.name).toBe("/images/not-an-image-field");
    expect(body.description).toBe("see /images/x.png");
    expect(body.url).toBe("https://checkout.stripe.com/c/pay/cs_test");
    expect(body.image).toBe("");
    expect(body.avatar).toBeNull();
    expect(body.more_details).toEqual({ image: "/images/free-text", url: "/images/free-text" });
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(body, "__proto__")?.value).toEqual({ image: `${ORIGIN}/images/p.png` });
  });

  it("passes non-JSON answers through untouched", async () => {
    const response = new Response("/images/a.png", { headers: { "Content-Type": "text/plain" } });
    expect(await withAbsoluteImageUrls(response, ORIGIN)).toBe(response);
  });

  // Issue 28 item 9.4: never on the request's origin (its Host header, which the client chooses).
  it("builds on PUBLIC_ORIGIN when set, else on nothing (root-relative paths stay)", () => {
    expect(imageOrigin(ORIGIN)).toBe(ORIGIN);
    expect(imageOrigin(null)).toBeNull();
  });
});

describe("image fields of request bodies", () => {
  it("accept an absolute URL of a stored image and keep its path", () => {
    expect(imageUrlSchema.parse("https://shop.example/images/uploads/a.png")).toBe("/images/uploads/a.png");
    expect(imageUrlSchema.parse(" http://127.0.0.1:8787/images/seed/milk.webp ")).toBe("/images/seed/milk.webp");
    expect(imageUrlSchema.parse("/images/seed/milk.webp")).toBe("/images/seed/milk.webp");
  });

  it("refuse anything that is not a stored image's path", () => {
    for (const value of [
      "https://evil.example/x.png",
      "https://shop.example/images/../api/user/logout",
      "https://shop.example/images/a.png?v=1",
      "https://user:pw@shop.example/images/a.png",
      "javascript:alert(1)",
      "//evil.example/images/a.png",
    ]) {
      expect(imageUrlSchema.safeParse(value).success, value).toBe(false);
    }
  });
});
