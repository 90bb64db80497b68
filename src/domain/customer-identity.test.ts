import { describe, expect, it } from 'vitest';
import { accountKeys, customerIdentity, emailIdentity, phoneIdentity } from './customer-identity.ts';

describe('one shopper, however the address is typed', () => {
  it('folds case, a +tag, Gmail dots and googlemail.com into the mailbox they reach', () => {
    for (const typed of ['asha@gmail.com', ' Asha@Gmail.com ', 'asha+x@gmail.com', 'a.s.h.a@gmail.com', 'Asha+shop@GoogleMail.com'])
      expect(emailIdentity(typed), typed).toBe('asha@gmail.com');
    // the tag goes for every provider; dots only where Gmail ignores them
    expect(emailIdentity('ravi+orders@example.com')).toBe('ravi@example.com');
    expect(emailIdentity('ravi.k@example.com')).toBe('ravi.k@example.com');
  });

  it('reads look-alike letters of other scripts, fullwidth letters, accents and invisible characters as the plain letters', () => {
    const cyrillicA = '\u0430sh\u0430@gmail.com';
    const greekO = 'r\u03bfhan@example.com';
    const fullwidth = '\uff41\uff53\uff48\uff41@gmail.com';
    const zeroWidth = 'as\u200bha@gmail.com';
    const accented = 'a\u0301sha@gmail.com';
    const capitalCyrillic = '\u0410SH\u0410@GMAIL.COM';
    for (const typed of [cyrillicA, fullwidth, zeroWidth, accented, capitalCyrillic]) expect(emailIdentity(typed), typed).toBe('asha@gmail.com');
    expect(emailIdentity(greekO)).toBe('rohan@example.com');
    // a Cyrillic lookalike of the domain too
    expect(emailIdentity('asha@gm\u0430il.com')).toBe('asha@gmail.com');
  });

  it('keeps different mailboxes apart', () => {
    expect(emailIdentity('asha@gmail.com')).not.toBe(emailIdentity('ashb@gmail.com'));
    expect(emailIdentity('asha@example.com')).not.toBe(emailIdentity('asha@gmail.com'));
    expect(emailIdentity('')).toBeNull();
    expect(emailIdentity(undefined)).toBeNull();
  });

  it("reads a phone as its digits with the country code, as an account keeps it or the checkout's two boxes give it", () => {
    expect(phoneIdentity('+919800000001')).toBe('919800000001');
    expect(phoneIdentity({ dialCode: '+91', number: '98000 00001' })).toBe('919800000001');
    expect(phoneIdentity({ dialCode: '+91', number: '098000-00001' })).toBe('919800000001');
    expect(phoneIdentity({ dialCode: '+91', number: '+91 98000 00001' })).toBe('919800000001');
    // the checkout sends its preset dial code with an empty number: no phone
    expect(phoneIdentity({ dialCode: '+91', number: '' })).toBeNull();
  });

  it('keys an order by the account, else the e-mail, else the phone; and an account by all three', () => {
    const phone = { dialCode: '+91', number: '9800000001' };
    expect(customerIdentity('01USER', { email: 'A+x@gmail.com', phone })).toEqual({
      key: 'user:01USER',
      email: 'email:a@gmail.com',
      phone: 'phone:919800000001',
    });
    expect(customerIdentity(null, { email: 'A+x@gmail.com', phone }).key).toBe('email:a@gmail.com');
    expect(customerIdentity(null, { email: '', phone }).key).toBe('phone:919800000001');
    expect(customerIdentity(null, { email: '', phone: { dialCode: '+91', number: '' } })).toEqual({ key: 'guest', email: null, phone: null });
    expect(accountKeys({ id: '01USER', email: 'a@gmail.com', phone: '+919800000001' })).toEqual(['user:01USER', 'email:a@gmail.com', 'phone:919800000001']);
    expect(accountKeys({ id: '01USER', email: null, phone: null })).toEqual(['user:01USER']);
  });
});
