import { defineErrorCatalog } from '../../../sdk/index.js';

export const setupErrors = defineErrorCatalog({
  setupOperationConflict: { status: 409, message: 'Setup operation {operationId} was already committed with different input' },
  setupIncomplete: { status: 409, message: 'Setup cannot complete yet: {missing}' },
});
