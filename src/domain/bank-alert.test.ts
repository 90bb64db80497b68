/**
 * The messages below are the shapes the banks send, taken from public sources and anonymised
 * (names, account digits, references and balances changed; wording, punctuation and spacing kept):
 * - the test suites of the open-source SMS parser sarim2000/pennywiseai-tracker
 *   (parser-core/src/test/kotlin: Test{HDFC,SBI,ICICI,Axis,Kotak,Yes,IDFCFirst,IndusInd}*, PNBBankParserTest,
 *   TestBankOfBarodaParser, TestHDFCMandateParsing, bank/CanaraBankParserTest) and its Union Bank parser's doc comment;
 * - alerts quoted in other public GitHub repositories' parser tests and fixtures (HDFC's "Credit Alert!" SMS and
 *   InstaAlerts e-mail, SBI's "Dear SBI User … transfer from", ICICI's "Acct XX… is credited with … UPI:", Axis's
 *   "Info- UPI/P2A", Union Bank's "Credited for Rs:", Bank of Baroda's "thru UPI/", Canara's "CREDITED to your account",
 *   Yes Bank's "credited to YES BANK Ac", Google Pay and PhonePe collect requests).
 * Expected amounts are worked out by hand: "13,30,614.75" is 13,30,614 rupees 75 paise = 133061475 paise.
 */
import { describe, expect, it } from 'vitest';
import { amountOf, parseBankAlert } from './bank-alert.ts';

type Credit = { amount: number; utr: string | null; payer: string | null; bank: string; accountTail: string };

