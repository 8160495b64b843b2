import {
  API_TOKEN_HEADER,
  acquireAdditionalMachineToken,
  calculatePrice,
  getCaptchaChallenge,
  getContractConditions,
  getCuttingWidths,
  getInvoicePdf,
  getPricingInfo,
  getRegistration,
  isTenantIdAvailable,
  listInvoices,
  orderAdditionalMachines,
  register,
  sendContactRequest,
  testCaptcha,
} from '@kerf/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type Authenticator, registerRoute } from '../../lib/route';
import type { Captcha } from './captcha';
import type { InvoicesService } from './invoices.service';
import { CUTTING_WIDTHS, MACHINE_MODELS } from './machine-catalogue';
import type { MachineOrdersService } from './machine-orders.service';
import { contractConditions, type PriceList, priceListEntry } from './pricing';
import { TERMS_VERSION } from './registration';
import type { RegistrationService } from './registration.service';
import type { WebsiteService } from './website.service';

/** Per client address: public calls `perMinute`, the writes (register, contact, orders) far fewer. */
function limit(max: number, timeWindow: number) {
  return {
    config: {
      rateLimit: {
        max,
        timeWindow,
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
          const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
          return new AppError('service.knives.TOO_MANY_ATTEMPTS', {
            details: { retryAfterSeconds: seconds },
            headers: { 'retry-after': String(seconds) },
          });
        },
      },
    },
  };
}

export function registerRegistrationRoutes(
  app: FastifyInstance,
  deps: {
    authenticator: Authenticator;
    website: WebsiteService;
    registration: RegistrationService;
    machineOrders: MachineOrdersService;
    invoices: InvoicesService;
    captcha: Captcha;
    priceList: PriceList;
    support: { phone: string; email: string };
    perMinute: number;
  },
) {
  const { authenticator, website, registration, machineOrders, invoices, captcha, priceList, support } = deps;
  const reads = limit(deps.perMinute, 60_000);
  const writes = limit(Math.max(1, Math.ceil(deps.perMinute / 6)), 10 * 60_000);

  registerRoute(app, authenticator, acquireAdditionalMachineToken, ({ actor }) =>
    machineOrders.acquireToken(actor),
  );
  registerRoute(
    app,
    authenticator,
    isTenantIdAvailable,
    ({ params }) => website.isTenantIdAvailable(params.id),
    reads,
  );
  registerRoute(
    app,
    authenticator,
    getCuttingWidths,
    async () => ({ widths: CUTTING_WIDTHS, models: MACHINE_MODELS }),
    reads,
  );
  registerRoute(
    app,
    authenticator,
    getContractConditions,
    async ({ params }) => contractConditions(params.country, support, TERMS_VERSION),
    reads,
  );
  registerRoute(
    app,
    authenticator,
    getPricingInfo,
    async ({ params }) => priceListEntry(priceList, params.currency),
    reads,
  );
  registerRoute(app, authenticator, calculatePrice, async ({ body }) => website.price(body), reads);
  registerRoute(app, authenticator, getCaptchaChallenge, () => captcha.challenge(), reads);
  registerRoute(
    app,
    authenticator,
    testCaptcha,
    async ({ body }) => ({ verified: await captcha.verify(body.captcha) }),
    reads,
  );
  registerRoute(app, authenticator, sendContactRequest, ({ body }) => website.contact(body), writes);
  registerRoute(
    app,
    authenticator,
    register,
    ({ body, request }) => registration.register(body, request.ip),
    writes,
  );
  registerRoute(
    app,
    authenticator,
    getRegistration,
    ({ params, headers }) => machineOrders.getRegistration(params.id, headers[API_TOKEN_HEADER]),
    reads,
  );
  registerRoute(
    app,
    authenticator,
    orderAdditionalMachines,
    ({ params, headers, body }) =>
      machineOrders.orderAdditionalMachines(params.id, headers[API_TOKEN_HEADER], body),
    writes,
  );
  registerRoute(app, authenticator, listInvoices, ({ actor }) => invoices.listInvoices(actor));
  registerRoute(app, authenticator, getInvoicePdf, async ({ actor, params, reply }) => {
    const { number, pdf } = await invoices.invoicePdf(actor, params.id);
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${number}.pdf"`)
      .header('cache-control', 'private, no-store');
    return reply.send(pdf) as unknown as undefined;
  });
}
