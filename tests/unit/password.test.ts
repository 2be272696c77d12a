import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "../../app/server/identity/password.server";

describe("password hashing", () => {
  it("uses exactly 100,000 PBKDF2 iterations (the Workers maximum)", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const hash = await hashPassword("Secret@123");
    expect(hash.split("$")[1]).toBe("100000");
  });
  it("round-trips and refuses a wrong password", async () => {
    const hash = await hashPassword("Secret@123");
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(await verifyPassword("Secret@123", hash)).toBe(true);
    expect(await verifyPassword("secret@123", hash)).toBe(false);
  });
  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });
  it("refuses malformed or over-strong stored hashes without throwing", async () => {
    expect(await verifyPassword("x", "garbage")).toBe(false);
    expect(await verifyPassword("x", "pbkdf2-sha256$999999999$00$00")).toBe(false);
    expect(await verifyPassword("x", DUMMY_PASSWORD_HASH)).toBe(false);
  });
});
