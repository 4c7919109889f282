import { defineErrorCatalog } from '../../../sdk/index.js';

export const docsErrors = defineErrorCatalog({
  docsAssetNotFound: { status: 404, message: 'No explorer asset {asset}' },
});
