/** What non-admins see on admin pages (spec section 6). */
export function PermissionDenied() {
  return (
    <p role="alert" className="rounded bg-red-100 p-4 font-medium text-red-600">
      Do not have permission
    </p>
  );
}
