// The provinces and official languages, as the server's rules (crates/domain/src/school.rs) write them.
export const PROVINCES = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;

export const LANGUAGES = [
  'Afrikaans',
  'English',
  'isiNdebele',
  'isiXhosa',
  'isiZulu',
  'Sepedi',
  'Sesotho',
  'Setswana',
  'siSwati',
  'Tshivenda',
  'Xitsonga',
  'South African Sign Language',
] as const;

export const provinceOptions = PROVINCES.map((province) => ({ value: province, label: province }));
export const languageOptions = LANGUAGES.map((language) => ({ value: language, label: language }));
