/**
 * Reading a report from a request (decision 050), with the one schema of app/lib/schemas/report.ts:
 * `POST /api/order/report` as JSON or as multipart (fields, `lines` as JSON text, a `photo` file),
 * and the order page's plain multipart form (one row per item). Bad input is a 400 naming the
 * field; a body too large 413; a photo spends the per-IP upload budget (429).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Refusal } from "~/lib/refusal";
import { REPORT_PHOTO_MAX_BYTES } from "~/lib/reports";
import { apiReportSchema, multipartReportInput, reportBodySchema, reportFormInput } from "~/lib/schemas/report";
import { parseWith, readJson } from "~/server/http/api.server";
import { readFormData } from "~/server/http/form-data.server";
import { limitPhotoUploads } from "./photo.server";
import type { SubmitReportInput } from "./submit.server";

/** The most a report's form may weigh: its photo, and room for the fields and the multipart framing. */
export const REPORT_FORM_MAX_BYTES = REPORT_PHOTO_MAX_BYTES + 64 * 1024;

const isMultipart = (request: Request) => (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** The text fields of a form (files left out). */
function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** The body of `POST /api/order/report`, JSON or multipart, as `submitReport` takes it. */
export async function readApiReport(request: Request, context: AppLoadContext): Promise<SubmitReportInput> {
  if (!isMultipart(request)) {
    const { _id, ...body } = await readJson(request, apiReportSchema);
    return { ...body, orderId: _id };
  }
  const form = await readFormData(request, { multipart: "only", maxBytes: REPORT_FORM_MAX_BYTES });
  const photo = form.get("photo");
  const input = multipartReportInput(textFields(form));
  if ("error" in input) throw new Refusal(String(input.error), 400, { fields: { lines: [String(input.error)] } });
  const { _id, ...body } = parseWith(apiReportSchema, input);
  await limitPhotoUploads(request, context, photo);
  return { ...body, orderId: _id, photo };
}

/** The order page's report form (already read: the page reads its form once) for the page's own order. */
export async function readPageReport(request: Request, context: AppLoadContext, orderId: string, form: FormData): Promise<SubmitReportInput> {
  const photo = form.get("photo");
  const body = parseWith(reportBodySchema, reportFormInput(textFields(form)));
  await limitPhotoUploads(request, context, photo);
  return { ...body, orderId, photo };
}

/** What the shopper typed in the page's report form, to draw it again after a refusal (text fields only). */
export function typedReport(form: FormData): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const [name, value] of Object.entries(textFields(form))) {
    if (name === "comment" || name === "refundTo" || name.startsWith("quantity.") || name.startsWith("reason.")) typed[name] = value.slice(0, 600);
  }
  return typed;
}
