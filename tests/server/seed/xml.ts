/**
 * A tiny XML reader for the tests: enough to prove a generated SVG is well-formed (balanced
 * tags, quoted attributes, only the five named entities or numeric ones) and to look inside it.
 * It throws on anything malformed.
 */

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Decoded text directly inside the element. */
  readonly text: string;
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

const isNameChar = (c: string): boolean =>
  (c >= 'a' && c <= 'z') ||
  (c >= 'A' && c <= 'Z') ||
  (c >= '0' && c <= '9') ||
  c === '-' ||
  c === '_' ||
  c === ':' ||
  c === '.';

const isSpace = (c: string): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r';

const decode = (raw: string, where: string): string => {
  let out = '';
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw[i] as string;
    if (c === '<') throw new Error(`raw < in ${where}`);
    if (c !== '&') {
      out += c;
      continue;
    }
    const end = raw.indexOf(';', i);
    if (end < 0) throw new Error(`unterminated entity in ${where}`);
    const entity = raw.slice(i + 1, end);
    if (entity.startsWith('#x')) out += String.fromCodePoint(parseInt(entity.slice(2), 16));
    else if (entity.startsWith('#')) out += String.fromCodePoint(Number(entity.slice(1)));
    else if (NAMED[entity] !== undefined) out += NAMED[entity];
    else throw new Error(`unknown entity &${entity}; in ${where}`);
    i = end;
  }
  return out;
};

interface Building {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export const parseXml = (source: string): XmlElement => {
  let i = 0;
  const stack: Building[] = [];
  let root: XmlElement | null = null;
  const peek = (offset = 0): string => source[i + offset] ?? '';
  const readName = (): string => {
    const start = i;
    while (i < source.length && isNameChar(peek())) i += 1;
    if (i === start) throw new Error(`expected a name at ${start}`);
    return source.slice(start, i);
  };
  const skipSpace = (): void => {
    while (i < source.length && isSpace(peek())) i += 1;
  };
  const close = (element: Building): void => {
    const done: XmlElement = { ...element };
    const parent = stack[stack.length - 1];
    if (parent === undefined) {
      if (root !== null) throw new Error('more than one root element');
      root = done;
    } else parent.children.push(done);
  };

  while (i < source.length) {
    if (peek() !== '<') {
      const end = source.indexOf('<', i);
      const raw = source.slice(i, end < 0 ? source.length : end);
      const parent = stack[stack.length - 1];
      if (parent === undefined) {
        if (raw.trim() !== '') throw new Error('text outside the root element');
      } else parent.text += decode(raw, parent.name);
      i = end < 0 ? source.length : end;
      continue;
    }
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i);
      if (end < 0) throw new Error('unterminated comment');
      i = end + 3;
      continue;
    }
    if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i);
      if (end < 0) throw new Error('unterminated declaration');
      i = end + 2;
      continue;
    }
    if (peek(1) === '/') {
      i += 2;
      const name = readName();
      skipSpace();
      if (peek() !== '>') throw new Error(`malformed end tag ${name}`);
      i += 1;
      const open = stack.pop();
      if (open === undefined || open.name !== name) {
        throw new Error(`end tag ${name} does not match ${open?.name ?? 'nothing'}`);
      }
      close(open);
      continue;
    }
    i += 1;
    const element: Building = { name: readName(), attributes: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (peek() === '>') {
        i += 1;
        stack.push(element);
        break;
      }
      if (peek() === '/' && peek(1) === '>') {
        i += 2;
        close(element);
        break;
      }
      if (i === before) throw new Error(`attributes of ${element.name} need spaces between them`);
      const attribute = readName();
      if (peek() !== '=') throw new Error(`attribute ${attribute} has no value`);
      i += 1;
      const quote = peek();
      if (quote !== '"' && quote !== "'") throw new Error(`attribute ${attribute} is not quoted`);
      const end = source.indexOf(quote, i + 1);
      if (end < 0) throw new Error(`attribute ${attribute} is not closed`);
      if (attribute in element.attributes) throw new Error(`duplicate attribute ${attribute}`);
      element.attributes[attribute] = decode(
        source.slice(i + 1, end),
        `${element.name}@${attribute}`,
      );
      i = end + 1;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed element ${stack[stack.length - 1]?.name ?? ''}`);
  if (root === null) throw new Error('no root element');
  return root;
};

/** Every element of a tree, depth first. */
export const allElements = (element: XmlElement): XmlElement[] => [
  element,
  ...element.children.flatMap(allElements),
];
