export { countryName } from './countries';
export { formatPhone, isPhoneValid, PhoneField } from './phone-field';
export { renderNoTranslateOption } from './untranslated-option';
