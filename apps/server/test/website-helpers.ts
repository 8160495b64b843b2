import type { CaptchaPayload, RegistrationRequest } from '@kerf/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { nextAddress, type TestApp } from './harness';

/** Test servers use a tiny proof of work (the browser's default is thousands of hashes). */
export const WEBSITE_TEST_ENV = { CAPTCHA_MAX_COUNTER: '20', PUBLIC_RATE_LIMIT: '100000' };

/** Fetches a challenge and solves it as the browser does. */
export async function solvedCaptcha(t: TestApp): Promise<CaptchaPayload> {
  const response = await t.request({
    method: 'GET',
    url: '/api/knife/captcha-challenge',
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200)
    throw new Error(`captcha challenge: ${response.statusCode} ${response.body}`);
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

let counter = 0;
/** A complete, valid registration with a fresh tenant ID (two lines, three machines). */
export function registrationBody(captcha: CaptchaPayload, overrides: Partial<RegistrationRequest> = {}) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return {
    salutation: 'MS',
    firstName: 'Katrin',
    lastName: 'Vogel',
    email: 'k.vogel@druckhaus-vogel.example',
    emailConfirmation: 'k.vogel@druckhaus-vogel.example',
    phone: '+49 40 1234567',
    company: 'Druckhaus Vogel GmbH & Co. KG',
    shopName: 'Druckhaus Vogel',
    tenantId: `vogel-${suffix}`,
    username: 'kvogel',
    password: 'Schnitt!Kante-42',
    passwordConfirmation: 'Schnitt!Kante-42',
    machines: [
      { manufacturer: 'Polar', model: 'N 115 Plus', count: 2 },
      { manufacturer: 'Wohlenberg', model: 'cut-TEC 137', count: 1 },
    ],
    address: { street: 'Hafenstraße', streetNumber: '12', zip: '28195', city: 'Bremen', country: 'DE' },
    deliveryAddress: null,
    taxNumber: '60/145/12345',
    vatNumber: null,
    currency: 'EUR',
    acceptTerms: true,
    acceptPrivacy: true,
    language: 'GERMAN',
    captcha,
    ...overrides,
  } satisfies RegistrationRequest;
}
