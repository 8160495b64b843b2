import { type Language, updateSelfLanguage as updateSelfLanguageRoute } from '@kerf/contracts';
import { api } from '../../../lib/api';

export function updateSelfLanguage(language: Language) {
  return api(updateSelfLanguageRoute, { body: { value: language } });
}
