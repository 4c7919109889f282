import { describe, expect, it } from 'vitest';
import { documentFrom, fieldsOf, valuesFrom, type JsonSchema } from '../../web/src/lib/schema-form.js';

const schema: JsonSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string' },
    limit: { type: 'integer', minimum: 1 },
    ratio: { type: 'number' },
    on: { type: 'boolean' },
    mode: { type: 'string', enum: ['fast', 'slow'] },
    hosts: { type: 'array', items: { type: 'string' } },
    nested: { type: 'object', properties: { url: { type: 'string' }, deep: { type: 'object', properties: { x: { type: 'string' } } } } },
    blob: { type: 'array', items: { type: 'object' } },
  },
};

describe('schema-drawn settings form', () => {
  it('shows the kinds it can edit, objects one level deep', () => {
    const fields = fieldsOf(schema);
    expect(fields.map((f) => [f.path.join('.'), f.kind, f.required])).toEqual([
      ['name', 'string', true],
      ['limit', 'integer', false],
      ['ratio', 'number', false],
      ['on', 'boolean', false],
      ['mode', 'enum', false],
      ['hosts', 'string-list', false],
      ['nested', 'object', false],
    ]);
    expect(fields[6]!.fields!.map((f) => f.path.join('.'))).toEqual(['nested.url']);
    expect(fields[1]!.label).toBe('Limit');
  });

  it('round-trips a document and keeps what the form cannot show', () => {
    const fields = fieldsOf(schema);
    const document = { name: 'a', limit: 3, on: true, hosts: ['x', 'y'], nested: { url: 'u', deep: { x: '1' } }, blob: [{}] };
    const values = valuesFrom(fields, document);
    expect(values).toMatchObject({ name: 'a', limit: '3', ratio: '', on: true, hosts: 'x\ny', 'nested.url': 'u' });
    expect(documentFrom(fields, values, document)).toEqual({ document: { ...document, on: true }, problems: [] });

    const edited = { ...values, limit: '', ratio: '0.5', hosts: ' z \n\n', 'nested.url': '', mode: 'slow' };
    expect(documentFrom(fields, edited, document).document).toEqual({
      name: 'a',
      ratio: 0.5,
      on: true,
      mode: 'slow',
      hosts: ['z'],
      nested: { deep: { x: '1' } },
      blob: [{}],
    });
  });

  it('refuses a blank required field and a number that is not one before sending', () => {
    const fields = fieldsOf(schema);
    const values = { ...valuesFrom(fields, {}), name: '', limit: '2.5' };
    expect(documentFrom(fields, values, {}).problems).toEqual(['Name is required.', 'Limit must be a whole number.']);
  });
});
