/**
 * Who a shopper is, for the rules that count per customer (a coupon's uses per customer, a
 * first order only) and for the owner's customer list (decision 076). Text a person would
 * read as the same address is one identity: case, a `+tag`, the dots of a Gmail address,
 * fullwidth or styled letters, accents, invisible characters and letters of other scripts
 * that look like Latin ones (Cyrillic a, U+0430, for a). A phone is its digits with the country code.
 * Nothing here can stop made-up addresses; it stops a known one being typed again in disguise.
 */

/**
 * Letters of Latin (IPA, small capitals), Greek, Cyrillic, Armenian and Cherokee that look
 * like one Latin letter or digit, by what they look like: Unicode's confusables.txt (UTS #39,
 * version 13), those whose look-alike is one ASCII letter or digit, less what NFKC and dropping
 * accents fold already. Look-alikes of a capital I fold to i, as the address is lower-cased.
 * Written as escapes: the server bundle is ASCII (decision 069).
 */
const LOOK_ALIKES: Record<string, string> = {
  '2': '\u01a7\u03e8',
  '3': '\u01b7\u021c\u0417\u04e0',
  '4': '\u13ce',
  '5': '\u01bc',
  '6': '\u0431\u13ee',
  '8': '\u0222\u0223',
  a: '\u0251\u0391\u03b1\u0410\u0430\u13aa',
  b: '\u0184\u0392\u0412\u042c\u13cf\u13f4',
  c: '\u03f2\u03f9\u0421\u0441\u13df\u1d04',
  d: '\u0501\u13a0\u13e7',
  e: '\u0395\u0415\u0435\u04bd\u13ac',
  f: '\u03dc\u0584',
  g: '\u018d\u0261\u050c\u0581\u13c0\u13f3\u1d83',
  h: '\u0397\u041d\u04bb\u0570\u13bb\u13c2',
  i: '\u0131\u0196\u0269\u026a\u0399\u03b9\u0406\u0456\u04c0\u04cf\u13a5',
  j: '\u037f\u03f3\u0408\u0458\u13ab',
  k: '\u039a\u041a\u13e6',
  l: '\u01c0\u13de',
  m: '\u039c\u03fa\u041c\u13b7',
  n: '\u039d\u0578\u057c',
  o: '\u039f\u03bf\u03c3\u041e\u043e\u0555\u0585\u1d0f\u1d11',
  p: '\u03a1\u03c1\u03f1\u0420\u0440\u13e2',
  q: '\u051b\u0563\u0566',
  r: '\u01a6\u0433\u13a1\u13d2\u1d26',
  s: '\u01bd\u0405\u0455\u054f\u13d5\u13da',
  t: '\u03a4\u0422\u13a2',
  u: '\u028b\u03c5\u054d\u057d\u1d1c',
  v: '\u03bd\u0474\u0475\u13d9\u1d20',
  w: '\u026f\u0461\u051c\u051d\u0561\u13b3\u13d4\u1d21',
  x: '\u00d7\u03a7\u0425\u0445',
  y: '\u0263\u028f\u03a5\u03b3\u03d2\u0423\u0443\u04ae\u04af\u13a9\u13bd\u1d8c',
  z: '\u0396\u13c3\u1d22',
};
const latinOf = new Map(Object.entries(LOOK_ALIKES).flatMap(([latin, others]) => [...others].map((c) => [c, latin] as const)));

/**
 * Text as it looks: compatibility forms as the plain letter (NFKC: fullwidth and mathematical bold letters),
 * invisible format characters (zero-width, direction marks) and accents dropped, look-alikes
 * as the Latin letter, lower case.
 */
function skeleton(text: string): string {
  const plain = text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const c of plain) out += latinOf.get(c) ?? c;
  return out.toLowerCase().normalize('NFC');
}

// Gmail delivers a.sha@ and asha@ alike, and googlemail.com is gmail.com; other providers' dots are part of the name
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** An e-mail address as the mailbox it names: its skeleton, without a `+tag`, and a Gmail address without dots. Null for none. */
export function emailIdentity(raw: string | null | undefined): string | null {
  const address = skeleton(raw ?? '').trim();
  const at = address.lastIndexOf('@');
  if (at < 1) return address || null;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const tag = local.indexOf('+');
  if (tag > 0) local = local.slice(0, tag);
  if (GMAIL.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}

const digitsOf = (text: string) => text.normalize('NFKC').replace(/\D/g, '');

/**
 * A phone number as its digits with the country code (E.164 without the +): an account's
 * E.164 number, or the checkout's dial code and number (a leading 0 dropped, as `joinPhone`
 * does; a number typed with its own + keeps its own code). Null when no number was given.
 */
export function phoneIdentity(phone: string | { number?: string | undefined; dialCode?: string | undefined } | null | undefined): string | null {
  if (typeof phone === 'string') return digitsOf(phone) || null;
  const typed = (phone?.number ?? '').trim();
  const number = digitsOf(typed).replace(/^0+/, '');
  if (!number) return null;
  return typed.startsWith('+') ? number : `${digitsOf(phone?.dialCode ?? '')}${number}`;
}

/**
 * Who places an order, made here and nowhere else: `key`, the one the owner's customer list
 * groups by (`user:<id>` for a logged-in shopper, else `email:…`, else `phone:…`, else
 * `guest`), and the e-mail and phone keys the order is also found by.
 */
export type CustomerIdentity = { key: string; email: string | null; phone: string | null };

type Contact = { email?: string | undefined; phone?: { number?: string | undefined; dialCode?: string | undefined } | undefined } | undefined;

export function customerIdentity(userId: string | null | undefined, personal: Contact): CustomerIdentity {
  const email = emailIdentity(personal?.email);
  const phone = phoneIdentity(personal?.phone);
  const emailKey = email === null ? null : `email:${email}`;
  const phoneKey = phone === null ? null : `phone:${phone}`;
  return { key: userId ? `user:${userId}` : (emailKey ?? phoneKey ?? 'guest'), email: emailKey, phone: phoneKey };
}

/** The keys an account is known by: itself, its e-mail and its phone (a guest giving either is that account). */
export function accountKeys(account: { id: string; email: string | null; phone: string | null }): string[] {
  const email = emailIdentity(account.email);
  const phone = phoneIdentity(account.phone);
  return [`user:${account.id}`, ...(email === null ? [] : [`email:${email}`]), ...(phone === null ? [] : [`phone:${phone}`])];
}
