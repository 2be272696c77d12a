/** What a staff member does at their dark store (docs/decisions/041-staff-roles.md). */
import { STAFF_ROLES, type StaffRole } from "~/db/schema";

export { STAFF_ROLES, type StaffRole };

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  picker: "Picker",
  rider: "Rider",
  manager: "Manager",
};
