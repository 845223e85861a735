/**
 * Spec §6 personas: the persona is the text after the colon in the first persona claim
 * (e.g. 'KOUS:TVS' → 'TVS'); guests and users without persona claims are GST.
 *
 * Readings we chose (docs/rules.md): the text after the first colon, trimmed and
 * upper-cased; a claim without a colon is the persona itself; an empty result is GST.
 */
export const GUEST_PERSONA = 'GST';
export const PROFESSIONAL_PERSONA = 'TVS';
export const FRIENDS_AND_FAMILY_SUFFIX = 'FF';
export const ASSOCIATE_SUFFIX = 'KEMP';

export const personaFromClaims = (
  claims: readonly string[] | null | undefined,
  isGuest = false,
): string => {
  const first = claims?.[0];
  if (isGuest || first === undefined) return GUEST_PERSONA;
  const colon = first.indexOf(':');
  const persona = (colon >= 0 ? first.slice(colon + 1) : first).trim().toUpperCase();
  return persona === '' ? GUEST_PERSONA : persona;
};

export const isGuestPersona = (persona: string): boolean => persona === GUEST_PERSONA;

/** The professional (trade) persona. */
export const isTvs = (persona: string): boolean => persona === PROFESSIONAL_PERSONA;

/** Friends and family: a persona code ending in FF. */
export const isFriendsAndFamily = (persona: string): boolean =>
  persona.endsWith(FRIENDS_AND_FAMILY_SUFFIX);

/** Sales associate: a persona code ending in KEMP. */
export const isAssociate = (persona: string): boolean => persona.endsWith(ASSOCIATE_SUFFIX);
