/**
 * JSON to write inside an inline `<script>`: every `<` escaped, so no value can end the element
 * (`</script>`) or open a comment (`<!--`) in it. Parses back to the same value.
 */
export function inlineScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
