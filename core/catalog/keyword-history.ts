/**
 * Spec §5: search keyword history is saved only when longer than 2 characters, without
 * duplicates. Newest first and capped, so the typeahead shows recent searches.
 *
 * Reading: the keyword is trimmed and inner whitespace collapsed before it is measured and
 * stored; duplicates are found case-insensitively and the newest spelling wins.
 */

/** A keyword is saved only when longer than this many characters. */
export const KEYWORD_HISTORY_MIN_EXCLUSIVE = 2;
export const KEYWORD_HISTORY_MAX = 10;

export const cleanKeyword = (keyword: string): string => keyword.trim().replace(/\s+/g, ' ');

export const isSavableKeyword = (keyword: string): boolean =>
  Array.from(cleanKeyword(keyword)).length > KEYWORD_HISTORY_MIN_EXCLUSIVE;

const keyOf = (keyword: string): string => cleanKeyword(keyword).toLowerCase();

/** The history after a search for `keyword`; unchanged (same array) when it is too short. */
export const rememberKeyword = (
  history: readonly string[],
  keyword: string,
  max: number = KEYWORD_HISTORY_MAX,
): readonly string[] => {
  if (!isSavableKeyword(keyword)) return history;
  const cleaned = cleanKeyword(keyword);
  const seen = new Set<string>([keyOf(cleaned)]);
  const rest = history.filter((k) => {
    const key = keyOf(k);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [cleaned, ...rest].slice(0, Math.max(1, Math.floor(max)));
};
