import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Price } from '@kerf/contracts';
import fontkit from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { AddressValue } from '../../db/schema/index';

export interface InvoiceDocument {
  number: string;
  issuedAt: Date;
  dueAt: Date;
  language: 'de' | 'en';
  customer: {
    company: string;
    contact: string;
    address: AddressValue;
    deliveryAddress: AddressValue | null;
    vatNumber: string | null;
    taxNumber: string | null;
    tenantId: string;
  };
  machines: { manufacturer: string; model: string; count: number }[];
  price: Price;
  supportPhone: string;
  supportEmail: string;
}

const TEXT = {
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    date: 'Rechnungsdatum',
    due: 'Zahlbar bis',
    client: 'Mandant',
    vatId: 'USt-IdNr.',
    taxNo: 'Steuernummer',
    delivery: 'Lieferanschrift',
    machines: 'Bestellte Maschinen',
    item: 'Position',
    qty: 'Menge',
    unit: 'Einzelpreis',
    amount: 'Betrag',
    licence: (months: number) =>
      `Softwarelizenz je Maschine, ${months} Monat(e) bis zur Verlängerung am 1. Januar`,
    installation: 'Installation je Maschine (Techniker vor Ort, Anpassung bis zu 4 Messern)',
    net: 'Nettobetrag',
    vat: (rate: string) => `Umsatzsteuer ${rate} %`,
    total: 'Gesamtbetrag',
    reverse: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).',
    terms: (due: string) =>
      `Zahlbar ohne Abzug bis ${due} (14 Tage). Die Lizenz läuft mit dem Kalenderjahr und wird jährlich im Voraus berechnet. Die Bestellung wird erst mit unserer gesonderten Auftragsbestätigung verbindlich.`,
    questions: 'Fragen zur Rechnung',
    bank: 'Bankverbindung: Hamburger Sparkasse · IBAN DE12 2005 0550 1234 5678 90 · BIC HASPDEHHXXX',
  },
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Invoice date',
    due: 'Due date',
    client: 'Client',
    vatId: 'VAT ID',
    taxNo: 'Tax number',
    delivery: 'Delivery address',
    machines: 'Machines ordered',
    item: 'Item',
    qty: 'Qty',
    unit: 'Unit price',
    amount: 'Amount',
    licence: (months: number) =>
      `Software licence per machine, ${months} month(s) until renewal on 1 January`,
    installation: 'Installation per machine (technician on site, up to 4 knives adapted)',
    net: 'Net amount',
    vat: (rate: string) => `VAT ${rate} %`,
    total: 'Total',
    reverse: 'Reverse charge: VAT to be accounted for by the recipient.',
    terms: (due: string) =>
      `Payable without deduction by ${due} (14 days). The licence runs with the calendar year and is invoiced yearly in advance. The order becomes binding only with our separate order confirmation.`,
    questions: 'Questions about this invoice',
    bank: 'Bank details: Hamburger Sparkasse · IBAN DE12 2005 0550 1234 5678 90 · BIC HASPDEHHXXX',
  },
} as const;

/**
 * DejaVu Sans (an npm package, free to embed): Latin, Cyrillic, Greek and Arabic with its joining
 * forms in one font, so a customer's name prints in any of the shops' languages. Embedded as a
 * subset of the glyphs used; the files are read once per process.
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;
const require = createRequire(import.meta.url);
let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
const loadFontFiles = () =>
  (fontFiles ??= Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ]).then(([regular, bold]) => ({ regular, bold })));

const bidi = bidiFactory();

/**
 * A line's runs of one direction (Unicode bidirectional algorithm, left-to-right paragraph) in the
 * order they stand on the line from the left, each run in reading order: the font engine joins the
 * Arabic letters and lays a right-to-left run out from the right itself.
 */
export function visualRuns(text: string): string[] {
  const embedding = bidi.getEmbeddingLevels(text, 'ltr');
  const position: number[] = [];
  bidi.getReorderedIndices(text, embedding).forEach((index, visual) => {
    position[index] = visual;
  });
  const runs: { text: string; at: number }[] = [];
  let start = 0;
  for (let end = 1; end <= text.length; end++) {
    if (end < text.length && embedding.levels[end] === embedding.levels[start]) continue;
    runs.push({ text: text.slice(start, end), at: Math.min(...position.slice(start, end)) });
    start = end;
  }
  return runs.sort((a, b) => a.at - b.at).map((run) => run.text);
}

function money(cents: number, currency: string, language: 'de' | 'en') {
  const formatted = new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
  return `${formatted} ${currency}`;
}

function date(value: Date, language: 'de' | 'en') {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'Europe/Berlin',
  }).format(value);
}

