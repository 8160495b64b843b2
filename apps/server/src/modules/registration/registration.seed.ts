import type { Tx } from '../../db/transactions';
import { DEFAULT_PRICE_LIST } from './pricing';
import { insertContactRequest, insertRegistration } from './registration.repository';
import { invoiceOrder, TERMS_VERSION } from './registration.service';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo printing shop's registration and the invoice for its five machines (ordered at the start of
 * the year), so the admin dashboard shows an invoice to open. In the demo tenant's transaction; the
 * machines exist already (machines' seed), so the invoice adds no placeholders.
 */
export async function seedDemoRegistration(
  tx: Tx,
  tenantId: string,
  options: { tenantSlug: string; support: { phone: string; email: string }; now?: Date },
) {
  const now = options.now ?? new Date();
  const orderedAt = new Date(Date.UTC(now.getUTCFullYear(), 0, 12, 9, 30));
  const registration = await insertRegistration(tx, tenantId, {
    salutation: 'MS',
    firstName: 'Anna',
    lastName: 'Becker',
    email: 'anna.becker@druckerei-beispiel.example',
    phone: '+494030123456',
    company: 'Druckerei Beispiel GmbH',
    address: { street: 'Billstraße', streetNumber: '118', zip: '20539', city: 'Hamburg', country: 'DE' },
    deliveryAddress: {
      street: 'Industriestraße',
      streetNumber: '7',
      zip: '21107',
      city: 'Hamburg',
      country: 'DE',
    },
    taxNumber: '27/123/45678',
    vatNumber: 'DE298765432',
    currency: 'EUR',
    language: 'GERMAN',
    machines: [
      { manufacturer: 'Polar', model: 'N 115 Plus', count: 2 },
      { manufacturer: 'Polar', model: 'N 137 Plus', count: 2 },
      { manufacturer: 'Polar', model: 'N 92 Plus', count: 1 },
    ],
    termsVersion: TERMS_VERSION,
    termsAcceptedAt: orderedAt,
  });
  await invoiceOrder(
    tx,
    { priceList: DEFAULT_PRICE_LIST, support: options.support },
    tenantId,
    options.tenantSlug,
    registration,
    registration.machines,
    orderedAt,
    { placeholders: false },
  );
}

/** A few contact requests of the last weeks (platform role: they belong to no tenant). */
export async function seedDemoContactRequests(tx: Tx, now = new Date()) {
  const requests = [
    {
      salutation: 'MR',
      firstName: 'Jan',
      lastName: 'de Vries',
      email: 'j.devries@drukkerij-noord.example',
      phone: '+31201234567',
      company: 'Drukkerij Noord B.V.',
      message:
        'Wij hebben drie Polar-snijmachines (N 115 en N 137). Kunnen wij een demo krijgen van de meskeuzelogistiek met onze slijperij?',
      language: 'DUTCH',
      daysAgo: 2,
    },
    {
      salutation: 'MS',
      firstName: 'Sabine',
      lastName: 'Huber',
      email: 'huber@offsetdruck-huber.example',
      phone: '+436641234567',
      company: 'Offsetdruck Huber GmbH',
      message:
        'Guten Tag, wir möchten zwei Wohlenberg cut-TEC 137 anbinden. Ist die Installation auch an einem Samstag möglich?',
      language: 'GERMAN',
      daysAgo: 6,
    },
    {
      salutation: 'MR',
      firstName: 'Tom',
      lastName: 'Fletcher',
      email: 'tom.fletcher@printworks-leeds.example',
      phone: '+441132345678',
      company: null,
      message: 'Do you invoice in GBP, and does the licence include the site manager hardware?',
      language: 'ENGLISH',
      daysAgo: 13,
    },
  ];
  for (const { daysAgo, ...request } of requests) {
    await insertContactRequest(tx, { ...request, createdAt: new Date(now.getTime() - daysAgo * DAY) });
  }
}
