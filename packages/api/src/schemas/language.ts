import type { Static } from 'typebox';
import { StringEnum } from './common.js';

// prettier-ignore
const languageCodes = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'yue', 'ko', 'ar', 'hi', 'nl',
  'pl', 'tr', 'sv', 'no', 'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk',
  'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
] as const;

/** Content languages: the public API's list (the description shows only the example `en`). */
export const Language = StringEnum([...languageCodes], { title: 'Language' });
/** A content language. */
export type Language = Static<typeof Language>;
