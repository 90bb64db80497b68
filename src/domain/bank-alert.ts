import { minor, type Minor } from './money.ts';

/**
 * One bank alert (SMS or e-mail) read for the money it says came in (issue 39): a UPI, IMPS or
 * NEFT credit to the shop's account, to be matched to an open order by its exact amount. Only
 * the shapes below are read as credits; anything else — a debit, an OTP, a mandate, a collect
 * request, a failed or reversed payment, a card alert, interest, an unknown shape or an unknown
 * sender — is not, so an order is never marked paid on a guess.
 */
export type BankAlert =
  | { kind: 'credit'; amount: Minor; utr: string | null; payer: string | null; bank: string | null; accountTail: string | null }
  | { kind: 'not-a-credit'; reason: NotACreditReason };

export type NotACreditReason =
  | 'otp'
  | 'collect-request'
  | 'mandate'
  | 'failed'
  | 'debit'
  | 'card'
  | 'promotion'
  | 'not-a-payment'
  | 'sender-not-a-bank'
  | 'bank-mismatch'
  | 'bank-unknown'
  | 'unrecognised';

type Bank = { name: string; named: RegExp; senderIds: readonly string[]; mailDomains: readonly string[] };

// senderIds: the DLT headers the bank's alerts come from ("VM-HDFCBK-S" → HDFCBK);
// mailDomains: where its e-mail alerts come from (a subdomain counts). An unlisted sender is refused.
const BANKS = {
  hdfc: { name: 'HDFC Bank', named: /HDFC Bank/i, senderIds: ['HDFCBK', 'HDFCBN'], mailDomains: ['hdfcbank.net', 'hdfcbank.com', 'hdfcbank.bank.in'] },
  sbi: {
    name: 'State Bank of India',
    named: /\bSBI\b/,
    senderIds: ['SBIUPI', 'SBIINB', 'CBSSBI', 'SBIBNK', 'ATMSBI', 'SBIPSG'],
    mailDomains: ['sbi.co.in', 'sbi.bank.in'],
  },
  icici: { name: 'ICICI Bank', named: /ICICI Bank/i, senderIds: ['ICICIB', 'ICICIT'], mailDomains: ['icicibank.com', 'icici.bank.in'] },
  axis: { name: 'Axis Bank', named: /Axis Bank/i, senderIds: ['AXISBK', 'AXISBN'], mailDomains: ['axisbank.com', 'axis.bank.in'] },
  kotak: { name: 'Kotak Mahindra Bank', named: /Kotak/i, senderIds: ['KOTAKB', 'KOTAKD'], mailDomains: ['kotak.com', 'kotak.bank.in'] },
  pnb: { name: 'Punjab National Bank', named: /-PNB\b|Punjab National Bank/, senderIds: ['PNBSMS', 'PNBBNK'], mailDomains: ['pnb.co.in', 'pnb.bank.in'] },
  bob: {
    name: 'Bank of Baroda',
    named: /Bank of Baroda/i,
    senderIds: ['BOBTXN', 'BOBSMS'],
    mailDomains: ['bankofbaroda.com', 'bankofbaroda.co.in', 'bankofbaroda.bank.in'],
  },
  canara: { name: 'Canara Bank', named: /Canara Bank/i, senderIds: ['CANBNK', 'CNRBNK'], mailDomains: ['canarabank.com', 'canarabank.bank.in'] },
  union: {
    name: 'Union Bank of India',
    named: /Union Bank of India/i,
    senderIds: ['UNIONB', 'UBOI'],
    mailDomains: ['unionbankofindia.co.in', 'unionbankofindia.bank.in'],
  },
  idfc: { name: 'IDFC FIRST Bank', named: /IDFC FIRST Bank/i, senderIds: ['IDFCFB', 'IDFCBK'], mailDomains: ['idfcfirstbank.com', 'idfcfirst.bank.in'] },
  yes: { name: 'Yes Bank', named: /YES BANK/i, senderIds: ['YESBNK'], mailDomains: ['yesbank.in', 'yes.bank.in'] },
  indusind: { name: 'IndusInd Bank', named: /IndusInd/i, senderIds: ['INDUSB'], mailDomains: ['indusind.com', 'indusind.bank.in'] },
} satisfies Record<string, Bank>;
type BankKey = keyof typeof BANKS;

// Shared pieces of the shapes (the text is matched with whitespace collapsed, case ignored).
/** "Rs.1,23,456.70", "Rs 500", "Rs:501.00", "INR 2,000.00", "₹41.00" */
const AMOUNT = String.raw`(?:Rs\.?|INR|\u20B9) ?:? ?(?<amount>\d[\d,]*(?:\.\d+)?)`;
/** the credited account as masked: "XX9400", "*9172", "X5982", "...4321", "**1234", "15XXXXX0000" */
const TAIL = String.raw`(?<tail>(?:\d*[X*.]+)?\d{2,6})`;
/** a date as banks print it: 09-06-26, 19May26, 24-Jun-26, 20/10/2025 */
const DATE = String.raw`[\w/-]+`;
const UPI_REF = String.raw`(?<utr>\d{12})`;