const credits: [string, string, string, Credit][] = [
  [
    'HDFC UPI credit SMS',
    'AD-HDFCBK-S',
    'Credit Alert!\nRs.350.00 credited to HDFC Bank A/c XX4021 on 09-06-26 from VPA asha.k@okicici (UPI 652658791234)',
    { amount: 35000, utr: '652658791234', payer: 'asha.k@okicici', bank: 'HDFC Bank', accountTail: '4021' },
  ],
  [
    'HDFC UPI credit e-mail (InstaAlerts; no SMS under ₹500 since June 2024)',
    'HDFC Bank InstaAlerts <alerts@hdfcbank.net>',
    'Dear Customer,\n\nRs. 1,250.00 is successfully credited to your account **7310 by VPA 9812345670@ptyes RAVI KUMAR on 08-02-26.\nYour UPI transaction reference number is 604974891122.\n\nThank you for banking with us.\n\nWarm Regards,\nHDFC Bank',
    { amount: 125000, utr: '604974891122', payer: '9812345670@ptyes', bank: 'HDFC Bank', accountTail: '7310' },
  ],
  [
    'HDFC NEFT credit',
    'VM-HDFCBK',
    'Update! INR 12,000.00 deposited in HDFC Bank A/c XX5531 on 30-MAR-26 for NEFT Cr-CITI0100000-ACME TRADERS-MEENA STORES-CITIN26123456789.Avl bal INR 14,008.00. Cheque deposits in A/C are subject to clearing',
    { amount: 1200000, utr: 'CITIN26123456789', payer: 'ACME TRADERS', bank: 'HDFC Bank', accountTail: '5531' },
  ],
  [
    'SBI UPI credit',
    'JD-SBIUPI-S',
    'Dear SBI User, your A/c X5982-credited by Rs.36.00 on 19May26 transfer from ASHA K Ref No 872117861234 -SBI',
    { amount: 3600, utr: '872117861234', payer: 'ASHA K', bank: 'State Bank of India', accountTail: '5982' },
  ],
  [
    'SBI UPI credit, older wording with no payer',
    'VM-SBIUPI',
    'Dear SBI UPI User, ur A/cX5373 credited by Rs500 on 07Apr22 by  (Ref no 209740123456)',
    { amount: 50000, utr: '209740123456', payer: null, bank: 'State Bank of India', accountTail: '5373' },
  ],
  [
    'ICICI UPI credit',
    'VM-ICICIB-S',
    'Dear Customer, Acct XX910 is credited with Rs 1,499.50 on 25-Jul-26 from Asha Kumari. UPI:620647261234-ICICI Bank.',
    { amount: 149950, utr: '620647261234', payer: 'Asha Kumari', bank: 'ICICI Bank', accountTail: '910' },
  ],
  [
    'ICICI IMPS credit',
    'JM-ICICIT-S',
    'ICICI Bank Account XX022 is credited with Rs 1,925.00 on 29-Jul-23 by Account linked to mobile number XXXXX56689. IMPS Ref. no. 321011461234.',
    { amount: 192500, utr: '321011461234', payer: null, bank: 'ICICI Bank', accountTail: '022' },
  ],
  [
    'ICICI NEFT credit',
    'VM-ICICIT',
    'ICICI Bank Account XX378 credited:Rs. 6,000.00 on 24-Jun-26. Info NEFT-FDRLM4175901234-JOHN JOSE. Available Balance is Rs. 16,079.44.',
    { amount: 600000, utr: 'FDRLM4175901234', payer: 'JOHN JOSE', bank: 'ICICI Bank', accountTail: '378' },
  ],
  [
    'Axis UPI credit',
    'VK-AXISBK-S',
    'INR 5590.00 credited to A/c no. XX8926 on 09-11-23 at 11:59:28 IST. Info- UPI/P2A/334365331234/ANIL JAIN/Axis Bank - Axis Bank',
    { amount: 559000, utr: '334365331234', payer: 'ANIL JAIN', bank: 'Axis Bank', accountTail: '8926' },
  ],
  [
    'Axis UPI credit to a merchant (P2M) account',
    'AX-AXISBK',
    'INR 750.00 credited to A/c no. XX1234 on 06-09-26 at 10:30:15 IST. Info- UPI/P2M/624912341234/MURUGAN. Avl Bal- INR 5000.00 - Axis Bank',
    { amount: 75000, utr: '624912341234', payer: 'MURUGAN', bank: 'Axis Bank', accountTail: '1234' },
  ],
  [
    'Kotak UPI credit',
    'BZ-KOTAKB-S',
    'Received Rs.250.00 in your Kotak Bank AC X3333 from asha.k@oksbi on 14-10-25.UPI Ref 522222221234. Not you, https://kotak.com/KBANKT/Fraud',
    { amount: 25000, utr: '522222221234', payer: 'asha.k@oksbi', bank: 'Kotak Mahindra Bank', accountTail: '3333' },
  ],
  [
    'Kotak IMPS credit',
    'AX-KOTAKB-S',
    'Received Rs. 329.00 on 15-04-26 in your Kotak Bank A/C x2451 by an A/C linked to mobile x111. IMPS Ref no 610511411234.',
    { amount: 32900, utr: '610511411234', payer: null, bank: 'Kotak Mahindra Bank', accountTail: '2451' },
  ],
  [
    'PNB UPI credit',
    'VM-PNBSMS-S',
    'Ac XX7582 Credited with Rs.4750.00 11-07-2025 08:53:21 thru UPI . Aval Bal Rs.82431.67 CR. (UPI Ref ID:714628301234) Helpline 18001800/18002021-PNB',
    { amount: 475000, utr: '714628301234', payer: null, bank: 'Punjab National Bank', accountTail: '7582' },
  ],
  [
    'Bank of Baroda UPI credit',
    'VM-BOBTXN',
    'Rs.1600 Credited to A/c ...7656 thru UPI/069871591234 by 9686710000_axl. Total Bal:Rs.33438.48CR. Avlbl Amt:Rs.33438.48(18-11-2024 08:02:26) - Bank of Baroda',
    { amount: 160000, utr: '069871591234', payer: '9686710000_axl', bank: 'Bank of Baroda', accountTail: '7656' },
  ],
  [
    'Bank of Baroda IMPS credit',
    'AD-BOBTXN-S',
    'Rs.2500.00 credited to A/c XX456789 via IMPS/518233441234 by JOHN DOE. AvlBal:Rs25000.00 -Bank of Baroda',
    { amount: 250000, utr: '518233441234', payer: 'JOHN DOE', bank: 'Bank of Baroda', accountTail: '456789' },
  ],
  [
    'Canara credit (no reference given)',
    'VM-CANBNK',
    'An amount of INR 1,000.00 has been CREDITED to your account XXXX2184 on 06/01/2023.Total Avail.bal INR 6,868.58.- Canara Bank',
    { amount: 100000, utr: null, payer: null, bank: 'Canara Bank', accountTail: '2184' },
  ],
  [
    'Canara RTGS credit with Indian grouping',
    'VM-CANBNK-S',
    'An amount of INR 13,30,614.75 has been credited to XXXX6785 on 02/12/2025 towards RTGS by Sender ACME TRADERS PVT LTD, IFSC UTIB0000004, Sender A/c XXXX9108, AXIS BANK, MUMBAI BRANCH, UTR UTIBR72025120200011234, Total Avail. Bal INR 26,79,815.88- Canara Bank',
    { amount: 133061475, utr: 'UTIBR72025120200011234', payer: 'ACME TRADERS PVT LTD', bank: 'Canara Bank', accountTail: '6785' },
  ],
  [
    'Union Bank credit (its "Never Share OTP" line is no OTP)',
    'JD-UNIONB-S',
    'A/c *9172 Credited for Rs:501.00 on 23-01-2024 20:05:45 by Mob Bk ref no 402347891234 Avl Bal Rs:5818.22.Never Share OTP/PIN/CVV-Union Bank of India',
    { amount: 50100, utr: '402347891234', payer: null, bank: 'Union Bank of India', accountTail: '9172' },
  ],
  [
    'IDFC FIRST credit',
    'VM-IDFCFB-S',
    'Your A/C XXXXXXX5678 is credited by INR 500.00 on 06/08/25 17:36. New Bal :INR 10000.00',
    { amount: 50000, utr: null, payer: null, bank: 'IDFC FIRST Bank', accountTail: '5678' },
  ],
  [
    'Yes Bank UPI credit',
    'JM-YESBNK-S',
    'INR 20.00 credited to YES BANK Ac X0410 on 11SEP26 11:30. UPI:611111111234/From:asha.k@okaxis. Bal INR 999.00',
    { amount: 2000, utr: '611111111234', payer: 'asha.k@okaxis', bank: 'Yes Bank', accountTail: '0410' },
  ],
  [
    'Yes Bank NEFT credit',
    'VM-YESBNK',
    'INR 1,05,000.00 credited to YES BANK Ac X0424 on 24OCT25 15:03. NEFT:CNRBH00084371234/From:SHREE AUTO DEALERS-G. Bal INR 22,45,685.24.',
    { amount: 10500000, utr: 'CNRBH00084371234', payer: 'SHREE AUTO DEALERS-G', bank: 'Yes Bank', accountTail: '0424' },
  ],
  [
    'IndusInd UPI credit',
    'JM-INDUSB-S',
    'A/C *XX1234 credited by Rs 25000.00 from asha.k@ybl. RRN:510048501234. Avl Bal:105502.12. Not you? Call 18602677777 - IndusInd bank.',
    { amount: 2500000, utr: '510048501234', payer: 'asha.k@ybl', bank: 'IndusInd Bank', accountTail: '1234' },
  ],
  [
    'IndusInd IMPS credit',
    'VM-INDUSB',
    'Your IndusInd Account 15XXXXX0000 has been credited for INR 116.56 towards IMPS/500200001234. Call 18602677777 to report issue-IndusInd Bank',
    { amount: 11656, utr: '500200001234', payer: null, bank: 'IndusInd Bank', accountTail: '0000' },
  ],
];

