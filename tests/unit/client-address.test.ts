import { normalizeAddress, parseTrustedProxyHops, resolveClientAddress } from "@/scripts/client-address.mjs";

describe("the client address our server computes (scripts/client-address.mjs)", () => {
  it("is the socket address with 0 hops, whatever X-Forwarded-For says", () => {
    expect(resolveClientAddress("::ffff:192.0.2.7", "6.6.6.6", 0)).toBe("192.0.2.7");
    expect(resolveClientAddress("2001:db8::1", undefined, 0)).toBe("2001:db8::1");
    expect(resolveClientAddress(undefined, "6.6.6.6", 0)).toBe("unknown");
  });

  it("is the right-most X-Forwarded-For entry behind one proxy, the Nth from the right behind N", () => {
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 7.7.7.7, 198.51.100.4", 1)).toBe("198.51.100.4");
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, 198.51.100.4, 10.0.0.9", 2)).toBe("198.51.100.4");
    expect(resolveClientAddress("10.0.0.2", ["6.6.6.6", "198.51.100.4"], 1)).toBe("198.51.100.4");
  });

  it("falls back sensibly: no header = the socket, fewer entries than hops = the left-most, junk = the socket", () => {
    expect(resolveClientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", "198.51.100.4", 3)).toBe("198.51.100.4");
    expect(resolveClientAddress("10.0.0.2", "6.6.6.6, not-an-ip", 1)).toBe("10.0.0.2");
  });

  it("normalizes addresses and validates TRUSTED_PROXY_HOPS", () => {
    expect(normalizeAddress("[2001:DB8::1]")).toBe("2001:db8::1");
    expect(normalizeAddress("<script>")).toBe("");
    expect(parseTrustedProxyHops(undefined)).toBe(0);
    expect(parseTrustedProxyHops("1")).toBe(1);
    expect(() => parseTrustedProxyHops("-1")).toThrow(/whole number from 0 to 10/);
    expect(() => parseTrustedProxyHops("yes")).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