const shape = (bank: BankKey, ...parts: string[]) => ({ bank, pattern: new RegExp(`^${parts.join('')}`, 'i') });

/** The credit alerts read, each with a sample (digits and names changed) of what it reads. */
const SHAPES = [
  // Credit Alert! Rs.350.00 credited to HDFC Bank A/c XX4021 on 09-06-26 from VPA asha.k@okicici (UPI 652658791234)
  shape('hdfc', String.raw`(?:Credit Alert! )?${AMOUNT} credited to HDFC Bank A/c ${TAIL} on ${DATE} from VPA (?<payer>\S+) \(UPI ${UPI_REF}\)`),
  // (e-mail) Dear Customer, Rs. 500.00 is successfully credited to your account **1234 by VPA asha@oksbi ASHA K on 14-03-26. Your UPI transaction reference number is 612345678901.
  shape(
    'hdfc',
    String.raw`Dear Customer,? ${AMOUNT} is successfully credited to your account ${TAIL} by VPA (?<payer>\S+) (?:[^.]{1,80}? )?on ${DATE}\. Your UPI transaction reference number is ${UPI_REF}\b`,
  ),
  // Update! INR 1,200.00 deposited in HDFC Bank A/c XX9999 on 30-MAR-26 for NEFT Cr-CITI0100000-ACME TRADERS-RAVI STORES-CITIN26123456789.Avl bal INR 8.00
  shape('hdfc', String.raw`Update! ${AMOUNT} deposited in HDFC Bank A/c ${TAIL} on ${DATE} for NEFT Cr-\w{11}-(?<payer>[^-]+)-[^-]*-(?<utr>\w+)`),
  // Dear SBI User, your A/c X5982-credited by Rs.36.00 on 19May26 transfer from ASHA K Ref No 872117861234 -SBI
  shape('sbi', String.raw`Dear SBI User, your A/c ${TAIL}-credited by ${AMOUNT} on ${DATE} transfer from (?<payer>.{1,80}?) Ref No ${UPI_REF}\b`),
  // Dear SBI UPI User, ur A/cX5373 credited by Rs500 on 07Apr22 by (Ref no 209740123456)
  shape('sbi', String.raw`Dear SBI UPI User, ur A/c ?${TAIL} credited by ${AMOUNT} on ${DATE} by (?<payer>[^(]*?) ?\(Ref no ${UPI_REF}\)`),
  // Dear Customer, Acct XX910 is credited with Rs 1.00 on 25-Jul-26 from Asha K. UPI:620647261234-ICICI Bank.
  shape('icici', String.raw`Dear Customer, Acct ${TAIL} is credited with ${AMOUNT} on ${DATE} from (?<payer>[^.]+)\. UPI: ?${UPI_REF}-ICICI Bank`),
  // ICICI Bank Account XX022 is credited with Rs 1,925.00 on 29-Jul-23 by Account linked to mobile number XXXXX56689. IMPS Ref. no. 321011461234.
  shape(
    'icici',
    String.raw`ICICI Bank Account ${TAIL} is credited with ${AMOUNT} on ${DATE} by Account linked to mobile number [X\d]+\. IMPS Ref\. no\. (?<utr>\d{12})`,
  ),
  // ICICI Bank Account XX378 credited:Rs. 6,000.00 on 24-Jun-26. Info NEFT-FDRLM4175901234-JOHN JOSE. Available Balance is Rs. 16,079.44.
  shape('icici', String.raw`ICICI Bank Account ${TAIL} credited: ?${AMOUNT} on ${DATE}\. Info (?:NEFT|IMPS)-(?<utr>\w+)-(?<payer>[^.]+)\.`),
  // INR 5590.00 credited to A/c no. XX8926 on 09-11-23 at 11:59:28 IST. Info- UPI/P2A/334365331234/ANIL JAIN/Axis Bank - Axis Bank
  shape(
    'axis',
    String.raw`${AMOUNT} credited to A/c no\. ${TAIL} on ${DATE} at [\d:]+ IST\. Info- (?:UPI/P2[AM]/${UPI_REF}|(?:IMPS|NEFT)/(?<ref>\w+))/(?<payer>[^/.]+)`,
  ),
  // Received Rs.250.00 in your Kotak Bank AC X3333 from asha.k@oksbi on 14-10-25.UPI Ref 522222221234. Not you, https://kotak.com/KBANKT/Fraud
  shape('kotak', String.raw`Received ${AMOUNT} in your Kotak Bank A/?C ${TAIL} from (?<payer>\S+) on ${DATE}\. ?UPI Ref:? ?${UPI_REF}\b`),
  // Received Rs. 329.00 on 15-04-26 in your Kotak Bank A/C x2451 by an A/C linked to mobile x111. IMPS Ref no 610511411234.
  shape('kotak', String.raw`Received ${AMOUNT} on ${DATE} in your Kotak Bank A/C ${TAIL} by an A/C linked to mobile \w+\. IMPS Ref no (?<utr>\d{12})`),
  // Ac XX7582 Credited with Rs.4750.00 11-07-2025 08:53:21 thru UPI . Aval Bal Rs.82431.67 CR. (UPI Ref ID:714628301234) Helpline 18001800/18002021-PNB
  shape('pnb', String.raw`A/?c ${TAIL} Credited with ${AMOUNT},? ${DATE} [\d:]+ thru UPI ?\. Aval Bal [^(]*\(UPI Ref ID: ?${UPI_REF}\)`),
  // Rs.1600 Credited to A/c ...7656 thru UPI/069871591234 by 9686710000_axl. Total Bal:Rs.33438.48CR. Avlbl Amt:Rs.33438.48(18-11-2024 08:02:26) - Bank of Baroda
  shape('bob', String.raw`${AMOUNT} Credited to A/c ${TAIL} thru UPI/${UPI_REF} by (?<payer>\S+?)\. Total Bal`),
  // Rs.2500.00 credited to A/c XX456789 via IMPS/518233441234 by JOHN DOE. AvlBal:Rs25000.00 -Bank of Baroda
  shape('bob', String.raw`${AMOUNT} credited to A/c ${TAIL} via IMPS/(?<utr>\d{12}) by (?<payer>[^.]+)\. AvlBal`),
  // An amount of INR 1,000.00 has been CREDITED to your account XXXX2184 on 06/01/2023.Total Avail.bal INR 6,868.58.- Canara Bank
  shape('canara', String.raw`An amount of ${AMOUNT} has been CREDITED to your account ${TAIL} on ${DATE} ?\. ?Total Avail\.bal`),
  // An amount of INR 13,30,614.75 has been credited to XXXX6785 on 02/12/2025 towards RTGS by Sender ACME TRADERS, IFSC UTIB0000004, …, UTR UTIBR72025120200011234, Total Avail. Bal …
  shape(
    'canara',
    String.raw`An amount of ${AMOUNT} has been credited to ${TAIL} on ${DATE} towards (?:RTGS|NEFT) by Sender (?<payer>[^,]+),.*? UTR (?<utr>\w+)`,
  ),
  // A/c *9172 Credited for Rs:501.00 on 23-01-2024 20:05:45 by Mob Bk ref no 402347891234 Avl Bal Rs:556.00.Never Share OTP/PIN/CVV-Union Bank of India
  shape('union', String.raw`A/c ${TAIL} Credited for ${AMOUNT} on ${DATE} [\d:]+ by Mob Bk ref no ${UPI_REF}\b`),
  // Your A/C XXXXXXX5678 is credited by INR 500.00 on 06/08/25 17:36. New Bal :INR 10000.00 (names no bank: read only from IDFC FIRST's sender)
  shape('idfc', String.raw`Your A/C ${TAIL} is credited by ${AMOUNT} on ${DATE} [\d:]+\. New Bal`),
  // INR 20.00 credited to YES BANK Ac X0000 on 11SEP26 11:30. UPI:111111111234/From:asha.k@okaxis. Bal INR 999.00
  shape('yes', String.raw`${AMOUNT} credited to YES BANK Ac ${TAIL} on ${DATE} [\d:]+\. (?:UPI:${UPI_REF}|(?:NEFT|IMPS):(?<ref>\w+))/From:(?<payer>.+?)\. Bal`),
  // A/C *XX1234 credited by Rs 25000.00 from asha.k@ybl. RRN:510048501234. Avl Bal:105502.12. Not you? Call 18602677777 - IndusInd bank.
  shape('indusind', String.raw`A/C ${TAIL} credited by ${AMOUNT} from (?<payer>\S+?)\. RRN: ?${UPI_REF}\.`),
  // Your IndusInd Account 15XXXXX0000 has been credited for INR 116.56 towards IMPS/500200001234.
  shape('indusind', String.raw`Your IndusInd Account ${TAIL} has been credited for ${AMOUNT} towards IMPS/(?<utr>\d{12})\b`),
];

