/**
 * A product's facetable attributes (`{ gpm: '1.2', shape: 'elongated' }`) in the shopper's words:
 * one name for each, used by the list pages' facets (adapters' facetLabel), their help texts
 * (server/search/tooltips.ts) and the compare table, and the value with its unit, so no row reads
 * "Gpm: 1.2". With these names the compare table recognises an attribute a spec row already shows
 * ("Flow rate") and does not show it twice.
 */
interface AttributeWords {
  readonly label: string;
  /** Appended to a number: 1.2 → "1.2 gpm". */
  readonly unit?: string;
}

const ATTRIBUTES: Readonly<Record<string, AttributeWords>> = {
  type: { label: 'Type' },
  shape: { label: 'Bowl shape' },
  height: { label: 'Height' },
  flush: { label: 'Flush' },
  gpf: { label: 'Gallons per flush', unit: 'gpf' },
  pieces: { label: 'Pieces' },
  roughin: { label: 'Rough-in', unit: 'in' },
  mount: { label: 'Mount' },
  material: { label: 'Material' },
  holes: { label: 'Faucet holes' },
  width: { label: 'Width', unit: 'in' },
  handles: { label: 'Handles' },
  gpm: { label: 'Flow rate', unit: 'gpm' },
  sprays: { label: 'Spray settings' },
  install: { label: 'Installation' },
  length: { label: 'Length', unit: 'in' },
  whirlpool: { label: 'Whirlpool' },
  sinks: { label: 'Sinks' },
  lighted: { label: 'Lighted' },
  bowls: { label: 'Bowls' },
  gauge: { label: 'Gauge' },
};

const known = (name: string): AttributeWords | undefined =>
  Object.hasOwn(ATTRIBUTES, name) ? ATTRIBUTES[name] : undefined;

const sentenceCase = (words: string): string =>
  words === '' ? words : words.charAt(0).toUpperCase() + words.slice(1);

/** 'bowl-shape' or 'bowlShape' → 'Bowl shape'; a known attribute gets its shopper's name. */
export const attributeLabel = (name: string): string => {
  const words = known(name)?.label;
  if (words !== undefined) return words;
  const spelled = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return spelled === '' ? name : sentenceCase(spelled);
};

const NUMBER = /^-?\d+(\.\d+)?$/;

/** '1.2' of gpm → '1.2 gpm'; 'elongated' → 'Elongated'; a blank value stays blank. */
export const attributeValue = (name: string, value: string): string => {
  const text = value.trim();
  const unit = known(name)?.unit;
  if (unit !== undefined && NUMBER.test(text)) return `${text} ${unit}`;
  return sentenceCase(text);
};
