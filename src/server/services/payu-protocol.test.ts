import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { minor } from '../../domain/money.ts';
import { payuAnswerAmount, payuRequest, payuRequestHash, payuResponseHash } from './payu-protocol.ts';

const sha512 = (s: string) => createHash('sha512').update(s).digest('hex');

/** The fields of a PayU payment but its amount. */
const fields = {
  key: 'gtKFFx',
  txnid: 'T123',
  productinfo: 'Order 1',
  firstname: 'Asha',
  email: 'a@example.com',
  udf1: 'order-1',
  udf2: '',
  udf3: '',
  udf4: '',
  udf5: '',
};

describe('PayU hashes', () => {
  const request = { ...fields, amount: '10.00' };

  it('signs the request as PayU documents: the fields in order, five empty ones, then the salt', () => {
    expect(payuRequestHash(request, 'SALT')).toBe(sha512('gtKFFx|T123|10.00|Order 1|Asha|a@example.com|order-1||||||||||SALT'));
  });

  it('checks the answer with the reverse order, with and without additional charges', () => {
    const answer = { ...request, status: 'success' };
    expect(payuResponseHash(answer, 'SALT')).toBe(sha512('SALT|success||||||||||order-1|a@example.com|Asha|Order 1|10.00|T123|gtKFFx'));
    expect(payuResponseHash({ ...answer, additionalCharges: '2.00' }, 'SALT')).toBe(
      sha512('2.00|SALT|success||||||||||order-1|a@example.com|Asha|Order 1|10.00|T123|gtKFFx'),
    );
  });

  it('any changed field changes the hash', () => {
    const base = payuResponseHash({ ...request, status: 'success' }, 'SALT');
    for (const [field, value] of Object.entries({ amount: '1.00', txnid: 'T124', status: 'failure', udf1: 'order-2', key: 'other' })) {
      expect(payuResponseHash({ ...request, status: 'success', [field]: value }, 'SALT')).not.toBe(base);
    }
    expect(payuResponseHash({ ...request, status: 'success' }, 'OTHER')).not.toBe(base);
  });
});

describe('PayU amounts', () => {
  it('the form carries the order total given in paise as the rupees PayU reads, in its field order', () => {
    const rest = { ...fields, phone: '9800000000', surl: 'https://shop.example/fn/payu/return', furl: 'https://shop.example/fn/payu/return' };
    const form = payuRequest(rest, minor(109_895), 2);
    expect(form.amount).toBe('1098.95');
    expect(Object.keys(form).slice(0, 4)).toEqual(['key', 'txnid', 'amount', 'productinfo']);
    // ₹12.50 × 1.1 kg = ₹13.75; a whole-rupee total keeps its paise
    expect(payuRequest(rest, minor(1_375), 2).amount).toBe('13.75');
    expect(payuRequest(rest, minor(99_900), 2).amount).toBe('999.00');
  });

  it("reads the answer's amount back in paise, and nothing finer than a paisa", () => {
    expect(payuAnswerAmount({ amount: '1098.95' }, 2)).toBe(109_895);
    expect(payuAnswerAmount({ amount: '1098.9' }, 2)).toBe(109_890);
    expect(payuAnswerAmount({ amount: '1098' }, 2)).toBe(109_800);
    expect(payuAnswerAmount({ amount: '1098.955' }, 2)).toBeNull();
    expect(payuAnswerAmount({ amount: '-5.00' }, 2)).toBeNull();
  });
});
