import type { Messages } from './en-US.ts';

/** हिन्दी. */
export const hiIN: Messages = {
  error: {
    notFoundTitle: 'हमें यह पेज नहीं मिला',
    notFoundText: 'माफ़ कीजिए, आप जो पेज ढूँढ रहे हैं वह हमें नहीं मिला।',
    title: 'कुछ गड़बड़ हो गई ...',
    text: 'इस अनुरोध को दिखाते समय सर्वर में एक आंतरिक त्रुटि हुई।',
    home: 'होम पेज पर जाएँ',
    catalogFetch: 'उत्पाद सूची लाते समय त्रुटि हुई। कृपया कुछ देर बाद फिर से कोशिश करें।',
  },
  nav: {
    home: 'होम',
    catalog: 'सूची',
    profile: 'प्रोफ़ाइल',
    cart: 'कार्ट',
    main: 'मुख्य',
    back: 'वापस',
    account: 'खाता',
    allProducts: 'सभी उत्पाद',
    whatsapp: 'WhatsApp पर बात करें',
    language: 'भाषा',
  },
  search: {
    label: 'खोजें',
    placeholder: 'उत्पाद खोजें',
    tooShort: 'खोज शब्द में कम से कम 3 अक्षर होने चाहिए।',
    noResults: 'कोई परिणाम नहीं मिला।',
  },
  catalog: {
    all: 'सभी',
    categories: 'श्रेणियाँ',
    noProducts: 'यहाँ अभी कोई उत्पाद नहीं है।',
    viewAll: 'सभी देखें',
    bestsellers: 'सबसे ज़्यादा बिकने वाले',
    options_one: '{{count}} विकल्प',
    options_other: '{{count}} विकल्प',
    unnamed: 'बिना नाम',
  },
  product: {
    outOfStock: 'स्टॉक में नहीं है',
    inStock: 'स्टॉक में है',
    onlyLeft: 'केवल {{quantity}} बचे हैं',
    perKg: 'प्रति किलो',
    kg: 'किलो',
    percentOff: '{{percent}}% की छूट',
    description: 'विवरण',
    options: 'विकल्प',
  },
  cart: {
    empty: 'कार्ट खाली है',
    totalItems: 'कुल आइटम: {{count}}',
  },
  pages: {
    faqs: 'अक्सर पूछे जाने वाले सवाल',
    tAndC: 'नियम और शर्तें',
    privacy: 'गोपनीयता नीति',
  },
  account: {
    title: 'आपका खाता',
    pages: 'खाते के पेज',
    orders: 'आपके ऑर्डर',
    appointments: 'अपॉइंटमेंट',
    addresses: 'पते',
    profile: 'प्रोफ़ाइल',
    loginToSee: 'अपने {{page}} देखने के लिए लॉग इन करें।',
  },
  appointment: {
    title: 'अपॉइंटमेंट बुक करें',
    none: 'यह दुकान अपॉइंटमेंट नहीं लेती।',
    minutes: '{{count}} मिनट',
    successTitle: 'आपका अपॉइंटमेंट',
    successText: 'आपकी बुकिंग आपके खाते में दिखती हैं।',
  },
  order: {
    guestTitle: 'आपका ऑर्डर',
    guestText: 'यह पेज अपने ऑर्डर की पुष्टि वाले लिंक से खोलें।',
    continueShopping: 'खरीदारी जारी रखें',
  },
  email: {
    confirmed: 'आपका ई-मेल पता पक्का हो गया है',
  },
};
