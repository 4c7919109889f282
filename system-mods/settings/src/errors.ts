import { defineErrorCatalog } from '../../../sdk/index.js';

/**
 * Semantic checks the JSON Schemas cannot express. Shape errors (wrong type, missing or
 * unknown field, too long) are the kernel's `request_validation_failed`.
 */
export const settingsErrors = defineErrorCatalog({
  settingsTimezoneInvalid: { status: 400, message: '{timezone} is not an IANA time zone name' },
  settingsIdentityInvalid: { status: 400, message: 'Invalid operator identity: {reason}' },
  settingsAvatarInvalid: {
    status: 400,
    message: 'The avatar must be null, text of at most {textMax} characters that is not a javascript:, vbscript: or non-image data: URL, or a data:image or http(s) URL of at most {max} characters',
  },
  settingsCuratorScheduleInvalid: { status: 400, message: '{schedule} is not a 5-field cron expression' },
  settingsApprovalRuleInvalid: { status: 400, message: 'Tool-approval rule {index} cannot be applied: {reason}' },
  settingsCommandPatternInvalid: { status: 400, message: 'Blocked command pattern {index} is not a valid regular expression: {reason}' },
});
