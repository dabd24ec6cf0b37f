/** Business constants from the specs (§9 of both documents). */
export const ENTITY_TYPES = ['system', 'group', 'organization', 'display'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
/** Entity types that may have children. */
export const PARENT_TYPES: readonly EntityType[] = ['system', 'group', 'organization'];
export const canHaveChildren = (type: EntityType) => PARENT_TYPES.includes(type);

export const ROLES = ['owner', 'administrator', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

export const ENTITY_NAME_MIN = 3;
export const ENTITY_NAME_MAX = 255;
export const CODE_WORD_MIN = 3;
export const CODE_WORD_MAX = 10;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const MAX_SMS_NOTIFICATION_MEMBERS = 2;
/** Upper bounds of the SMS caps an organization may set (entity settings, SMS card). */
export const SMS_DAILY_REPLY_LIMIT_MAX = 100;
export const SMS_MONTHLY_BUDGET_MAX = 100_000;
/** How long the JA/NEI code in an approval SMS can be used. */
export const SMS_APPROVAL_CODE_DAYS = 7;
export const RESET_LINK_VALIDITY_MS = 4 * 60 * 60 * 1000;
export const DISPLAY_HASHID_MIN_LENGTH = 10;
export const ASSET_HASHID_MIN_LENGTH = 20;
export const TIME_ZONE = 'Europe/Oslo';
export const DEFAULT_LOCALE = 'no';
export const FALLBACK_LOCALE = 'en';
export const LANGUAGES = ['no', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_COUNTRY = 'NO';
export const THEME_PRIMARY = '#019939';
export const DEFAULT_NOTE_BOARD_COLOR = '#e0d6d0';
export const NOTE_BOARD_SWATCHES = ['#e0d6d0', '#f7d4d2', '#eeeeee', '#d0e5be', '#daedf1'] as const;
export const ORIENTATIONS = [0, 1] as const;
export const FORM_RESULT_MS = 5000;
export const SNACKBAR_MS = 2000;
export const CONNECTIVITY_RETRY_MS = 3000;
export const CONNECTIVITY_RETRY_COUNT = 10;

export const FEATURE_SET_NAMES = ['styretavla', 'oppslag'] as const;
export type FeatureSetName = (typeof FEATURE_SET_NAMES)[number];
