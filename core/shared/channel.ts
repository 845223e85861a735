/** Spec §9: the default sales channel, used when a request names none (the target header). */
export const DEFAULT_SALES_CHANNEL = 'KOUS';
