import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../../domain/auth-messages.ts';
import { smsFrom } from '../../../services/sms.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { FAST2SMS_KEY, startFakeSms, SMS_TOKEN, type FakeSms } from '../../../testing/fake-sms.ts';
import { GUIDE_TEMPLATES, startFakeWhatsApp, type FakeWhatsApp } from '../../../testing/fake-whatsapp.ts';
import { useTestApp } from '../../../testing/test-app.ts';

const WHATSAPP = { token: 'EAAG-system-user-token', phoneNumberId: '106540352242922', appSecret: 'app-secret', verifyToken: 'verify-token' };
/** The shop's DLT registration as its environment gives it: its entity id, its header, and the template id of each registered text. */
const DLT = { dltEntityId: '1101456789012345678', senderId: 'CRUMBS', dltTemplates: 'login:1107161234567890001,signup:1107161234567890002' };
const ENTITY = DLT.dltEntityId;

/** The SMS sender the shop makes from these settings. */
function smsSender(env: Parameters<typeof smsFrom>[0]) {
  const made = smsFrom(env);
  if (!made || !('sender' in made)) throw new Error(`no SMS sender: ${JSON.stringify(made)}`);
  return made.sender;
}

let sms: FakeSms;
let whatsapp: FakeWhatsApp;
beforeAll(async () => {
  sms = await startFakeSms();
  // the shop's WhatsApp account has the guide's templates approved, the authentication one among them
  whatsapp = await startFakeWhatsApp({ ...WHATSAPP, templates: GUIDE_TEMPLATES });
});
afterAll(async () => {
  await sms?.close();
  await whatsapp?.close();
});

let n = 0;
const phone = () => `+9197${String(Date.now() % 1e6).padStart(6, '0')}${String(++n).padStart(2, '0')}`;

/**
 * A phone's one-time code by text message or by WhatsApp, as the shopper chooses (issue 40): the
 * WhatsApp code is the shop's authentication template, with the code in its body and its
 * copy-code button; a text message carries the shop's DLT registration, as India's operators ask.
 */
