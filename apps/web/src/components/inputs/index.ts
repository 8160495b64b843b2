export { countryName, phoneCountries } from './countries';
export { isPhoneValid, PhoneField } from './phone-field';
export { renderNoTranslateOption } from './untranslated-option';
