import { isKnifeAway, isValidArticleNumber, type KnifeDetails, type KnifeState } from '@kerf/contracts';
import type { Transactions } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { KNIFE_AUDIT } from './knife-views.repository';
import { type KnifeCreate, type KnifeUpdate, requireDetails, tenantRunner } from './knives';
import { insertKnife, type KnifeValues, lockKnife, updateKnife } from './knives.repository';

/** Measurements are compared with a tolerance far below what a gauge reads (0.01 mm). */
const EPSILON = 1e-6;

function knifeValues(input: KnifeUpdate | KnifeCreate): KnifeValues {
  if (!isValidArticleNumber(input.articleNumber))
    throw new AppError('service.knives.INVALID_ARTICLE_NUMBER', {
      details: { fields: [{ field: 'articleNumber', in: 'body', code: 'INVALID_FORMAT' }] },
    });
  return {
    articleNumber: input.articleNumber.toUpperCase(),
    knifeClassName: input.knifeClassName,
    height: input.height,
    backThickness: input.backThickness,
    angleVf: input.angleVf ?? null,
    angleHf: input.angleHf ?? null,
    angleTm: input.angleTm ?? null,
    carrierMaterial: input.carrierMaterial || null,
    material: input.material || null,
  };
}

/** Registering and editing a printing shop's knives (product.md §7 "Knife server"). */
export function createKnifeEditsService(deps: { transactions: Transactions }) {
  const inTenant = tenantRunner(deps.transactions);

  return {
    async create(actor: Actor, input: KnifeCreate): Promise<KnifeDetails> {
      const values = knifeValues(input);
      return inTenant(actor, async (tx) => {
        const inserted = await insertKnife(tx, actor.tenantId, {
          rfid: input.rfid,
          ...values,
          knifeSwapInterval: input.knifeSwapInterval ?? null,
        });
        if (!inserted) throw new AppError('service.knives.KNIFE_ALREADY_EXISTS');
        await audit(tx, actor, KNIFE_AUDIT.created, 'knife', input.rfid);
        return requireDetails(tx, input.rfid);
      });
    },

    /**
     * Edits a knife in use. A knife at the grinder is the grinding shop's to change, a scrapped one
     * nobody's; height and back thickness only ever shrink (grinding removes material), so neither
     * may exceed what the knife measured when it was registered.
     */
    async update(actor: Actor, rfid: string, input: KnifeUpdate): Promise<KnifeDetails> {
      return inTenant(actor, async (tx) => {
        const knife = await lockKnife(tx, rfid);
        if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        if (knife.state === 'SCRAPPED') throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
        // At the grinding shop or on its way back: the grinding workflow's until its owner receives it.
        if (isKnifeAway(knife.state)) throw new AppError('service.knives.KNIFE_ALREADY_SHIPPED');
        const values = knifeValues(input);
        if (knife.originalHeight !== null && values.height > knife.originalHeight + EPSILON)
          throw new AppError('service.knives.KNIFE_HEIGHT_INCREASED', {
            details: { fields: [{ field: 'height', in: 'body', code: 'TOO_BIG' }] },
          });
        if (
          knife.originalBackThickness !== null &&
          values.backThickness > knife.originalBackThickness + EPSILON
        )
          throw new AppError('service.knives.KNIFE_THICKNESS_INCREASED', {
            details: { fields: [{ field: 'backThickness', in: 'body', code: 'TOO_BIG' }] },
          });
        const state: KnifeState = input.state ?? knife.state;
        const changedFields = (Object.keys(values) as (keyof KnifeValues)[]).filter(
          (key) => values[key] !== knife[key],
        );
        await updateKnife(tx, rfid, { ...values, state });
        if (changedFields.length > 0 || state !== knife.state) {
          await audit(tx, actor, KNIFE_AUDIT.updated, 'knife', rfid, {
            changedFields,
            ...(state !== knife.state ? { state } : {}),
          });
        }
        return requireDetails(tx, rfid);
      });
    },
  };
}
