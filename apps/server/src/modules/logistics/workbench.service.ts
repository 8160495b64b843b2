import type { GrinderKnife, GrindingCycle, GrindingCycleRecordSchema } from '@kerf/contracts';
import type { z } from 'zod';
import type { Transactions, Tx } from '../../db/transactions';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { moveKnifeState, recordShopGrinding } from '../knife/index';
import { forecastOf } from './forecast';
import { isOpen, LOGISTICS_AUDIT, requireOpenStay, sideRunner, toCycle } from './logistics';
import {
  type CustodyRecord,
  cyclePace,
  findKnifeRow,
  listCycles,
  listKnifeCustody,
  listOpenCustody,
  lockCustody,
  markReceived,
  markScrapped,
  toCustody,
} from './logistics.repository';

type CycleRecord = z.output<typeof GrindingCycleRecordSchema>;

/** A grinding recorded "in the future" beyond this clock skew is refused. */
const CLOCK_SKEW_MS = 5 * 60_000;

async function grinderKnife(tx: Tx, actor: Actor, stay: CustodyRecord): Promise<GrinderKnife> {
  const knife = await findKnifeRow(tx, stay.printingTenantId, stay.rfid);
  if (!knife) throw new AppError('service.knives.KNIFE_NOT_FOUND');
  const [fresh] = (
    await listKnifeCustody(tx, 'grinding', actor.tenantId, stay.printingTenantId, stay.rfid)
  ).filter((s) => s.id === stay.id);
  const cycles = await listCycles(tx, stay.printingTenantId, stay.rfid, actor.tenantId);
  return {
    rfid: knife.rfid,
    articleNumber: knife.articleNumber,
    knifeClassName: knife.knifeClassName,
    ownerName: stay.ownerName,
    state: knife.state,
    height: knife.height,
    backThickness: knife.backThickness,
    originalHeight: knife.originalHeight,
    originalBackThickness: knife.originalBackThickness,
    angleVf: knife.angleVf,
    angleHf: knife.angleHf,
    angleTm: knife.angleTm,
    material: knife.material,
    rotation: knife.rotation,
    cutsSinceLastGrinding: knife.cutsSinceLastGrinding,
    totalCuts: knife.totalCuts,
    custody: toCustody(fresh ?? stay),
    cycles: cycles.map(toCycle),
    forecast: forecastOf(knife, await cyclePace(tx, stay.printingTenantId, stay.rfid)),
  };
}

/**
 * The grinding shop's workbench (issue 13): its inbox of knives on their way or held, receiving a
 * knife, recording a grinding (through the knife module) and scrapping. ADR 0018.
 */
export function createWorkbenchService(deps: { transactions: Transactions }) {
  const { transactions } = deps;
  const inSide = sideRunner(transactions);

  return {
    inbox: (actor: Actor) =>
      inSide(actor, 'grinding', async (tx) => (await listOpenCustody(tx, actor.tenantId)).map(toCustody)),

    /** The knife arrives: scanned or typed at the workbench. Receiving twice changes nothing. */
    receive: (actor: Actor, owner: string, rfid: string): Promise<GrinderKnife> =>
      inSide(actor, 'grinding', async (tx) => {
        const stay = await requireOpenStay(tx, actor, owner, rfid);
        if (stay.receivedAt === null) {
          await markReceived(tx, stay.id, actor.userId);
          await audit(tx, actor, LOGISTICS_AUDIT.received, 'knife', rfid, { owner: stay.ownerName });
        }
        return grinderKnife(tx, actor, stay);
      }),

    knife: (actor: Actor, owner: string, rfid: string): Promise<GrinderKnife> =>
      inSide(actor, 'grinding', async (tx) => {
        const stays = await listKnifeCustody(tx, 'grinding', actor.tenantId, owner, rfid);
        const open = stays.find(isOpen);
        if (!open) throw new AppError('service.knives.KNIFE_NOT_FOUND');
        return grinderKnife(tx, actor, open);
      }),

    /** A grinding of a knife the shop holds (received on the way if it was still in transit). */
    recordCycle: (actor: Actor, owner: string, rfid: string, input: CycleRecord): Promise<GrindingCycle> =>
      inSide(actor, 'grinding', async (tx) => {
        const stay = await requireOpenStay(tx, actor, owner, rfid);
        const sharpenedAt = input.sharpenedAt ? new Date(input.sharpenedAt) : new Date();
        if (
          sharpenedAt.getTime() > Date.now() + CLOCK_SKEW_MS ||
          sharpenedAt.getTime() < new Date(stay.sentAt).getTime()
        )
          throw new AppError('validation.INVALID_INPUT', {
            details: { fields: [{ field: 'sharpenedAt', in: 'body', code: 'INVALID_VALUE' }] },
          });
        await lockCustody(tx, stay.id);
        if (stay.receivedAt === null) await markReceived(tx, stay.id, actor.userId);
        const cycle = await recordShopGrinding(tx, {
          ownerTenantId: stay.printingTenantId,
          rfid,
          grindingTenantId: actor.tenantId,
          custodyId: stay.id,
          recordedBy: actor.userId,
          sharpenedAt,
          height: input.height,
          backThickness: input.backThickness,
          angleVf: input.angleVf ?? null,
          angleHf: input.angleHf ?? null,
          angleTm: input.angleTm ?? null,
          grindingReference: input.grindingReference || null,
        });
        await audit(tx, actor, LOGISTICS_AUDIT.ground, 'knife', rfid, {
          cycleId: cycle.id,
          height: cycle.height,
          backThickness: cycle.backThickness,
        });
        return cycle;
      }),

    /** End of life at the grinder: the knife is scrapped for its owner too, and stays here. */
    scrap: (actor: Actor, owner: string, rfid: string) =>
      inSide(actor, 'grinding', async (tx) => {
        const stay = await requireOpenStay(tx, actor, owner, rfid);
        await lockCustody(tx, stay.id);
        // The knife first: its policy lets the holder write only while the stay is open.
        const moved = await moveKnifeState(tx, stay.printingTenantId, [rfid], 'scrapAtGrinder');
        if (moved.length === 0) throw new AppError('service.knives.KNIFE_IS_SCRAPPED');
        await markScrapped(tx, stay.id, actor.userId);
        await audit(tx, actor, LOGISTICS_AUDIT.scrapped, 'knife', rfid, { owner: stay.ownerName });
        const [after] = (
          await listKnifeCustody(tx, 'grinding', actor.tenantId, stay.printingTenantId, rfid)
        ).filter((s) => s.id === stay.id);
        return toCustody(after!);
      }),
  };
}

export type WorkbenchService = ReturnType<typeof createWorkbenchService>;