/**
 * What is refused before any shape is tried, in this order (the first that fits names the
 * reason). A credit alert carries none of these words: "debited … ; X credited" is a payment
 * the shop made, and a collect request names an amount but moves no money in.
 */
const REFUSALS: readonly [NotACreditReason, RegExp][] = [
  [
    'collect-request',
    /requested money|has requested|collect request|payment request|request(?:ed)? (?:of|for) (?:Rs|INR|\u20B9)|on approving|approve the request/i,
  ],
  ['otp', /\bOTP\b|one[- ]time password|verification code/i],
  ['mandate', /mandate|auto ?pay|\bUMR?N\b|\bNACH\b|standing instruction|will be (?:debited|deducted|credited)/i],
  ['failed', /\bfail|declined|unsuccessful|revers|rejected|could not|not processed|\bpending\b|on hold/i],
  ['card', /credit card|debit card|\bcard (?:no|ending|XX)|BOBCARD/i],
  ['promotion', /\boffer|apply now|pre-?approved|congratulations|\bwin\b|voucher/i],
  ['not-a-payment', /interest|refund|cashback|reward|salary|dividend|\bloan\b|deposited in cash|cash deposit/i],
  ['debit', /debit|\bDr\b|\bsent\b|\bspent\b|withdrawn|withdrawal|deducted|\bpaid\b|transferred to/i],
];

