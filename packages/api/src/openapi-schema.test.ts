import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ComponentCollector } from './openapi-schema.js';

describe('ComponentCollector', () => {
  it('replaces titled schemas with references and collects them once', () => {
    const Thing = Type.Object({ id: Type.String() }, { title: 'Thing' });
    const c = new ComponentCollector();
    const converted = c.convert(
      Type.Object({ one: Thing, many: Type.Array(Thing), maybe: Type.Optional(Thing) }),
    );
    expect(converted).toMatchObject({
      properties: {
        one: { $ref: '#/components/schemas/Thing' },
        many: { items: { $ref: '#/components/schemas/Thing' } },
        maybe: { $ref: '#/components/schemas/Thing' },
      },
    });
    expect(Object.keys(c.components())).toEqual(['Thing']);
  });

  it('leaves values that are not schemas alone, even when they carry a title', () => {
    const c = new ComponentCollector();
    const schema = Type.Object({ title: Type.String() }, { default: { title: 'x' } });
    expect(c.convert(schema)).toMatchObject({ default: { title: 'x' } });
    expect(c.components()).toEqual({});
  });

  it('refuses two different schemas under one name', () => {
    const c = new ComponentCollector();
    c.convert(Type.Object({ a: Type.String() }, { title: 'Same' }));
    expect(() => c.convert(Type.Object({ b: Type.String() }, { title: 'Same' }))).toThrow(/Same/);
  });

  it('turns a TypeBox cycle into a self-referencing component', () => {
    const Node = Type.Cyclic(
      { Node: Type.Object({ children: Type.Array(Type.Ref('Node')) }, { title: 'Node' }) },
      'Node',
    );
    const c = new ComponentCollector();
    expect(c.convert(Node)).toEqual({ $ref: '#/components/schemas/Node' });
    expect(c.components()).toEqual({
      Node: {
        type: 'object',
        required: ['children'],
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
        title: 'Node',
      },
    });
  });
});
