import { describe, expect, it } from 'vitest';
import { parseXml } from './xml';

describe('the test XML reader', () => {
  it('reads nested elements, attributes and entities', () => {
    const root = parseXml(
      '<svg a="1" b=\'x &amp; y\'><title>A &lt;b&gt; &#38; &#x41;</title><g><rect/></g></svg>',
    );
    expect(root.name).toBe('svg');
    expect(root.attributes).toEqual({ a: '1', b: 'x & y' });
    expect(root.children.map((c) => c.name)).toEqual(['title', 'g']);
    expect(root.children[0]?.text).toBe('A <b> & A');
  });

  it.each([
    ['unbalanced tags', '<a><b></a>'],
    ['an unclosed element', '<a><b/>'],
    ['an unquoted attribute', '<a b=1/>'],
    ['a duplicate attribute', '<a b="1" b="2"/>'],
    ['attributes run together', '<a b="1"c="2"/>'],
    ['a raw ampersand', '<a>x & y</a>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['a raw < in an attribute', '<a b="<"/>'],
    ['two roots', '<a/><b/>'],
    ['text outside the root', 'x<a/>'],
    ['nothing at all', ''],
  ])('rejects %s', (_, source) => {
    expect(() => parseXml(source)).toThrow();
  });
});
