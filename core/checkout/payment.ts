/** Spec §9: a payment succeeded when the provider answers with result code 870. */

export const PAYMENT_SUCCESS_CODE = 870;

/** The code may arrive as a number or a string ("870"); nothing else counts as success. */
export const isPaymentApproved = (code: number | string | null | undefined): boolean => {
  if (typeof code === 'number') return code === PAYMENT_SUCCESS_CODE;
  if (typeof code === 'string') return code.trim() === String(PAYMENT_SUCCESS_CODE);
  return false;
};
