import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, visualRuns } from './invoice-pdf';
import { calculatePrice, DEFAULT_PRICE_LIST } from './pricing';

const issuedAt = new Date('2026-03-02T10:00:00Z');

async function pdfText(pdf: Uint8Array) {
  const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  return text;
}

function invoice(customer: { company: string; contact: string; city: string; street: string }) {
  return renderInvoicePdf({
    number: 'R-2026-1001',
    issuedAt,
    dueAt: new Date('2026-03-16T10:00:00Z'),
    language: 'de',
    customer: {
      company: customer.company,
      contact: customer.contact,
      address: {
        street: customer.street,
        streetNumber: '12',
        zip: '10115',
        city: customer.city,
        country: 'DE',
      },
      deliveryAddress: null,
      vatNumber: null,
      taxNumber: '60/145/12345',
      tenantId: 'druck-test',
    },
    machines: [{ manufacturer: 'Polar', model: 'N 115 Plus', count: 2 }],
    price: calculatePrice(
      DEFAULT_PRICE_LIST,
      { country: 'DE', currency: 'EUR', machines: [{ count: 2 }] },
      issuedAt,
    ),
    supportPhone: '+49 40 123456',
    supportEmail: 'support@kerf.example',
  });
}

describe('invoice PDF fonts', () => {
  it('prints Cyrillic names as they are (no "?")', async () => {
    const text = await pdfText(
      await invoice({
        company: 'Типография Север ООО',
        contact: 'Ольга Смирнова',
        street: 'Friedrichstraße',
        city: 'Berlin',
      }),
    );
    expect(text).toContain('Типография Север ООО');
    expect(text).toContain('Ольга Смирнова');
    expect(text).toContain('Friedrichstraße');
    expect(text).toContain('Rechnung');
    expect(text).not.toContain('?');
  });

  it('prints Arabic names joined, right to left, next to Latin text and numbers', async () => {
    const pdf = await invoice({
      company: 'مطبعة النور',
      contact: 'ليلى حداد',
      street: 'شارع الملك فهد',
      city: 'Berlin',
    });
    const text = await pdfText(pdf);
    for (const name of ['مطبعة النور', 'ليلى حداد', 'شارع الملك فهد']) expect(text).toContain(name);
    expect(text).not.toContain('?');
  });

  it('orders a mixed line by the Unicode bidirectional algorithm, from the left', () => {
    // an Arabic run between Latin text stays in place; the font engine lays it out right to left
    expect(visualRuns('Kunde: ليلى حداد, Berlin')).toEqual(['Kunde: ', 'ليلى حداد', ', Berlin']);
    // a number after Arabic belongs to the right-to-left group: it stands to the left of the words
    expect(visualRuns('شارع الملك 12')).toEqual(['12', 'شارع الملك ']);
    expect(visualRuns('Polar N 115 · Ольга')).toEqual(['Polar N 115 · Ольга']);
  });
});