/** The invoice as a one-page A4 PDF (pdf-lib, DejaVu Sans embedded). */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const t = TEXT[invoice.language];
  const lang = invoice.language;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${t.title} ${invoice.number}`);
  doc.setAuthor('Kerf GmbH');
  doc.setCreationDate(invoice.issuedAt);
  doc.setModificationDate(invoice.issuedAt);
  const page: PDFPage = doc.addPage([595.28, 841.89]);
  const files = await loadFontFiles();
  const regular = await doc.embedFont(files.regular, { subset: true });
  const bold = await doc.embedFont(files.bold, { subset: true });
  const grey = rgb(0.35, 0.35, 0.35);
  const left = 56;
  const right = 539;
  let y = 790;

  const widthOf = (text: string, size: number, font: PDFFont) =>
    visualRuns(text.normalize('NFC')).reduce((sum, run) => sum + font.widthOfTextAtSize(run, size), 0);
  const write = (
    text: string,
    x: number,
    size = 10,
    font: PDFFont = regular,
    color: Color = rgb(0, 0, 0),
  ) => {
    let at = x;
    for (const run of visualRuns(text.normalize('NFC'))) {
      page.drawText(run, { x: at, y, size, font, color });
      at += font.widthOfTextAtSize(run, size);
    }
  };
  const writeRight = (text: string, x: number, size = 10, font: PDFFont = regular) =>
    write(text, x - widthOf(text, size, font), size, font);
  const wrap = (text: string, width: number, size = 9) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.normalize('NFC').split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (regular.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };

  write('Kerf GmbH', left, 16, bold);
  y -= 14;
  write('Speicherstadt, Am Sandtorkai 41 · 20457 Hamburg · Deutschland', left, 8, regular, grey);
  y -= 10;
  write(`USt-IdNr. DE312345678 · ${invoice.supportPhone} · ${invoice.supportEmail}`, left, 8, regular, grey);

  y -= 40;
  const c = invoice.customer;
  const addressLines = [
    c.company,
    c.contact,
    `${c.address.street} ${c.address.streetNumber}`,
    `${c.address.zip} ${c.address.city}`,
    c.address.country,
  ];
  const top = y;
  for (const line of addressLines) {
    write(line, left, 10);
    y -= 13;
  }
  y = top;
  const meta: [string, string][] = [
    [t.number, invoice.number],
    [t.date, date(invoice.issuedAt, lang)],
    [t.due, date(invoice.dueAt, lang)],
    [t.client, c.tenantId],
    ...(c.vatNumber ? ([[t.vatId, c.vatNumber]] as [string, string][]) : []),
    ...(c.taxNumber ? ([[t.taxNo, c.taxNumber]] as [string, string][]) : []),
  ];
  for (const [label, value] of meta) {
    write(label, 340, 9, regular, grey);
    writeRight(value, right, 9, bold);
    y -= 13;
  }
  y = Math.min(y, top - addressLines.length * 13) - 20;
  if (c.deliveryAddress) {
    const d = c.deliveryAddress;
    write(
      `${t.delivery}: ${d.street} ${d.streetNumber}, ${d.zip} ${d.city}, ${d.country}`,
      left,
      9,
      regular,
      grey,
    );
    y -= 20;
  }

  write(`${t.title} ${invoice.number}`, left, 18, bold);
  y -= 24;
  write(
    `${t.machines}: ${invoice.machines.map((m) => `${m.count} × ${m.manufacturer} ${m.model}`).join(', ')}`,
    left,
    9,
    regular,
    grey,
  );
  y -= 24;

  write(t.item, left, 9, bold);
  writeRight(t.qty, 360, 9, bold);
  writeRight(t.unit, 450, 9, bold);
  writeRight(t.amount, right, 9, bold);
  y -= 6;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  y -= 16;
  const currency = invoice.price.currency;
  for (const line of invoice.price.lines) {
    const label = line.kind === 'LICENCE' ? t.licence(line.months ?? 12) : t.installation;
    const labelLines = wrap(label, 260);
    writeRight(String(line.quantity), 360);
    writeRight(money(line.unitNetCents, currency, lang), 450);
    writeRight(money(line.netCents, currency, lang), right);
    for (const part of labelLines) {
      write(part, left, 9);
      y -= 12;
    }
    y -= 8;
  }
  page.drawLine({ start: { x: 300, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.5, color: grey });
  y -= 8;
  const rate = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 1 }).format(
    invoice.price.vatRateBasisPoints / 100,
  );
  const sums: [string, number, PDFFont][] = [
    [t.net, invoice.price.netCents, regular],
    [t.vat(rate), invoice.price.vatCents, regular],
    [t.total, invoice.price.totalCents, bold],
  ];
  for (const [label, cents, font] of sums) {
    write(label, 300, 10, font);
    writeRight(money(cents, currency, lang), right, 10, font);
    y -= 16;
  }
  y -= 10;
  if (invoice.price.reverseCharge) {
    write(t.reverse, left, 9, bold);
    y -= 16;
  }
  for (const part of wrap(t.terms(date(invoice.dueAt, lang)), right - left)) {
    write(part, left, 9);
    y -= 12;
  }
  y -= 8;
  write(t.bank, left, 8, regular, grey);
  y -= 12;
  write(`${t.questions}: ${invoice.supportPhone} · ${invoice.supportEmail}`, left, 8, regular, grey);
  y = 40;
  write(
    'Kerf GmbH · Amtsgericht Hamburg HRB 187654 · Geschäftsführung: Dr. Miriam Albers',
    left,
    7,
    regular,
    grey,
  );
  return doc.save({ useObjectStreams: false });
}
