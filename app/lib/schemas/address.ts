import * as z from "zod";
import type { AddressLabel } from "~/db/schema";
import { ADDRESS_LABEL_NAMES } from "../delivery-address";
import { ID_PATTERN } from "../ids";

/** The labels a shopper chooses from (the schema's, checked both ways through ADDRESS_LABEL_NAMES). */
export const ADDRESS_LABELS = Object.keys(ADDRESS_LABEL_NAMES) as [AddressLabel, ...AddressLabel[]];

const text = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An optional text: missing and blank both read as "". */
const optionalText = (label: string, max = 120) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v ?? "");

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(-limit, `${label} must be between -${limit} and ${limit}`)
    .max(limit, `${label} must be between -${limit} and ${limit}`)
    .nullish()
    .transform((v) => v ?? null);

/**
 * Indian pincodes are 6 digits and mobiles 10. Whether the pincode is one the store knows (and so
 * its city and state) is the server's check (decision 035): the table is too big for the browser.
 */
const commonFields = {
  pincode: z
    .string({ error: "Pincode is required" })
    .trim()
    .min(1, "Pincode is required")
    .regex(/^[1-9][0-9]{5}$/, "Pincode must be 6 digits"),
  mobile: z
    .string({ error: "Mobile is required" })
    .trim()
    .min(1, "Mobile is required")
    .transform((v) => v.replace(/[\s-]/g, "").replace(/^(\+91|0)/, ""))
    .pipe(z.string().regex(/^[6-9][0-9]{9}$/, "Mobile must be a 10-digit Indian mobile number")),
  floor: optionalText("Floor", 40),
  building: optionalText("Building or society", 120),
  landmark: optionalText("Landmark", 120),
  label: z.enum(ADDRESS_LABELS, { error: "Choose Home, Work or Other" }).optional().default("home"),
  latitude: coordinate("Latitude", 90),
  longitude: coordinate("Longitude", 180),
  // Shown read-only and sent back by the form, sent by the original client: always replaced by
  // the pincode's (the state decides the invoice's tax), so only their length is checked.
  city: z.string().max(80).optional(),
  state: z.string().max(80).optional(),
  country: z.string().max(80).optional(),
};

/** GET /api/address/place?pincode= */
export const pincodeQuerySchema = z.object({ pincode: commonFields.pincode });

/** A pin is both coordinates or neither. */
const pinned = (v: { latitude: number | null; longitude: number | null }) => (v.latitude === null) === (v.longitude === null);
const pinMessage = { message: "Send both latitude and longitude, or neither", path: ["latitude"] };

/** The page form: who receives the order and where the rider finds them. */
export const addressSchema = z
  .object({
    ...commonFields,
    recipient_name: text("Recipient name", 80),
    house: text("House or flat number", 40),
    street: text("Street or area", 200),
  })
  .refine(pinned, pinMessage);
export type AddressInput = z.infer<typeof addressSchema>;

/**
 * The /api body: the form's fields, or the original client's `{ address_line, city, state, country,
 * pincode, mobile }`, whose `address_line` is the street and which has no recipient or flat.
 */
const apiAddressFields = {
  ...commonFields,
  recipient_name: optionalText("Recipient name", 80),
  house: optionalText("House or flat number", 40),
  street: optionalText("Street or area", 200),
  address_line: optionalText("Address line", 200),
};

function toInput<T extends { street: string; address_line: string }>({ address_line, street, ...rest }: T, ctx: z.RefinementCtx) {
  const line = street || address_line;
  if (!line) ctx.addIssue({ code: "custom", path: ["street"], message: "Street or area is required" });
  return { ...rest, street: line };
}

export const apiAddressSchema = z.object(apiAddressFields).refine(pinned, pinMessage).transform(toInput);

export const addressIdSchema = z.string({ error: "_id is required" }).regex(ID_PATTERN, "_id is not a valid address id");

/** PUT /api/address/update: the body's userId is ignored (never trusted). */
export const apiAddressUpdateSchema = z
  .object({ _id: addressIdSchema, ...apiAddressFields })
  .refine(pinned, pinMessage)
  .transform(toInput);
export const apiAddressDisableSchema = z.object({ _id: addressIdSchema });
