import { STAFF_ROLES, STAFF_ROLE_LABELS } from "~/lib/staff-roles";

/** The role a staff member has at their store (decision 041), as a `role` field of a plain form. */
export function StaffRoleSelect({ label, value, hideLabel = false }: { label: string; value?: string; hideLabel?: boolean }) {
  return (
    <label className="grid gap-1">
      <span className={hideLabel ? "sr-only" : undefined}>{label}</span>
      <select name="role" defaultValue={value ?? "picker"} className="h-11 rounded border border-neutral-300 px-2">
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {STAFF_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </label>
  );
}
