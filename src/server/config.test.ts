import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("treats a variable set to nothing as unset: its default, never '' or 0", () => {
    const config = loadConfig({
      HOST: "",
      PORT: " ",
      MAX_CONNECTIONS_PER_IP: "",
      REDIS_KEY_PREFIX: "",
      PUBLIC_URL: "",
    });
    expect(config.HOST).toBe("127.0.0.1");
    expect(config.PORT).toBe(5000);
    expect(config.MAX_CONNECTIONS_PER_IP).toBe(128);
    expect(config.REDIS_KEY_PREFIX).toBe("launchpad:");
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(config.RPC_PUBSUB_PORT).toBe(5001);
  });

  it("refuses addresses that are not http(s), naming the variable", () => {
    for (const [name, value] of [
      ["PUBLIC_URL", "not-a-url"],
      ["SOLANA_RPC_URL", "localhost:8899"],
      ["AI_BASE_URL", "ftp://models.example"],
      ["LINK_DISCORD", "javascript:alert(1)"],
    ] as const)
      expect(() => loadConfig({ [name]: value }), name).toThrow(
        `${name} must be an http:// or https:// address`,
      );
    expect(loadConfig({ PUBLIC_URL: "https://launch.example/" }).PUBLIC_URL).toBe("https://launch.example");
  });

  it("accepts proxies as addresses, CIDR ranges or named ranges, and refuses anything else", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback" }).TRUST_PROXY).toBe(
      "10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback",
    );
    for (const bad of ["all", "10.0.0.0/33", "10.0.0.1/8/1", "proxy.example"])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow("TRUST_PROXY must be");
  });
});