describe.each(testDatabases)('codes to a phone by text message or WhatsApp on $name', (database) => {
  const shop = useTestApp(database, () => ({
    sms: smsSender({ url: sms.url, token: SMS_TOKEN, ...DLT }),
    whatsapp: { ...WHATSAPP, apiUrl: whatsapp.url },
    publicUrl: 'https://shop.example',
  }));
  let ip = 0;
  const post = (url: string, payload: object) => shop.app.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${++ip}` });

  it('sends the code by WhatsApp when the shopper asks, and it logs them in', async () => {
    const number = phone();
    const sent = await post('/api/auth/phone/sendOtp', { phoneNumber: number, via: 'whatsapp' });
    expect(sent.json()).toMatchObject({ status: 'success' });
    const message = whatsapp.sent.findLast((m) => m.to === number.slice(1));
    expect(message).toMatchObject({ template: 'login_code', language: 'en' });
    const [code] = message!.params;
    expect(code).toMatch(/^\d{6}$/);
    expect(sms.received.filter((m) => m.to === number)).toEqual([]);
    const login = await post('/api/auth/phone/verifyOtp', { phoneNumber: number, receivedOtp: code });
    expect(login.json()).toMatchObject({ success: true, user: { phoneNumber: number } });
  });

  it('sends a text message with the DLT entity, header and the template of its kind, unless the shopper chose WhatsApp', async () => {
    const number = phone();
    await post('/api/auth/phone/sendOtpForSignup', { name: 'Ravi Kumar', phoneNumber: number });
    expect(sms.received.findLast((m) => m.to === number)?.dlt).toEqual({ entityId: ENTITY, senderId: 'CRUMBS', templateId: '1107161234567890002' });
    const other = phone();
    await post('/api/auth/phone/sendOtp', { phoneNumber: other, via: 'sms' });
    expect(sms.received.findLast((m) => m.to === other)?.dlt).toEqual({ entityId: ENTITY, senderId: 'CRUMBS', templateId: '1107161234567890001' });
    // a kind with no template of its own registered goes with the entity and header only
    await smsSender({ url: sms.url, token: SMS_TOKEN, ...DLT }).send('+919811100011', '123456 is your code to verify this number', 'update');
    expect(sms.received.at(-1)?.dlt).toEqual({ entityId: ENTITY, senderId: 'CRUMBS' });
  });

  it('says the code was not sent when WhatsApp refuses it, and a clear 400 for a way that does not exist', async () => {
    whatsapp.failNext(1, { status: 400, code: 132001 });
    const refused = await post('/api/auth/phone/sendOtp', { phoneNumber: phone(), via: 'whatsapp' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ errorCode: 'code_not_sent', errorMessage: authMessages.codeNotSent });
    const bad = await post('/api/auth/phone/sendOtp', { phoneNumber: phone(), via: 'pigeon' });
    expect(bad.statusCode).toBe(400);
  });
});

describe.each(testDatabases)('a shop that sends codes by WhatsApp only, on $name', (database) => {
  const shop = useTestApp(database, () => ({ whatsapp: { ...WHATSAPP, apiUrl: whatsapp.url }, publicUrl: 'https://shop.example' }));
  const post = (url: string, payload: object) => shop.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.9' });

  it('sends a code by WhatsApp when the shopper does not say how, and refuses a text message it cannot send', async () => {
    const number = phone();
    expect((await post('/api/auth/phone/sendOtp', { phoneNumber: number })).json()).toMatchObject({ status: 'success' });
    expect(whatsapp.sent.findLast((m) => m.to === number.slice(1))?.template).toBe('login_code');
    const bySms = await post('/api/auth/phone/sendOtp', { phoneNumber: phone(), via: 'sms' });
    expect(bySms.statusCode).toBe(503);
    expect(bySms.json()).toMatchObject({ errorCode: 'codes_unavailable', errorMessage: authMessages.codesUnavailable.phone });
  });
});

describe("Fast2SMS's DLT route", () => {
  const fast2sms = () => smsSender({ provider: 'fast2sms', url: `${sms.url}dev/bulkV2`, token: FAST2SMS_KEY, ...DLT });

  it('sends the registered text to the ten-digit number with the sender, entity and template ids', async () => {
    await fast2sms().send('+919811122233', '482913 is your code to log in to Crumb & Co.', 'login');
    expect(sms.received.at(-1)).toEqual({
      to: '+919811122233',
      text: '482913 is your code to log in to Crumb & Co.',
      dlt: { entityId: ENTITY, senderId: 'CRUMBS', templateId: '1107161234567890001' },
    });
  });

  it('rejects what Fast2SMS refuses though it answers 200, a wrong key, and a number outside India', async () => {
    sms.failWith = 503;
    await expect(fast2sms().send('+919811122233', 'text', 'login')).rejects.toThrow('Fast2SMS refused the message (status_code 999)');
    sms.failWith = undefined;
    await expect(smsSender({ provider: 'fast2sms', url: `${sms.url}dev/bulkV2`, token: 'wrong', ...DLT }).send('+919811122233', 'text')).rejects.toThrow(
      'the SMS provider answered 401',
    );
    await expect(fast2sms().send('+447700900123', 'text')).rejects.toThrow('Indian (+91) numbers only');
  });

  it('is set up from the environment, or says what is wrong', () => {
    expect(smsFrom({})).toBeNull();
    expect(
      smsFrom({ provider: 'fast2sms', token: 'k', dltEntityId: '1101456789012345678', senderId: 'CRUMBS', dltTemplates: 'login:1107161234567890001' }),
    ).toHaveProperty('sender');
    expect(smsFrom({ provider: 'fast2sms', token: 'k' })).toEqual({ problem: 'Fast2SMS needs SMS_TOKEN (the API key), SMS_DLT_ENTITY_ID and SMS_SENDER_ID' });
    expect(smsFrom({ url: 'https://sms.example', dltTemplates: 'login=1107' })).toHaveProperty('problem', expect.stringContaining('SMS_DLT_TEMPLATES'));
    expect(smsFrom({ url: 'https://sms.example', dltEntityId: '1101456789012345678' })).toEqual({ problem: 'SMS_DLT_ENTITY_ID and SMS_SENDER_ID go together' });
    expect(smsFrom({ provider: 'twilio' })).toEqual({ problem: 'SMS_PROVIDER is json or fast2sms' });
  });
});
