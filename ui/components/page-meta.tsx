/**
 * A page's description and canonical address, for search engines and link previews. React 19
 * hoists both into `<head>`, and the server's render puts them there in the first response.
 */

/** Meta descriptions past this length are cut by search engines anyway. */
export const DESCRIPTION_MAX = 160;

/** Plain text of at most DESCRIPTION_MAX characters, cut at a word with an ellipsis. */
export const metaDescription = (text: string): string => {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
};

export const PageMeta = ({
  description,
  canonical,
}: {
  readonly description?: string;
  /** The page's own address (path and the query that makes it another page), from the root. */
  readonly canonical: string;
}) => {
  const text = description === undefined ? '' : metaDescription(description);
  return (
    <>
      {text !== '' && <meta name="description" content={text} />}
      <link rel="canonical" href={canonical} />
    </>
  );
};
