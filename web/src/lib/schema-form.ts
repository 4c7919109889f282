/**
 * A settings form read from a mod's JSON Schema (`contributes.settings`): strings, numbers,
 * integers, booleans, enums, arrays of strings (one per line) and objects one level deep. The
 * form holds text (and booleans); the document sent keeps whatever the form cannot show, and the
 * server's schema check has the last word.
 */
import { formatNumber } from './format.js';
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'string-list' | 'object';

export interface Field {
  /** The property names from the document's root. */
  path: string[];
  label: string;
  kind: FieldKind;
  schema: JsonSchema;
  required: boolean;
  /** For `object`: its fields (one level). */
  fields?: Field[];
}

/** Text per field (`path.join('.')`), a boolean for checkboxes. */
export type FormValues = Record<string, string | boolean>;

const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type);

function kindOf(schema: JsonSchema, depth: number): FieldKind | undefined {
  if (Array.isArray(schema.enum) && schema.enum.length && schema.enum.every((v) => typeof v === 'string')) return 'enum';
  const type = typeOf(schema);
  if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') return type;
  if (type === 'array' && schema.items && typeOf(schema.items) === 'string') return 'string-list';
  if (type === 'object' && depth === 0 && schema.properties) return 'object';
  return undefined;
}

/** Unit suffixes of property names, said in words after the label. */
const UNITS: Array<[RegExp, string]> = [
  [/Ms$/, 'milliseconds'],
  [/Seconds$/, 'seconds'],
  [/Minutes$/, 'minutes'],
  [/Hours$/, 'hours'],
  [/Days$/, 'days'],
  [/Bytes$/, 'bytes'],
];

/** The schema's `title`, else the key in words: "callTimeoutMs" → "Call timeout (milliseconds)". */
export function labelFor(key: string, schema: JsonSchema): string {
  if (schema.title) return schema.title;
  const unit = UNITS.find(([suffix]) => suffix.test(key) && key.replace(suffix, '') !== '');
  const base = unit ? key.replace(unit[0], '') : key;
  const words = base
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return unit ? `${label} (${unit[1]})` : label;
}

/** The schema's default as the form would show it, when it has a plain one. */
export function defaultText(schema: JsonSchema): string | undefined {
  const value = schema.default;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'string' && value !== '') return value;
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')) return value.join(', ');
  return undefined;
}

/** The fields the form shows; properties of a kind it cannot edit are left out (and kept as they are). */
export function fieldsOf(schema: JsonSchema, path: string[] = []): Field[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]): Field[] => {
    const kind = kindOf(property, path.length);
    if (!kind) return [];
    const field: Field = { path: [...path, key], label: labelFor(key, property), kind, schema: property, required: required.has(key) };
    if (kind === 'object') field.fields = fieldsOf(property, field.path);
    return [field];
  });
}

export const keyOf = (field: Field): string => field.path.join('.');

function read(document: Record<string, unknown>, path: string[]): unknown {
  let value: unknown = document;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

export function valuesFrom(fields: Field[], document: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.fields) {
      Object.assign(values, valuesFrom(field.fields, document));
      continue;
    }
    const value = read(document, field.path);
    if (field.kind === 'boolean') values[keyOf(field)] = value === true;
    else if (field.kind === 'string-list') values[keyOf(field)] = Array.isArray(value) ? value.join('\n') : '';
    else values[keyOf(field)] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

/**
 * The document to save: `previous` with each field set from the form (an empty optional field
 * removed), or the problems that keep it from being sent (a required field left empty, a number
 * that is not one). Range and length checks are the server's.
 */
export function documentFrom(fields: Field[], values: FormValues, previous: Record<string, unknown>): { document: Record<string, unknown>; problems: string[] } {
  // A JSON copy: `previous` may be a reactive proxy, which structuredClone refuses.
  const document = JSON.parse(JSON.stringify(previous)) as Record<string, unknown>;
  const problems: string[] = [];
  const apply = (list: Field[], target: Record<string, unknown>) => {
    for (const field of list) {
      const key = field.path[field.path.length - 1]!;
      if (field.fields) {
        const current = target[key];
        const nested: Record<string, unknown> = current && typeof current === 'object' && !Array.isArray(current) ? { ...(current as Record<string, unknown>) } : {};
        apply(field.fields, nested);
        if (Object.keys(nested).length || field.required) target[key] = nested;
        else delete target[key];
        continue;
      }
      const value = values[keyOf(field)];
      if (field.kind === 'boolean') {
        target[key] = value === true;
        continue;
      }
      const text = typeof value === 'string' ? value : '';
      if (field.kind === 'string-list') {
        const items = text
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        if (items.length || field.required) target[key] = items;
        else delete target[key];
        continue;
      }
      // Strings are sent as typed; numbers and choices without blanks around them.
      const empty = field.kind === 'string' ? text === '' : text.trim() === '';
      if (empty) {
        if (field.required) problems.push(`${field.label} is required.`);
        delete target[key];
        continue;
      }
      if (field.kind === 'number' || field.kind === 'integer') {
        const number = Number(text.trim());
        if (!Number.isFinite(number) || (field.kind === 'integer' && !Number.isInteger(number))) {
          problems.push(`${field.label} must be ${field.kind === 'integer' ? 'a whole number' : 'a number'}.`);
          continue;
        }
        target[key] = number;
      } else {
        target[key] = field.kind === 'enum' ? text.trim() : text;
      }
    }
  };
  apply(fields, document);
  return { document, problems };
}
