import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payuRequestHash, payuResponseHash } from './payu-protocol.ts';

const sha512 = (s: string) => createHash('sha512').update(s).digest('hex');

describe('PayU hashes', () => {
  const request = {
    key: 'gtKFFx',
    txnid: 'T123',
    amount: '10.00',
    productinfo: 'Order 1',
    firstname: 'Asha',
    email: 'a@example.com',
    udf1: 'order-1',
    udf2: '',
    udf3: '',
    udf4: '',
    udf5: '',
  };

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
