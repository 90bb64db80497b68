/**
 * The English message catalog, and the source of every key. Texts quoted by the spec are
 * exact; other catalogs translate this one key for key (the type checker makes sure).
 */
export const enUS = {
  error: {
    notFoundTitle: "We can't find the page",
    notFoundText: "Unfortunately we can't find the page you are looking for.",
    title: 'Something went wrong ...',
    text: "We've noticed Internal Server Error while rendering this request.",
    home: 'Go to the home page',
    catalogFetch: 'An error occurred while fetching the product catalog. Please try again after sometime.',
  },
  nav: {
    home: 'Home',
    catalog: 'Catalog',
    profile: 'Profile',
    cart: 'Cart',
    main: 'Main',
    back: 'Back',
    account: 'Account',
    allProducts: 'All Products',
    whatsapp: 'Chat on WhatsApp',
    language: 'Language',
  },
  search: {
    label: 'Search',
    placeholder: 'Search for products',
    tooShort: 'Searched term should consist of at least 3 characters.',
    noResults: 'No results were found.',
  },
  catalog: {
    all: 'All',
    categories: 'Categories',
    noProducts: 'No products here yet.',
    viewAll: 'View all',
    bestsellers: 'Bestsellers',
    options_one: '{{count}} option',
    options_other: '{{count}} options',
    unnamed: 'Unnamed',
  },
  product: {
    outOfStock: 'Out of stock',
    inStock: 'In stock',
    onlyLeft: 'Only {{quantity}} left',
    perKg: 'per Kg',
    kg: 'Kg',
    percentOff: '{{percent}}% off',
    description: 'Description',
    options: 'Options',
  },
  cart: {
    empty: 'Cart is Empty',
    totalItems: 'Total Items: {{count}}',
  },
  pages: {
    faqs: 'Frequently asked questions',
    tAndC: 'Terms and conditions',
    privacy: 'Privacy policy',
  },
  account: {
    title: 'Your account',
    pages: 'Account pages',
    orders: 'Your Orders',
    appointments: 'Appointments',
    addresses: 'Addresses',
    profile: 'Profile',
    loginToSee: 'Log in to see your {{page}}.',
  },
  appointment: {
    title: 'Book an appointment',
    none: 'This shop does not take appointments.',
    minutes: '{{count}} min',
    successTitle: 'Your appointment',
    successText: 'Your bookings are listed in your account.',
  },
  order: {
    guestTitle: 'Your order',
    guestText: 'Open this page from the link in your order confirmation.',
    continueShopping: 'Continue shopping',
  },
  email: {
    confirmed: 'Your e-mail address is confirmed',
  },
};

export type Messages = typeof enUS;
