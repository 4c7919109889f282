import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the usage mod answers with. */
export const usageErrors = defineErrorCatalog({
  /** `from` is not before `to`. */
  usageRangeInvalid: { status: 400, message: 'The usage range is empty: from ({from}) must be before to ({to})' },
});
