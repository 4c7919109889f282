import { defineErrorCatalog } from '../../../sdk/index.js';

/** Every error the export and import routes answer with. Messages never carry a secret. */
export const exportErrors = defineErrorCatalog({
  /** A request body that does not match the route's schema (wrong type, missing field). */
  exportRequestInvalid: { status: 400, message: 'Invalid export request ({part}): {reason}' },
  /** An export or import names a category no enabled mod provides. */
  exportCategoryUnknown: { status: 400, message: 'No export category {category}' },
  exportPasswordTooShort: { status: 400, message: 'A bundle password needs at least {min} characters' },
  /** The bundle is not JSON or not an svc export of a version this runtime reads. */
  importBundleInvalid: { status: 400, message: 'Not a readable svc export bundle: {reason}' },
  importBundleTooLarge: { status: 413, message: 'The bundle is larger than {maxBytes} bytes' },
  /** The password does not open the bundle's secrets. */
  importPasswordInvalid: { status: 400, message: 'The password does not open this bundle' },
  /** The password is right but the encrypted part or the records it seals were changed. */
  importBundleTampered: { status: 400, message: 'The bundle was changed after it was exported' },
  /**
   * A password was given but the bundle has no sealed part: it was exported without a password,
   * or someone removed the part that binds its records to the password (and with it the check).
   */
  importBundleUnsealed: {
    status: 400,
    message: 'The bundle has no part the password seals, so its records cannot be checked: it was exported without a password or that part was removed. Import it without secrets only with confirmUnsealed: true',
  },
  /** The spec's refusal of an import without an explicit confirmation; the answer carries the preview. */
  importConfirmationRequired: { status: 400, message: 'Importing writes data: send confirm: true after reviewing the preview' },
  /** A bundle item its category refuses (schema or rule). */
  importItemInvalid: { status: 400, message: 'Category {category}, item {item}: {reason}' },
  /** The export would be larger than an import reads: it is refused rather than written. */
  exportBundleTooLarge: { status: 413, message: 'The export would be {bytes} bytes, more than the {maxBytes} an import reads; export fewer categories' },
  exportCategoryFailed: { status: 500, message: 'Category {category} could not be exported' },
  /** A category failed for a reason it did not explain (details are in the server log, without secrets). */
  importCategoryFailed: { status: 500, message: 'Category {category} could not be imported' },
});
