import type { Price } from '@kerf/contracts';
import { isoDay } from '../../lib/dates';

/** The confirmation mails of an order, in the invoice's language (German or English). */

export function money(cents: number, currency: string) {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

export function orderMail(
  kind: 'registration' | 'additional-machines',
  to: { email: string; firstName: string; lastName: string },
  tenantSlug: string,
  username: string | null,
  invoice: { number: string; price: Price; dueAt: Date; language: 'de' | 'en' },
  support: { phone: string; email: string },
) {
  const p = invoice.price;
  const due = isoDay(invoice.dueAt);
  if (invoice.language === 'de') {
    return {
      kind: `${kind}-confirmation`,
      recipient: to.email,
      subject:
        kind === 'registration'
          ? `Ihre Registrierung bei Kerf – Mandant ${tenantSlug}`
          : `Ihre Bestellung weiterer Maschinen – Rechnung ${invoice.number}`,
      body: [
        `Guten Tag ${to.firstName} ${to.lastName},`,
        '',
        kind === 'registration'
          ? `vielen Dank für Ihre Registrierung. Ihr Mandant lautet „${tenantSlug}“, Ihr Benutzername „${username}“. Sie können sich ab sofort anmelden.`
          : `vielen Dank für Ihre Bestellung von ${p.machineCount} weiteren Maschine(n).`,
        '',
        `Rechnung ${invoice.number}: netto ${money(p.netCents, p.currency)}, USt ${money(p.vatCents, p.currency)}, gesamt ${money(p.totalCents, p.currency)}, zahlbar bis ${due}. Sie finden die Rechnung als PDF in der App unter „Dashboard“.`,
        'Die Bestellung wird erst mit unserer gesonderten Auftragsbestätigung verbindlich; unser Techniker meldet sich zur Terminabsprache für die Installation.',
        '',
        `Fragen? ${support.phone} · ${support.email}`,
        '',
        'Ihr Kerf-Team',
      ].join('\n'),
    };
  }
  return {
    kind: `${kind}-confirmation`,
    recipient: to.email,
    subject:
      kind === 'registration'
        ? `Your Kerf registration – client ${tenantSlug}`
        : `Your order of further machines – invoice ${invoice.number}`,
    body: [
      `Dear ${to.firstName} ${to.lastName},`,
      '',
      kind === 'registration'
        ? `thank you for registering. Your client (tenant ID) is "${tenantSlug}", your username "${username}". You can log in right away.`
        : `thank you for ordering ${p.machineCount} further machine(s).`,
      '',
      `Invoice ${invoice.number}: net ${money(p.netCents, p.currency)}, VAT ${money(p.vatCents, p.currency)}, total ${money(p.totalCents, p.currency)}, due by ${due}. The PDF is in the app on the dashboard.`,
      'The order becomes binding only with our separate order confirmation; our technician will contact you to arrange the installation.',
      '',
      `Questions? ${support.phone} · ${support.email}`,
      '',
      'Your Kerf team',
    ].join('\n'),
  };
}
