import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCountryLookup, type CountryLookup } from '../../../services/country-lookup.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { useTestApp } from '../../../testing/test-app.ts';

/** A local ip2c: 203.0.113.x is in the US, 192.0.2.x in India, anything else is not found; it counts the questions. */
let asked: string[] = [];
let service: Server;
let url = '';
let lookup: CountryLookup;
beforeAll(async () => {
  service = createServer((req, res) => {
    const ip = decodeURIComponent(req.url!.slice(1));
    asked.push(ip);
    res.end(ip.startsWith('203.0.113.') ? '1;US;USA;United States' : ip.startsWith('192.0.2.') ? '1;IN;IND;India' : '2');
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/{ip}`;
  lookup = createCountryLookup(url);
});
afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

const [sqlite] = testDatabases;

describe('country detection', () => {
  // the service's port is known only once it listens: the app asks through the lookup made then
  const looked = useTestApp(sqlite!, { countryLookup: (ip) => lookup(ip) });
  const without = useTestApp(sqlite!);

  it('answers the looked-up country, asks the service once per address, and fails with §8 text', async () => {
    const country = (ip: string) => looked.app.inject({ url: '/api/country', remoteAddress: ip });
    asked = [];
    expect((await country('203.0.113.9')).json()).toEqual({ countryCode: 'US' });
    expect((await country('203.0.113.9')).json()).toEqual({ countryCode: 'US' });
    expect((await country('192.0.2.1')).json()).toEqual({ countryCode: 'IN' });
    expect(asked).toEqual(['203.0.113.9', '192.0.2.1']);

    const failed = await country('198.51.100.1');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ message: 'unable to fetch the country' });
  });

  it('without a service every shopper is in IN', async () => {
    const res = await without.app.inject({ url: '/api/country', remoteAddress: '203.0.113.9' });
    expect(res.json()).toEqual({ countryCode: 'IN' });
  });

  it('refuses a lookup URL without {ip}', () => {
    expect(() => createCountryLookup('https://ip2c.org/')).toThrow(/\{ip\}/);
  });
});
