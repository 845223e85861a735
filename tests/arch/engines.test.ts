/**
 * Every package the lockfile installs accepts the oldest Node that package.json's engines allows
 * (the machine and CI run Node 20): a newer release of a dependency that asks for Node 22 made
 * `npm install` warn EBADENGINE and could break on the Node we run. The ranges are read with a
 * small reader of npm's range syntax; a range it cannot read fails the test, naming it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config';

type Version = readonly [number, number, number];

interface Comparator {
  readonly op: '>=' | '>' | '<' | '<=' | '=';
  readonly version: Version;
}

const compare = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:[-+][\w.-]*)?$/;

/** `20`, `20.19`, `v12.22.7`, `20.x`: the given parts, undefined from the first wildcard on. */
const parsePartial = (text: string): (number | undefined)[] => {
  const match = PARTIAL.exec(text);
  if (match === null) throw new Error(`cannot read version "${text}"`);
  const parts: (number | undefined)[] = [];
  for (const part of match.slice(1, 4)) {
    if (part === undefined || /^[xX*]$/.test(part)) break;
    parts.push(Number(part));
  }
  return parts;
};

const full = (parts: readonly (number | undefined)[]): Version => [
  parts[0] ?? 0,
  parts[1] ?? 0,
  parts[2] ?? 0,
];

/** One comparator of a range ("^20.19.0", ">=22", "18") as plain bounds. */
const comparatorsOf = (token: string): Comparator[] => {
  const match = /^(>=|<=|>|<|=|\^|~)?\s*(.+)$/.exec(token);
  if (match === null) throw new Error(`cannot read comparator "${token}"`);
  const op = match[1] ?? '';
  const parts = parsePartial(match[2] ?? '');
  const low = full(parts);
  const [major, minor, patch] = parts;
  if (major === undefined) return [];
  const bump = (at: 0 | 1 | 2): Version =>
    at === 0
      ? [major + 1, 0, 0]
      : at === 1
        ? [major, (minor ?? 0) + 1, 0]
        : [major, minor ?? 0, (patch ?? 0) + 1];
  switch (op) {
    case '>=':
      return [{ op: '>=', version: low }];
    case '<':
      return [{ op: '<', version: low }];
    case '>':
      return [{ op: '>=', version: bump((parts.length - 1) as 0 | 1 | 2) }];
    case '<=':
      return [{ op: '<', version: bump((parts.length - 1) as 0 | 1 | 2) }];
    case '^': {
      const upper = major > 0 ? bump(0) : minor !== undefined && minor > 0 ? bump(1) : bump(2);
      return [
        { op: '>=', version: low },
        { op: '<', version: upper },
      ];
    }
    case '~':
      return [
        { op: '>=', version: low },
        { op: '<', version: minor === undefined ? bump(0) : bump(1) },
      ];
    default:
      // "20" is 20.x.x, "20.19" is 20.19.x, "20.19.1" exactly that.
      return [
        { op: '>=', version: low },
        { op: '<', version: bump((parts.length - 1) as 0 | 1 | 2) },
      ];
  }
};

const holds = (version: Version, c: Comparator): boolean => {
  const order = compare(version, c.version);
  switch (c.op) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '=':
      return order === 0;
  }
};

export const satisfies = (version: Version, range: string): boolean =>
  range.split('||').some((alternative) => {
    const text = alternative.trim();
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
    const comparators = hyphen
      ? [...comparatorsOf(`>=${hyphen[1] ?? ''}`), ...comparatorsOf(`<=${hyphen[2] ?? ''}`)]
      : text
          .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
          .split(/\s+/)
          .filter((t) => t !== '')
          .flatMap(comparatorsOf);
    return comparators.every((c) => holds(version, c));
  });

interface LockPackage {
  readonly version?: string;
  readonly engines?: { readonly node?: string } | readonly string[];
  readonly optional?: boolean;
}

const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as T;

describe('Node engines', () => {
  it('reads the range forms the lockfile uses', () => {
    expect(satisfies([20, 19, 0], '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies([20, 19, 0], '>=22')).toBe(false);
    expect(satisfies([20, 19, 0], '18 || 20 || >=22')).toBe(true);
    expect(satisfies([20, 19, 0], '^20.12||^22||>=24')).toBe(true);
    expect(satisfies([20, 9, 0], '^20.12||^22||>=24')).toBe(false);
    expect(satisfies([20, 19, 0], '>=v12.22.7')).toBe(true);
    expect(satisfies([20, 19, 0], '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true);
    expect(satisfies([20, 19, 0], '20.x')).toBe(true);
    expect(satisfies([20, 19, 0], '>= 14')).toBe(true);
    expect(satisfies([20, 19, 0], '14 - 18')).toBe(false);
    expect(satisfies([20, 19, 0], '*')).toBe(true);
  });

  it("every locked package accepts the oldest Node package.json's engines allows", () => {
    const engines = readJson<{ engines: { node: string } }>('package.json').engines.node;
    const oldest = /^>=\s*(\S+)$/.exec(engines);
    if (oldest === null) throw new Error(`package.json engines.node is not ">=x.y": ${engines}`);
    const node = full(parsePartial(oldest[1] ?? ''));
    const lock = readJson<{ packages: Record<string, LockPackage> }>('package-lock.json');
    const refusing = Object.entries(lock.packages)
      .filter(([where, pkg]) => where !== '' && pkg.optional !== true)
      .flatMap(([where, pkg]) => {
        const range = Array.isArray(pkg.engines)
          ? undefined
          : (pkg.engines as { node?: string })?.node;
        return range !== undefined && !satisfies(node, range)
          ? [`${where.replace(/^.*node_modules\//, '')}@${pkg.version ?? '?'} wants node ${range}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });
});
