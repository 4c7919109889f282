/** Request and response schemas of the skills routes; they validate and feed the OpenAPI contract. */
import { ENTITY_ID_PATTERN } from '../../../../sdk/index.js';
import { MAX_CONTENT, MAX_DESCRIPTION, MAX_NAME } from '../services/filesystem-skills.js';

const SOURCES = ['central', 'filesystem-global', 'filesystem-agent'] as const;

export const skillIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ENTITY_ID_PATTERN } },
} as const;

export const agentIdParams = {
  type: 'object',
  required: ['agentId'],
  properties: { agentId: { type: 'string', pattern: ENTITY_ID_PATTERN } },
} as const;

const name = { type: 'string', minLength: 1, maxLength: MAX_NAME, pattern: '\\S' } as const;
const description = { type: 'string', maxLength: MAX_DESCRIPTION } as const;
const content = { type: 'string', minLength: 1, maxLength: MAX_CONTENT, description: `Markdown given to the model, at most ${MAX_CONTENT.toLocaleString('en')} characters` } as const;

export const createBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'content'],
  properties: {
    id: { type: 'string', maxLength: 200, description: `Optional; must match ${ENTITY_ID_PATTERN}. Derived from the name when omitted.` },
    name,
    description,
    content,
  },
} as const;

export const patchBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name, description, content },
} as const;

export const assignmentBody = {
  type: 'object',
  additionalProperties: false,
  required: ['skills'],
  properties: {
    skills: {
      type: 'array',
      maxItems: 500,
      description: "Skill ids in the order the model gets them; each must be in the agent's catalog and listed once",
      items: { type: 'string', pattern: ENTITY_ID_PATTERN },
    },
  },
} as const;

const summaryProperties = {
  id: { type: 'string' },
  name: { type: 'string' },
  description: { type: 'string' },
  source: { enum: SOURCES },
  updatedAt: { type: 'string', format: 'date-time' },
  path: { type: 'string', description: 'Filesystem skills: the file, relative to the workspaces folder' },
  shadows: { type: 'array', items: { enum: SOURCES }, description: 'Lower-precedence layers that have a skill with the same id' },
} as const;

export const skillSummarySchema = {
  type: 'object',
  required: ['id', 'name', 'description', 'source'],
  properties: summaryProperties,
} as const;

export const skillSchema = {
  type: 'object',
  required: ['id', 'name', 'description', 'source', 'content'],
  properties: { ...summaryProperties, content: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } },
} as const;

export const invalidEntrySchema = {
  type: 'object',
  required: ['source', 'folder', 'path', 'reason'],
  properties: {
    source: { enum: ['filesystem-global', 'filesystem-agent'] },
    folder: { type: 'string' },
    path: { type: 'string' },
    reason: { enum: ['id_invalid', 'outside_root', 'skill_md_missing', 'not_a_file', 'too_large', 'front_matter_invalid', 'unreadable'] },
    detail: { type: 'string' },
  },
} as const;

export const okSkill = { type: 'object', required: ['ok', 'skill'], properties: { ok: { const: true }, skill: skillSchema } } as const;

export const okSkillList = {
  type: 'object',
  required: ['ok', 'skills', 'invalid'],
  properties: {
    ok: { const: true },
    skills: {
      type: 'array',
      items: {
        type: 'object',
        required: [...skillSummarySchema.required, 'givenTo'],
        properties: {
          ...summaryProperties,
          givenTo: { type: 'array', items: { type: 'string' }, description: "The agents whose assignment has this skill's id, sorted (the reverse of GET /api/agents/{agentId}/skills)" },
        },
      },
    },
    invalid: { type: 'array', items: invalidEntrySchema, description: 'Skill folders that were skipped, with the reason' },
  },
} as const;

export const okAssignment = {
  type: 'object',
  required: ['ok', 'assigned', 'effective', 'missing', 'catalog', 'invalid'],
  properties: {
    ok: { const: true },
    assigned: { type: 'array', items: { type: 'string' }, description: 'The stored assignment, in order' },
    effective: { type: 'array', items: skillSummarySchema, description: 'Assigned skills that resolve, in assignment order, from the winning layer' },
    missing: { type: 'array', items: { type: 'string' }, description: "Assigned ids no longer in the agent's catalog" },
    catalog: { type: 'array', items: skillSummarySchema, description: "The agent's effective catalog: every skill it can be given" },
    invalid: { type: 'array', items: invalidEntrySchema },
  },
} as const;
