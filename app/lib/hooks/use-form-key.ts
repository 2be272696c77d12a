import { useLocation } from "@remix-run/react";
import { useState } from "react";

/**
 * A React key for a form the server may send back (a draft with errors, an "Add Fields" step):
 * while it comes back the key holds, so the form stays mounted and its file picker keeps the
 * chosen files; after any other navigation (a save that redirected) the key changes and the form
 * starts empty again.
 */
export function useFormKey(sentBack: boolean): string {
  const location = useLocation();
  const [key, setKey] = useState(location.key);
  if (!sentBack && key !== location.key) setKey(location.key);
  return key;
}
