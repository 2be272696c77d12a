import { describe, expect, it } from "vitest";
import type { Env } from "../../app/server/platform/bindings";
import { getSettings, settingsProblems } from "../../app/server/platform/env.server";

const SECRET = "a-session-secret-of-at-least-32-characters";
const limiter = { limit: async () => ({ success: true }) } as unknown as RateLimit;

describe("settings, checked once per env object and its values", () => {
  it("answers a repeated call from the first check, unchanged and frozen", () => {
    const env = { ENVIRONMENT: "test", CORS_ORIGINS: "https://shop.example" } as unknown as Env;
    const first = getSettings(env);
    const again = getSettings(env);
    expect(again).toEqual(first);
    expect(again.CORS_ORIGINS).toEqual(["https://shop.example"]);
    expect(() => (again.CORS_ORIGINS as string[]).push("https://evil.example")).toThrow();
    expect(getSettings(env).CORS_ORIGINS).toEqual(["https://shop.example"]);
  });

  it("checks again when a value on the same object changed, in either direction", () => {
    const env = {
      ENVIRONMENT: "production",
      SESSION_SECRET: SECRET,
      PUBLIC_ORIGIN: "https://shop.example",
      PUBLIC_FORM_LIMITER: limiter,
      UPLOAD_LIMITER: limiter,
    } as unknown as Env;
    expect(settingsProblems(env)).toEqual([]);
    expect(getSettings(env).isDev).toBe(false);

    (env as unknown as Record<string, unknown>).SESSION_SECRET = undefined;
    expect(settingsProblems(env)).toEqual([expect.stringContaining("SESSION_SECRET is not set")]);
    expect(() => getSettings(env)).toThrow(/SESSION_SECRET/);

    (env as unknown as Record<string, unknown>).SESSION_SECRET = SECRET;
    (env as unknown as Record<string, unknown>).UPLOAD_LIMITER = undefined;
    expect(settingsProblems(env)).toEqual([expect.stringContaining("UPLOAD_LIMITER is missing")]);

    (env as unknown as Record<string, unknown>).UPLOAD_LIMITER = limiter;
    (env as unknown as Record<string, unknown>).ENVIRONMENT = "development";
    expect(settingsProblems(env)).toEqual([]);
    expect(getSettings(env).isDev).toBe(true);
  });

  it("keeps each env object's check apart", () => {
    const good = { ENVIRONMENT: "test" } as unknown as Env;
    const bad = { ENVIRONMENT: "test", CORS_ORIGINS: "https://*.example" } as unknown as Env;
    expect(settingsProblems(good)).toEqual([]);
    expect(settingsProblems(bad)).toEqual([expect.stringContaining("wildcard")]);
    expect(settingsProblems(good)).toEqual([]);
  });
});
