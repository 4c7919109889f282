import type { RouteSchema } from '../../../../sdk/index.js';
import { AVATAR_MAX, AVATAR_TEXT_MAX, OPERATOR_NAME_MAX } from '../services/operator-settings.js';
import { okResponse, TAGS } from './common.schema.js';

const name = {
  type: 'string',
  minLength: 1,
  maxLength: OPERATOR_NAME_MAX,
  pattern: '\\S',
  description: `Display name, 1–${OPERATOR_NAME_MAX} characters; surrounding whitespace is trimmed and it must not be blank.`,
} as const;

const avatar = {
  type: ['string', 'null'],
  maxLength: AVATAR_MAX,
  description:
    `null (no avatar); any text of at most ${AVATAR_TEXT_MAX.toLocaleString('en')} characters, such as an emoji; ` +
    `or a data:image/… or http(s) URL of at most ${AVATAR_MAX.toLocaleString('en')} characters. ` +
    'A javascript:, vbscript: or non-image data: URL is refused with 400 settings_avatar_invalid.',
} as const;

const operator = {
  type: 'object',
  required: ['name', 'avatar'],
  additionalProperties: false,
  description: 'The operator as shown in the UI.',
  properties: { name, avatar },
} as const;

const response = {
  200: okResponse('identities', {
    type: 'object',
    required: ['operator'],
    additionalProperties: false,
    properties: { operator: { oneOf: [operator, { type: 'null', description: 'Nothing saved yet (setup writes the operator identity).' }] } },
  }),
} as const;

export const getIdentitiesSchema = {
  summary: 'The operator identity (null before one is saved)',
  tags: TAGS,
  response,
} as const satisfies RouteSchema;

export const putIdentitiesSchema = {
  summary: 'Save the operator identity',
  tags: TAGS,
  body: {
    type: 'object',
    required: ['operator'],
    additionalProperties: false,
    properties: {
      operator: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: { name, avatar: { ...avatar, description: `${avatar.description} Omitted: the saved avatar is kept.` } },
      },
    },
  },
  response,
} as const satisfies RouteSchema;
