import { describe, expect, it } from "vitest";
import { clientNetwork, LOGIN_LIMITS } from "../../app/server/identity/login-limits.server";

describe("clientNetwork (the 'client' of the per-account limits)", () => {
  it("keeps IPv4 addresses, and IPv4-mapped IPv6 as IPv4", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("groups IPv6 by /64, however the address is written", () => {
    const net = "2001:db8:85a3:42::/64";
    expect(clientNetwork("2001:db8:85a3:42::1")).toBe(net);
    expect(clientNetwork("2001:0DB8:85A3:0042:ffff:ffff:ffff:ffff")).toBe(net);
    expect(clientNetwork("2001:db8:85a3:42:1:2:3:4")).toBe(net);
    expect(clientNetwork("2001:db8:85a3:43::1")).not.toBe(net);
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::")).toBe("fe80:0:0:0::/64");
  });

  it("keeps anything unparsable as it is, bounded", () => {
    expect(clientNetwork("local")).toBe("local");
    expect(clientNetwork("1::2::3")).toBe("1::2::3");
    expect(clientNetwork(`${"a:".repeat(100)}`).length).toBeLessThanOrEqual(64);
  });
});

describe("LOGIN_LIMITS", () => {
  it("lets a client try 5 times per 15 minutes and 20 per day, and an account 50 per hour", () => {
    expect(LOGIN_LIMITS).toEqual({
      perClient: { max: 5, windowMs: 15 * 60 * 1000 },
      perClientDay: { max: 20, windowMs: 24 * 60 * 60 * 1000 },
      perAccount: { max: 50, windowMs: 60 * 60 * 1000 },
    });
  });
});