describe('parseBankAlert: the credits the owner is paid by', () => {
  it.each(credits)('reads a %s', (_, sender, text, expected) => {
    expect(parseBankAlert(text, sender)).toEqual({ kind: 'credit', ...expected });
  });

  it.each(credits.filter(([name]) => !name.startsWith('IDFC')))('reads a %s without its sender, from the bank the text names', (_, __, text, expected) => {
    expect(parseBankAlert(text)).toEqual({ kind: 'credit', ...expected });
  });

  it('reads the amount whichever way the currency is written', () => {
    const alert = (amount: string) =>
      parseBankAlert(`Credit Alert! ${amount} credited to HDFC Bank A/c XX4021 on 09-06-26 from VPA asha.k@okicici (UPI 652658791234)`);
    for (const written of ['Rs.350.00', 'Rs 350', 'Rs. 350.0', 'INR 350.00', '₹350.00', '₹ 350']) expect(alert(written)).toMatchObject({ amount: 35000 });
  });
});

const refusals: [string, string, string, string][] = [
  [
    'HDFC UPI money sent',
    'VM-HDFCBK',
    'Sent Rs.1500.00\nFrom HDFC Bank A/C *1234\nTo RAVI STORES\nOn 01/01/26\nRef 567890561234\nNot You?\nCall 18002586161/SMS BLOCK UPI to 7308080808',
    'debit',
  ],
  [
    'HDFC e-mandate',
    'VM-HDFCBK',
    'E-Mandate! Rs.3821.00 will be deducted on 02/03/26, 00:00:00 For Rentomojo mandate UMN 6cc417efb7894c0593866a09c8710000@ybl Maintain Balance -HDFC Bank',
    'mandate',
  ],
  [
    'HDFC NACH mandate "received" for processing',
    'VM-HDFCBK',
    'Auto Pay HDFC Bank NACH Mandate : Rs. 100000.00 UMRN:HDFC7031703262011234 To:NationalSecuritiesClearin Freq ADHO received today for processing.',
    'mandate',
  ],
  [
    'HDFC card transaction reversed',
    'VM-HDFCBK',
    'Transaction Reversed!On HDFC Bank CREDIT Card xx5555 Amt: Rs.862.16 By AMAZON On 2026-08-21:05:20:26',
    'failed',
  ],
  [
    'SBI UPI debit ("debited by 2000.0")',
    'VM-SBIUPI',
    'Dear UPI user A/C X5334 debited by 2000.0 on date 06Oct25 trf to RAVI KUMAR Refno 530375091234. If not u? call 1800111109. -SBI',
    'debit',
  ],
  ['SBI credit of a reversed payment', 'VM-SBIUPI', 'Dear SBI UPI User, ur A/cX8742 credited with Rs1800 on 02Dec25 against reversal of txn', 'failed'],
  ['SBI UPI mandate created', 'VM-SBIUPI', 'Your UPI-Mandate for Rs.1000.00 is successfully created towards Google from A/c No: XXXXXX5334', 'mandate'],
  ['SBI card spend in Unicode letters', 'VM-SBICRD', 'Rs.90.00 𝗌𝗉𝖾𝗇𝗍 𝗈𝗇 𝗒𝗈𝗎𝗋 𝖲𝖡𝖨 𝖢𝗋𝖾𝖽𝗂𝗍 𝖢𝖺𝗋𝖽 𝖾𝗇𝖽𝗂𝗇𝗀 5667 at SUPREMEGOURMET on 13/02/26.', 'card'],
  [
    'ICICI debit that names the payee "credited"',
    'VM-ICICIT',
    'ICICI Bank Acct XX051 debited for Rs 180.00 on 10-Nov-25; RAVI STORES credited. UPI:568069171234. Call 18002662 for dispute. SMS BLOCK 051 to 9215676766. 06:33 PM',
    'debit',
  ],
  [
    'ICICI AutoPay',
    'VM-ICICIT',
    'Your account will be debited with Rs 649.00 on 03-Oct-25 towards Netflix Entertainment Ser for AutoPay MERCHANTMANDATE, RRN 421723101234-ICICI Bank.',
    'mandate',
  ],
  [
    'ICICI outgoing NEFT "credited to the beneficiary"',
    'VM-ICICIT',
    'ICICI BANK NEFT Transaction with reference number IN12603221231234 for Rs. 22050.00 has been credited to the beneficiary account on 01-02-2026 at 10:32:51',
    'unrecognised',
  ],
  [
    'ICICI ACH dividend credit',
    'VM-ICICIT',
    'ICICI Bank Account XX227 credited:Rs. 104.00 on 19-May-26. Info ACH*ACME BEVERAGES LIMI*778. Available Balance is Rs 1,11,231.93',
    'unrecognised',
  ],
  [
    'Axis Google Pay collect request',
    'VM-AXISBK',
    'IRCTC CF has requested money from you on Google Pay. On approving the request, INR 242.75 will be debited from your A/c - Axis Bank',
    'collect-request',
  ],
  [
    'Axis debit',
    'VM-AXISBK',
    'INR 500.00 debited from A/c no. XX312225 on MERCHANT ABC 02-12-2025 20:38:23 IST. Avl bal: INR 10000.00. Not you? SMS BLOCKCARD XX0023 to +919951860002 - Axis Bank',
    'debit',
  ],
  [
    'Kotak UPI money sent',
    'VM-KOTAKB',
    'Sent Rs.51.00 from XXXXXX9722 to DINESH PATEL on 30/04/2026. UPI ref no. 648604621234. Not you? Tap https://kotk.in/KOTAKD/Eg9Cu0 to report -Kotak',
    'debit',
  ],
  [
    'Kotak cashback',
    'VM-KOTAKB',
    'Cashback of Rs.50.00 has been sent to your Kotak Bank A/c x5555. Credited on 14-10-25. UPI Ref 999999991234',
    'not-a-payment',
  ],
  [
    'PNB IMPS debit "and a/c credited"',
    'VM-PNBSMS',
    'Your a/c no XX847 is debited for Rs 3200 on 11-07-25 03:14:52 and a/c XX291 credited (IMPS Ref no 712845931234) .If not done by you, pl. forward this SMS from registered mobile to 9264092640 to report unauthorized txn & block IBS/MBS. Download PNB ONE.-PNB',
    'debit',
  ],
  [
    'PNB UPI mandate created',
    'VM-PNBSMS',
    'Your UPI-Mandate is successfully created towards Google for Rs.1500.00 from A/c No.XXXXXX4356. UMN:1d478c77808c410281f435rer5qwerty6@ybl-PNB',
    'mandate',
  ],
  [
    'PNB card auto pay activated',
    'VM-PNBSMS',
    'Dear Customer, auto pay facility has been successfully activated on your Punjab National Bank Card XX4356 for Rs. 75000.00, from Google Clouds. An initial amount of Rs. 2.00 has been debited from your account.',
    'mandate',
  ],
  [
    'Bank of Baroda card spend',
    'VM-BOBTXN',
    'ALERT: INR 1,500.00 is spent on your BOBCARD ending 1234 at AMAZON on 25-11-2024 10:30:00. Available credit limit is Rs 42,981.46 -Bank of Baroda',
    'card',
  ],
  [
    'Bank of Baroda cash deposit',
    'VM-BOBTXN',
    'Rs.10000.00 deposited in cash to A/c XX234567 on 20-11-2024. AvlBal:Rs45000.00 -Bank of Baroda',
    'not-a-payment',
  ],
  [
    'Canara debit',
    'VM-CANBNK',
    'An amount of INR 6494.00 has been DEBITED to your account XXX400 on 13-07-2023. Total Avail.bal INR 3513.22 - Canara Bank',
    'debit',
  ],
  [
    'Canara UPI debit',
    'VM-CANBNK',
    'Dear Customer, Acct XXX789 Dr. ₹41.00 on 08/07/26 to METRO TRANSIT; UPI: 456789011234; Bal INR 8,765.43.Not you? SMS BLOCKUPI to XXXXXXXXXX-CanaraBank',
    'debit',
  ],
  [
    'Canara OTP naming an amount',
    'VM-CANBNK',
    '123456 is your OTP for a Dr. INR 500.00 transaction on your Canara Bank card. Do not share it with anyone.-Canara Bank',
    'otp',
  ],
  [
    'Canara reversal credit',
    'VM-CANBNK',
    'An amount of INR 0.18 has been CREDITED to your account XXXX1432 on 22/09/2026 towards Reversal of GST on Commission. Total Avail.bal INR 14.34. - Canara Bank',
    'failed',
  ],
  [
    'Union Bank debit',
    'JD-UNIONB-S',
    'A/c *9172 Debited for Rs:50.00 on 11-02-2024 19:44:40 by Mob Bk ref no 444816781234 Avl Bal Rs:1870.55.If not you, Call 1800222243 -Union Bank of India',
    'debit',
  ],
  [
    'Union Bank loan account credit',
    'JD-UNIONB-S',
    "Your Loan A/c *0062 Credited for Rs:11045.00 on 29-12-2025 17:01:13 by BRANCH Avl Bal Rs:0.00.Don't share Card PIN/CVV -Union Bank of India",
    'not-a-payment',
  ],
  [
    'IDFC FIRST debit that names the payee "credited"',
    'VM-IDFCFB',
    'Your A/c XX4614 debited by Rs. 1,172.06 on 15/01/26; REDBUS credited. RRN 060649911234. Available balance Rs. 9,134.15. Team IDFC FIRST Bank',
    'debit',
  ],
  [
    'IDFC FIRST interest credit',
    'VM-IDFCFB',
    'Your A/C XXXXXXX1234 is credited by INR 125.50 on 01/01/25 for monthly interest. New Bal :INR 15125.50',
    'not-a-payment',
  ],
  ['IDFC FIRST OTP', 'VM-IDFCFB', 'Your IDFC First Bank OTP is 123456. Do not share this code with anyone.', 'otp'],
  ['IDFC FIRST promotion', 'VM-IDFCFB', 'IDFC First Bank: Get 10% cashback offer on all online purchases!', 'promotion'],
  ['Yes Bank payment request', 'VM-YESBNK', 'Payment request of INR 500.00 from merchant@upi. Ignore if already paid.', 'collect-request'],
  [
    'Yes Bank UPI debit',
    'VM-YESBNK',
    'YES BANK Ac X2919 debited for INR 1,000.00 on 14FEB25 11:40. UPI:504572451234/To:ravi.k-1@okhdfcbank. Bal INR 69,712.60',
    'debit',
  ],
  ['Yes Bank OTP', 'VM-YESBNK', 'Dear Customer, your OTP for login is 123456. Do not share with anyone. -Yes Bank', 'otp'],
  [
    'IndusInd deposit interest',
    'VM-INDUSB',
    'Net interest INR 248.07 paid on your IndusInd Deposit No 300***123456 on 17/09/25. Call 18602677777 for assistance - IndusInd Bank',
    'not-a-payment',
  ],
  [
    'IndusInd credit card refund',
    'VM-INDUSB',
    'Dear Customer, refund of INR 250 from Swiggy Limited has been credited to your IndusInd Bank Credit Card XX1234 on 11-Jun-26 and the refund amount has been adjusted against the outstanding on your card account - IndusInd Bank',
    'card',
  ],
  [
    'PhonePe collect request',
    'TM-PHONPE',
    'RAVI STORES has requested money from you on PhonePe. Rs.73.19 will be debited from your account on approving the request - http://phon.pe/akj8cfi6',
    'collect-request',
  ],
  ['failed UPI payment', 'VM-HDFCBK', 'Payment of Rs.499.00 has failed. Any amount, if debited will be refunded to your account', 'failed'],
  ['balance-only alert', 'VM-HDFCBK', 'Avl Bal in A/c XX1234 is INR 12,345.00 as on 20-10-25. -HDFC Bank', 'unrecognised'],
];

