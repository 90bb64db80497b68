import type { CatalogFile } from '../../domain/catalog.ts';
import { configMessages } from '../../domain/shop-config.ts';
import { ashaAddress } from '../../domain/testing/addresses.ts';

/** A small valid shop config: each test changes what it is about. */
export const testShopConfig = () => ({
  id: 'test-shop',
  title: 'Test Shop',
  localeConfig: { defaultLocale: 'en-IN', currencySign: '₹', fractionDigits: 2, priceFormat: '{sign}{amount}' },
  orderConfig: { orderEnabled: true, enquiryEnabled: false },
  themeConfig: { themeId: 'default', primaryColor: '#2874f0' },
  contact: { whatsappNumber: '+919800000000' },
});

/** A shop taking pickup orders paid on delivery, asking the shopper for a name alone. */
export const pickupShopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

/** A shop taking pickup orders with an e-mail address, paid on delivery or by UPI to the shop's id. */
export const pickupOrUpiShopConfig = () => ({
  ...testShopConfig(),
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: false } } },
  payment: {
    providers: [
      { id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' },
      { id: 'upi-manual', providerName: 'UPI', buttonText: 'Pay by UPI' },
    ],
    upi: { vpa: 'test.shop@okbank', payeeName: 'Test Shop' },
  },
});

/**
 * Appointments for one service, a 30-minute kurta fitting at ₹150, on Monday mornings (10:00 to
 * 13:00): booked at least an hour ahead, up to 14 days out, changed up to 4 hours before.
 * `changes` sets any part (other opening hours, say).
 */
export const fittingAppointments = (changes: Record<string, unknown> = {}) => ({
  enabled: true,
  slotMinutes: 30,
  minimumNoticeMinutes: 60,
  horizonDays: 14,
  changeNoticeMinutes: 240,
  openingHours: { mon: [{ from: '10:00', to: '13:00' }] },
  services: [{ id: 'fitting', name: 'Kurta fitting', durationMinutes: 30, price: 150 }],
  ...changes,
});

/**
 * A shop that charges 5 % tax on top, ₹40 delivery under ₹1,000 and ₹10 packing, takes pickup
 * and delivery paid on delivery or by UPI to the shop's id, and asks a name and an e-mail.
 */
export const taxedShopConfig = () => ({
  ...testShopConfig(),
  orderConfig: {
    orderEnabled: true,
    pickupEnabled: true,
    deliveryCharge: { amount: 40, disableWhenTotalAbove: 1000 },
    packingCharge: { type: 'fixed', amount: 10 },
    detailsConfig: { personal: { fullName: true, email: true, phone: false } },
  },
  pricingConfig: { globalTaxPercentage: 5 },
  payment: {
    upi: everyPayment().upi,
    providers: [
      { id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' },
      { id: 'upi-manual', providerName: 'UPI', buttonText: 'Pay by UPI' },
    ],
  },
});

/** Every way to pay: on delivery, UPI to the shop's id, and PayU (offered when the app is given PayU's key and salt). */
export const everyPayment = () => ({
  providers: [
    { id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' },
    { id: 'upi-manual', providerName: 'UPI', buttonText: 'Pay by UPI' },
    { id: 'payu', providerName: 'PayU', buttonText: 'Pay by card' },
  ],
  upi: { vpa: 'test.shop@okbank', payeeName: 'Test Shop' },
  payu: { merchantKey: 'config-key-unused', mode: 'test' },
});

/** A small catalog with a variant pair, a fractional product and an out-of-stock one. */
export const testCatalog = (): CatalogFile => ({
  categories: [
    { oId: 'fruit', name: 'Fruit', position: 2, colour: '#2e7d32', image: '/media/cat-fruit.webp' },
    { oId: 'wear', name: 'Clothing', position: 1, colour: '#1565c0', image: '/media/cat-wear.webp' },
  ],
  products: [
    {
      variantId: 'tee-red-m',
      itemId: 'tee',
      variantName: 'Red / M',
      title: 'Cotton Tee',
      description: 'Soft cotton.',
      categoryId: 'wear',
      price: { mrp: 799, regular: 599, special: 499.5 },
      images: [{ id: 'i1', position: 0, url: '/media/p/tee.webp', thumbnail: '/media/p/tee-thumb.webp' }],
      stock: 5,
      isFraction: false,
      type_id: 'configurable',
      errors: {},
      tags: ['new'],
      sku: 'TEE-R-M',
    },
    {
      variantId: 'tee-red-l',
      itemId: 'tee',
      variantName: 'Red / L',
      title: 'Cotton Tee',
      description: 'Soft cotton.',
      categoryId: 'wear',
      price: { mrp: 799, regular: 599, special: null },
      images: [],
      stock: 0,
      isFraction: false,
      type_id: 'configurable',
      errors: {},
      tags: ['new'],
    },
    {
      variantId: 'mango',
      variantName: '',
      title: 'Alphonso Mango',
      description: 'Sold by weight.',
      categoryId: 'fruit',
      price: { mrp: null, regular: 320, special: null },
      images: [],
      stock: 12.5,
      isFraction: true,
      type_id: 'simple',
      errors: {},
      tags: [],
    },
  ],
  banners: [
    {
      id: 'b1',
      kind: 'hero',
      position: 1,
      title: 'Summer',
      subtitle: 'Fresh fruit',
      buttonText: 'Shop',
      image: { mobile: '/m.webp', desktop: '/d.webp' },
      background: '#ffffff',
      link: { type: 'categories', value: ['fruit'] },
    },
  ],
});

/** Each §5 rule broken on its own, with the exact message it must give. */
export const brokenConfigs: [string, (c: Record<string, unknown>) => void, string][] = [
  ['a blank title', (c) => (c.title = '  '), configMessages.invalidTitle],
  ['no locale config', (c) => delete c.localeConfig, configMessages.localeMissing],
  ['an unsupported locale', (c) => (c.localeConfig = { defaultLocale: 'xx-YY' }), configMessages.localeNotSupported],
  ['a price format without {amount}', (c) => (c.localeConfig = { priceFormat: '{sign} only' }), configMessages.invalidPriceFormat],
  ['no order config', (c) => delete c.orderConfig, configMessages.orderMissing],
  ['no theme config', (c) => delete c.themeConfig, configMessages.themeMissing],
  ['another theme', (c) => (c.themeConfig = { themeId: 'fancy' }), configMessages.themeNotSupported],
  ['no contact', (c) => delete c.contact, configMessages.contactMissing],
];

/** Asha's contact details as the checkout sends them: her name and e-mail address, no phone. */
export const testPersonal = () => ({ fullName: 'Asha Rao', email: 'asha@example.com', phone: { number: '', dialCode: '+91' } });

/** Asha's delivery address in Bengaluru, as the checkout sends it. */
export const testShipping = () => ({ ...ashaAddress, phone: '9800000001' });
