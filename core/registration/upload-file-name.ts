/**
 * Spec §5 "Uploaded file names: lower-cased, spaces become hyphens" — the fileName query of
 * PUT /crm/asset/upload (proof of purchase for a product registration).
 *
 * Reading we chose (docs/rules.md): each space character becomes one hyphen (no
 * collapsing, other characters untouched), so the rule is exactly the spec's two steps.
 */
export const uploadFileName = (name: string): string => name.toLowerCase().replaceAll(' ', '-');
