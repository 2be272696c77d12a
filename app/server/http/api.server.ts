/**
 * The `/api` JSON envelope (ARCHITECTURE.md "The /api contract"):
 * success → `{ message, error: false, success: true, data, ...extra }`
 * failure → `{ message, error: true, success: false, errors? }` with a real HTTP status.
 */
import type * as z from "zod";
import { Refusal } from "~/lib/refusal";
import { discardBody, readAtMost } from "./form-data.server";

export function apiSuccess<T>(
  data: T,
  { message = "", status = 200, extra = {}, headers }: { message?: string; status?: number; extra?: Record<string, unknown>; headers?: HeadersInit } = {},
) {
  return Response.json({ message, error: false, success: true, data, ...extra }, { status, headers: withNoStore(headers) });
}

export function apiError(
  message: string,
  status: number,
  { errors, headers, data }: { errors?: Record<string, string[]>; headers?: HeadersInit; data?: unknown } = {},
) {
  return Response.json(
    { message, error: true, success: false, ...(errors ? { errors } : {}), ...(data !== undefined ? { data } : {}) },
    { status, headers: withNoStore(headers) },
  );
}

function withNoStore(headers?: HeadersInit) {
  const h = new Headers(headers);
  if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
  return h;
}

const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * Parses a JSON body (empty body = `{}`) with the same zod schema the page form uses. `maxBytes`
 * (default 64 KB) is raised only by routes that take bulk bodies (stock sync: a few MB).
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, { maxBytes = MAX_JSON_BODY_BYTES } = {}): Promise<z.output<S>> {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MB` : `${maxBytes / 1024} KB`;
  const tooLarge = new Refusal(`Request body is too large: at most ${size}`, 413);
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > maxBytes) {
    await discardBody(request);
    throw tooLarge;
  }
  // Counted in bytes as it arrives, whatever Content-Length said (or when it said nothing).
  const bytes = await readAtMost(request, maxBytes).catch((error) => {
    throw error instanceof Refusal && error.status === 413 ? tooLarge : error;
  });
  const text = new TextDecoder().decode(bytes);
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new Refusal("Request body is not valid JSON", 400);
    }
  }
  return parseWith(schema, body);
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || "_";
      (errors[key] ??= []).push(issue.message);
    }
    const first = result.error.issues[0];
    throw new Refusal(first ? first.message : "Invalid request", 400, { fields: errors });
  }
  return result.data;
}

/**
 * The /api adapter of a refusal: wraps an /api handler so a thrown Refusal becomes the envelope
 * with its status. Anything else is a bug: logged, and answered as the envelope's 500.
 */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal) return apiError(error.message, error.status, { errors: error.fields, headers: error.headers, data: error.data });
    console.error(error);
    return apiError("Something went wrong on our side. Please try again.", 500);
  }
}

/** For a resource route that exists but not for this method. */
export function methodNotAllowed(allowed: string) {
  return apiError(`Method not allowed; use ${allowed}`, 405, { headers: { Allow: allowed } });
}

/** Refuses any other method with 405 (resource routes send GET to the loader, the rest to the action). */
export function assertMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) {
    throw new Refusal(`Method not allowed; use ${methods.join(", ")}`, 405, { headers: { Allow: methods.join(", ") } });
  }
}