describe('parseBankAlert: look-alikes that are never read as a credit', () => {
  it.each(refusals)('refuses a %s', (_, sender, text, reason) => {
    expect(parseBankAlert(text, sender)).toEqual({ kind: 'not-a-credit', reason });
  });

  const hdfcCredit = 'Credit Alert!\nRs.350.00 credited to HDFC Bank A/c XX4021 on 09-06-26 from VPA asha.k@okicici (UPI 652658791234)';

  it('refuses a credit alert that comes from a phone number, a look-alike header or another domain (a forged SMS or e-mail)', () => {
    for (const sender of ['+919876500011', '9876500011', 'VM-HDECBK', 'alerts@hdfcbank.net.example.com', 'alerts@evil-hdfcbank.net']) {
      expect(parseBankAlert(hdfcCredit, sender)).toEqual({ kind: 'not-a-credit', reason: 'sender-not-a-bank' });
    }
  });

  it("refuses a credit alert in one bank's words from another bank's sender", () => {
    expect(parseBankAlert(hdfcCredit, 'VM-ICICIT-S')).toEqual({ kind: 'not-a-credit', reason: 'bank-mismatch' });
  });

  it('refuses a credit that names no bank when the sender is not given', () => {
    expect(parseBankAlert('Your A/C XXXXXXX5678 is credited by INR 500.00 on 06/08/25 17:36. New Bal :INR 10000.00')).toEqual({
      kind: 'not-a-credit',
      reason: 'bank-unknown',
    });
  });

  it('refuses a credit whose amount is not a well-formed one', () => {
    expect(parseBankAlert(hdfcCredit.replace('Rs.350.00', 'Rs.3,50.00'))).toEqual({ kind: 'not-a-credit', reason: 'unrecognised' });
    expect(parseBankAlert(hdfcCredit.replace('Rs.350.00', 'Rs.0.00'))).toEqual({ kind: 'not-a-credit', reason: 'unrecognised' });
  });

  it('refuses a text far longer than any alert, whatever it holds', () => {
    expect(parseBankAlert(hdfcCredit + ' '.repeat(10_000), 'AD-HDFCBK')).toEqual({ kind: 'not-a-credit', reason: 'unrecognised' });
  });

  it('refuses a credit shape with a UPI reference that is not 12 digits', () => {
    expect(parseBankAlert(hdfcCredit.replace('652658791234', '65265879123'))).toEqual({ kind: 'not-a-credit', reason: 'unrecognised' });
  });
});

describe('amountOf', () => {
  it('reads rupees with Indian or Western grouping into paise', () => {
    expect(amountOf('1,23,456.70')).toBe(12345670);
    expect(amountOf('13,30,614.75')).toBe(133061475);
    expect(amountOf('211,476.24')).toBe(21147624);
    expect(amountOf('2000.0')).toBe(200000);
    expect(amountOf('500')).toBe(50000);
    expect(amountOf('0.18')).toBe(18);
  });

  it('reads nothing from a malformed or zero amount', () => {
    for (const written of ['12,34', '1,2345', '1.005', '0', '0.00', '', '1,00,0000']) expect(amountOf(written)).toBeNull();
  });
});
