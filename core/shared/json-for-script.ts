/**
 * JSON that can sit inside a `<script>` element (the inlined configuration, the page's embedded
 * answers, structured data for search engines): every `<` becomes `\u003c` (so no `</script>`,
 * `<!--` or `<script` can end or change the element) and `>`, `&`, U+2028 and U+2029 are escaped
 * too; JSON.parse reads the same value back.
 */
export const jsonForScript = (value: unknown): string =>
  (JSON.stringify(value) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
