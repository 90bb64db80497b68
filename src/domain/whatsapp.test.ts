import { describe, expect, it } from 'vitest';
import { whatsappLink } from './whatsapp.ts';

const chat = (phone: string) => whatsappLink(phone)?.replace('https://wa.me/', '') ?? null;

describe('whatsappLink', () => {
  it('writes the number as wa.me takes it: the country code and the digits, no +, spaces or dashes', () => {
    expect(chat('+91 98450 67890')).toBe('919845067890');
    expect(chat('+44 20 7946 0958')).toBe('442079460958');
    // ten digits with no country code: an Indian mobile number, with or without its trunk 0
    expect(chat('98450-67890')).toBe('919845067890');
    expect(chat('098450 67890')).toBe('919845067890');
  });
  it('is none for what cannot be a number', () => {
    expect(chat('')).toBeNull();
    expect(chat('call me')).toBeNull();
    expect(chat('+1 234')).toBeNull();
  });
  it('opens a chat with the text written in, spaces, line breaks and ₹ encoded', () => {
    expect(whatsappLink('+91 98450 67890', 'Order #1042\nTotal ₹520.00')).toBe('https://wa.me/919845067890?text=Order%20%231042%0ATotal%20%E2%82%B9520.00');
    expect(whatsappLink('n/a', 'hello')).toBeNull();
  });
});
