import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { defaultText, documentFrom, fieldsOf, labelFor, valuesFrom, type JsonSchema } from '../../web/src/lib/schema-form.js';

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

  it("labels a field by the schema's title, else by its key in words with the unit spelled out", () => {
    expect(labelFor('callTimeoutMs', { type: 'integer', title: 'MCP call timeout' })).toBe('MCP call timeout');
    expect(labelFor('callTimeoutMs', { type: 'integer' })).toBe('Call timeout (milliseconds)');
    expect(labelFor('graceSeconds', { type: 'integer' })).toBe('Grace (seconds)');
    expect(labelFor('pool_lb', { type: 'object' })).toBe('Pool lb');
    // A key that is only a unit stays a word.
    expect(labelFor('seconds', { type: 'integer' })).toBe('Seconds');
    expect(defaultText({ default: 30000 })).toBe('30,000');
    expect(defaultText({ default: false })).toBe('off');
    expect(defaultText({ default: '' })).toBeUndefined();
    expect(defaultText({})).toBeUndefined();
  });

  it("gives every property of a system mod's settings a title and a description for operators", () => {
    const root = path.join(import.meta.dirname, '../../system-mods');
    const missing: string[] = [];
    const walk = (where: string, schema: JsonSchema) => {
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (!property.title || !property.description) missing.push(`${where}.${key}`);
        if (property.properties) walk(`${where}.${key}`, property);
      }
    };
    for (const id of readdirSync(root)) {
      const manifest = path.join(root, id, 'mod.json');
      if (!existsSync(manifest)) continue;
      const settings = (JSON.parse(readFileSync(manifest, 'utf8')) as { contributes?: { settings?: JsonSchema } }).contributes?.settings;
      if (settings) walk(id, settings);
    }
    expect(missing).toEqual([]);
  });
});
