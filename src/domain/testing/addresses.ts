/** A delivery address in Bengaluru, with no apartment and no phone, for tests (spread it to change a field). */
export const ashaAddress = {
  fullName: 'Asha Rao',
  streetName: '12 MG Road',
  apartment: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipCode: '560001',
  country: 'India',
  phone: '',
};
