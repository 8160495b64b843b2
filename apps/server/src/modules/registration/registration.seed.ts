import type { Tx } from '../../db/transactions';
import { queueMail } from '../mail/index';
import { invoiceOrder } from './invoices.service';
import { DEFAULT_PRICE_LIST } from './pricing';
import { TERMS_VERSION } from './registration';
import {
  appendRegistrationMachines,
  insertContactRequest,
  insertRegistration,
} from './registration.repository';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo printing shop's registration and the invoice for its five machines (ordered at the start of
 * the year), so the admin dashboard shows an invoice to open. In the demo tenant's transaction; the
 * machines exist already (machines' seed), so that invoice adds no licences; a later order of one
 * machine adds the licence that awaits the machine's installation.
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
    { licences: false },
  );
  // A later order of one more machine, invoiced and not installed yet: its licence awaits the machine.
  const laterOrder = [{ manufacturer: 'Polar', model: 'N 137 Plus', count: 1 }];
  const reorderedAt = new Date(Math.max(now.getTime() - 12 * DAY, orderedAt.getTime() + DAY));
  await appendRegistrationMachines(tx, registration.id, laterOrder);
  await invoiceOrder(
    tx,
    { priceList: DEFAULT_PRICE_LIST, support: options.support },
    tenantId,
    options.tenantSlug,
    registration,
    laterOrder,
    reorderedAt,
  );
}

/** A few contact requests of the last weeks and the outbox mail they caused (platform role: they belong to no tenant). */
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
    const createdAt = new Date(now.getTime() - daysAgo * DAY);
    await insertContactRequest(tx, { ...request, createdAt });
    // The mail the contact form queued for sales; without SMTP_URL it waits in the outbox.
    await queueMail(tx, {
      kind: 'contact-request',
      recipient: 'sales@kerf.example',
      replyTo: request.email,
      subject: `Kontaktanfrage: ${request.firstName} ${request.lastName}${request.company ? ` (${request.company})` : ''}`,
      body: [
        `${request.salutation === 'MS' ? 'Frau' : 'Herr'} ${request.firstName} ${request.lastName}`,
        request.company ? `Firma: ${request.company}` : null,
        `E-Mail: ${request.email}`,
        `Telefon: ${request.phone}`,
        `Sprache: ${request.language}`,
        '',
        request.message,
      ]
        .filter((line) => line !== null)
        .join('\n'),
      createdAt,
    });
  }
  // A registration of the week before, confirmed to the customer and announced to sales.
  const registeredAt = new Date(now.getTime() - 9 * DAY);
  await queueMail(tx, {
    kind: 'registration',
    recipient: 'l.moreau@imprimerie-moreau.example',
    subject: 'Votre inscription à Kerf – facture 2026-0042',
    body: 'Bonjour Madame Moreau,\n\nmerci pour votre inscription. Votre identifiant de mandant est « imprimerie-moreau ».\nVous trouverez la facture pour 2 machines dans votre espace administrateur.\n\nCordialement,\nKerf',
    createdAt: registeredAt,
  });
  await queueMail(tx, {
    kind: 'registration-notice',
    recipient: 'sales@kerf.example',
    subject: 'Neue Registrierung: Imprimerie Moreau (imprimerie-moreau), 2 Maschine(n)',
    body: 'Mandant imprimerie-moreau, Imprimerie Moreau, Lyon (FR); Rechnung 2026-0042 über 1.580,00 €.',
    createdAt: registeredAt,
  });
}