/** The banks' own "never share your OTP/PIN" line, taken out so it is not read as an OTP message. */
const SHARE_WARNING = /(?:never|do not|don't|dont) share [\w/ ]*?(?:OTP|PIN|CVV)[\w/]*/gi;

const MAX_ALERT_LENGTH = 10_000;

/** Reads one alert's text, and its sender when known (an SMS header such as "VM-HDFCBK-S" or an e-mail's From). */
export function parseBankAlert(text: string, sender?: string): BankAlert {
  // an alert is a few hundred characters; a long text is no alert, and is not worth matching
  if (text.length > MAX_ALERT_LENGTH) return notACredit('unrecognised');
  const body = text.normalize('NFKC').replace(/\s+/g, ' ').trim();
  const screened = body.replace(SHARE_WARNING, ' ');
  for (const [reason, words] of REFUSALS) if (words.test(screened)) return notACredit(reason);

  const fromBank = sender === undefined ? undefined : bankOfSender(sender);
  if (fromBank === null) return notACredit('sender-not-a-bank');

  let refusal: NotACreditReason = 'unrecognised';
  for (const { bank, pattern } of SHAPES) {
    const groups = pattern.exec(body)?.groups;
    if (!groups) continue;
    if (fromBank !== undefined && fromBank !== bank) {
      refusal = 'bank-mismatch';
      continue;
    }
    // without a sender, the text itself must name the bank
    if (fromBank === undefined && !BANKS[bank].named.test(body)) {
      refusal = 'bank-unknown';
      continue;
    }
    const amount = amountOf(groups.amount ?? '');
    if (amount === null) return notACredit('unrecognised');
    return {
      kind: 'credit',
      amount,
      utr: groups.utr ?? groups.ref ?? null,
      payer: groups.payer?.trim() || null,
      bank: BANKS[bank].name,
      accountTail: /(\d+)$/.exec(groups.tail ?? '')?.[1] ?? null,
    };
  }
  return notACredit(refusal);
}

function notACredit(reason: NotACreditReason): BankAlert {
  return { kind: 'not-a-credit', reason };
}

/**
 * "1,23,456.70" → 12345670 paise. Commas only as Indian (1,23,456) or Western (123,456)
 * grouping, at most 2 decimals ("2000.0" is 200000), more than zero; else null.
 *
 * @internal Exported for its unit test only (a test seam): the written forms of amounts are checked without a whole alert each.
 */
export function amountOf(written: string): Minor | null {
  const m = /^(\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d{1,13})(?:\.(\d{1,2}))?$/.exec(written);
  if (!m) return null;
  const rupees = Number((m[1] ?? '').replaceAll(',', ''));
  const paise = Number((m[2] ?? '').padEnd(2, '0'));
  const amount = rupees * 100 + paise;
  return amount > 0 && Number.isSafeInteger(amount) ? minor(amount) : null;
}

/** The bank an SMS header or e-mail sender belongs to; null when it is none of them (a phone number, another header, another domain). */
function bankOfSender(sender: string): BankKey | null {
  const s = sender.trim();
  const mail = /([\w.+-]+)@([\w.-]+?)>?$/.exec(s);
  const header = /^(?:[A-Z]{2}-)?([A-Z0-9]{4,6})(?:-[STPG])?$/i.exec(s);
  for (const [key, bank] of Object.entries(BANKS) as [BankKey, Bank][]) {
    if (mail && bank.mailDomains.some((d) => mail[2]?.toLowerCase() === d || mail[2]?.toLowerCase().endsWith(`.${d}`))) return key;
    if (header && bank.senderIds.includes((header[1] ?? '').toUpperCase())) return key;
  }
  return null;
}
