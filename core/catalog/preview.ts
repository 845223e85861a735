/** Spec §9: a product list drawn for preview is cut to 3 items when it has more. */

export const PREVIEW_LIST_MAX = 3;

export const previewList = <T>(items: readonly T[]): readonly T[] =>
  items.length > PREVIEW_LIST_MAX ? items.slice(0, PREVIEW_LIST_MAX) : items;
