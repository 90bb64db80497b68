/**
 * The user-facing texts of the spec, exact, in one catalog. The languages issue moves
 * this behind i18next with the same keys.
 */
export const messages = {
  notFoundTitle: "We can't find the page",
  notFoundText: "Unfortunately we can't find the page you are looking for.",
  errorTitle: 'Something went wrong ...',
  errorText: "We've noticed Internal Server Error while rendering this request.",
  allProducts: 'All Products',
  all: 'All',
  outOfStock: 'Out of stock',
  home: 'Home',
  catalog: 'Catalog',
  profile: 'Profile',
  cart: 'Cart',
  back: 'Back',
  search: 'Search',
  searchPlaceholder: 'Search for products',
  account: 'Account',
  whatsapp: 'Chat on WhatsApp',
  noProducts: 'No products here yet.',
  categories: 'Categories',
  viewAll: 'View all',
  description: 'Description',
  inStock: 'In stock',
  onlyLeft: (n: string) => `Only ${n} left`,
  perKg: 'per Kg',
  cartEmpty: 'Cart is Empty',
} as const;
