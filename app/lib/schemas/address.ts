import * as z from "zod";
import { ID_PATTERN } from "../ids";

const text = (label: string, max = 120) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** All six fields required (spec section 5); Indian pincodes are 6 digits and mobiles 10. */
const addressFields = {
  address_line: text("Address line", 200),
  city: text("City", 80),
  state: text("State", 80),
  country: text("Country", 80),
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
};

export const addressSchema = z.object(addressFields);
export type AddressInput = z.infer<typeof addressSchema>;

export const addressIdSchema = z.string({ error: "_id is required" }).regex(ID_PATTERN, "_id is not a valid address id");

/** PUT /api/address/update: the body's userId is ignored (never trusted). */
export const apiAddressUpdateSchema = z.object({ _id: addressIdSchema, ...addressFields });
export const apiAddressDisableSchema = z.object({ _id: addressIdSchema });
