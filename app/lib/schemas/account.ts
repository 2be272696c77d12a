import * as z from "zod";

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .email("Invalid email address")
  .transform((v) => v.toLowerCase());

const passwordSchema = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters");

const nameSchema = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(80, "Name must be at most 80 characters");

const mobileSchema = z
  .string({ error: "Mobile is required" })
  .trim()
  .min(1, "Mobile is required")
  .transform((v) => v.replace(/[\s-]/g, "").replace(/^(\+91|0)/, ""))
  .pipe(z.string().regex(/^[6-9][0-9]{9}$/, "Mobile must be a 10-digit Indian mobile number"));

const PASSWORD_MISMATCH = "password and confirm password must be same";
const NEW_PASSWORD_MISMATCH = "New password and confirm password must be same.";

export const registerSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: "Confirm password is required" }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORD_MISMATCH, path: ["confirmPassword"] });

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const otpSchema = z.object({
  email: emailSchema,
  otp: z
    .string({ error: "Enter the 6-digit code" })
    .trim()
    .regex(/^[0-9]{6}$/, "Enter the 6-digit code"),
});

export const resetPasswordSchema = z
  .object({
    email: emailSchema,
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: "Confirm password is required" }),
    resetToken: z.string().optional(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: NEW_PASSWORD_MISMATCH, path: ["confirmPassword"] });

/**
 * Only these; role, _id, status and anything else in a body are ignored. `currentPassword` is
 * required by the server only when the email changes (it alone knows the current one).
 */
export const profileSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  mobile: mobileSchema,
  currentPassword: z.string().max(128, "Password must be at most 128 characters").optional(),
});
