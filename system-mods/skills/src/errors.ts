import { defineErrorCatalog } from '../../../sdk/index.js';

export const skillErrors = defineErrorCatalog({
  skillNotFound: { status: 404, message: 'No skill {skillId}' },
  skillExists: { status: 409, message: 'A skill with id {skillId} already exists ({source})' },
  skillIdInvalid: { status: 400, message: 'Skill id {skillId} is not valid: lower-case letters, digits, "-" and "_", at most 64 characters' },
  skillReadOnly: { status: 409, message: 'Skill {skillId} comes from the filesystem ({path}); edit the file instead' },
  skillUnknown: { status: 400, message: 'No skill {skillId} in the catalog of agent {agentId}' },
  skillAssignmentDuplicate: { status: 400, message: 'Skill {skillId} is listed more than once' },
});
