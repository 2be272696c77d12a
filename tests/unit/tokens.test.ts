import { describe, expect, it } from "vitest";
import { randomDigits, randomToken, signToken, verifyToken } from "../../app/server/platform/crypto.server";

const SECRET = "unit-test-secret-0123456789";

describe("signed tokens", () => {
  it("round-trips a payload before it expires", async () => {
    const token = await signToken({ sub: "u1", exp: Date.now() + 60_000 }, SECRET);
    expect(await verifyToken(token, SECRET)).toMatchObject({ sub: "u1" });
  });
  it("refuses an expired token", async () => {
    const token = await signToken({ sub: "u1", exp: Date.now() - 1 }, SECRET);
    expect(await verifyToken(token, SECRET)).toBeNull();
    const soon = await signToken({ sub: "u1", exp: 1_000 }, SECRET);
    expect(await verifyToken(soon, SECRET, 999)).not.toBeNull();
    expect(await verifyToken(soon, SECRET, 1_000)).toBeNull();
  });
  it("refuses a token signed with another secret or with a changed payload", async () => {
    const token = await signToken({ sub: "u1", exp: Date.now() + 60_000 }, SECRET);
    expect(await verifyToken(token, "another-secret-0123456789")).toBeNull();
    const [, sig] = token.split(".");
    const forgedBody = btoa(JSON.stringify({ sub: "admin", exp: Date.now() + 60_000 })).replace(/=+$/, "");
    expect(await verifyToken(`${forgedBody}.${sig}`, SECRET)).toBeNull();
  });
  it("never throws on garbage", async () => {
    for (const bad of ["", "a", "a.b", "a.b.c", "!!!.???", `${"x".repeat(3000)}.y`]) {
      expect(await verifyToken(bad, SECRET)).toBeNull();
    }
  });
});

describe("random values", () => {
  it("makes 64-hex tokens and 6-digit codes", () => {
    expect(randomToken()).toMatch(/^[0-9a-f]{64}$/);
    const codes = new Set(Array.from({ length: 200 }, () => randomDigits(6)));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });
});
