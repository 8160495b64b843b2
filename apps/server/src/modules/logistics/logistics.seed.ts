import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Transactions } from '../../db/transactions';
import { findTenantBySlug } from '../auth/index';
import { attributeSeededGrindingCycles, moveKnifeState, recordShopGrinding } from '../knife/index';
import {
  findKnifeRow,
  insertCustody,
  insertPartnership,
  insertShipment,
  markReceived,
  markReturned,
} from './logistics.repository';

const SYSTEM = { tenantId: '00000000-0000-0000-0000-000000000000', userId: null } as const;
const DAY = 24 * 3600_000;
/** A stable id derived from text, shaped as a version-4 UUID (what the API's schemas accept). */
const uuidOf = (text: SQL) =>
  sql`overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const rfid = (n: number) => `E2801160${String(n).padStart(8, '0')}`;

/**
 * The demo printing shop and the demo grinding shop as partners of long standing (issue 13): every
 * seeded grinding of the demo knives becomes a stay with the grinding shop (picked up the afternoon
 * before, ground, delivered back the morning after, in daily shipments), so passports and shipment
 * lists have months of history; knife 17 is on its way to the grinder, knife 18 was received and
 * ground and waits to go back, knife 20 was ground and shipped back and waits to be received at
 * home, knife 19 was scrapped there — every knife state on both companies' screens. Another printing shop's invitation waits
 * for the grinding shop's answer. Runs once: a second start finds the partnership and stops.
 */
export async function seedDemoLogistics(
  transactions: Transactions,
  slugs: { printingShop: string; grindingShop: string; invitingShop?: string },
) {
  const tenants = await transactions.withPlatform(
    { actor: SYSTEM, action: 'platform.seed.logistics' },
    async (tx) => ({
      printing: await findTenantBySlug(tx, slugs.printingShop),
      grinding: await findTenantBySlug(tx, slugs.grindingShop),
      inviting: slugs.invitingShop ? await findTenantBySlug(tx, slugs.invitingShop) : null,
    }),
  );
  const { printing, grinding, inviting } = tenants;
  if (!printing || !grinding) return;
  const now = Date.now();

  const partnershipId = await transactions.withTenant(printing.id, async (tx) => {
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM partnerships WHERE printing_tenant_id = ${printing.id} AND grinding_tenant_id = ${grinding.id}`,
    );
    if (existing) return null;
    const id = await insertPartnership(tx, {
      printingTenantId: printing.id,
      grindingTenantId: grinding.id,
      printingShopName: printing.name,
      grindingShopName: grinding.name,
      state: 'ACTIVE',
      at: new Date(now - 400 * DAY),
    });
    // History: one stay per seeded grinding; shipments per day, out the afternoon before, back the
    // morning after. Ids of the way back are derived, so the grinding shop can send exactly those.
    const day = sql`date_trunc('day', g.sharpened_at)`;
    const seeded = sql`g.tenant_id = ${printing.id} AND g.custody_id IS NULL AND g.grinding_tenant_id IS NULL
      AND g.sharpened_at < now() - interval '3 days'`;
    await tx.execute(sql`
      INSERT INTO shipments (printing_tenant_id, id, grinding_tenant_id, partnership_id, direction, shipped_at)
      SELECT DISTINCT ${printing.id}::uuid, ${uuidOf(sql`'out/' || ${day}::text`)}, ${grinding.id}::uuid, ${id}::uuid,
        'TO_GRINDER', ${day} - interval '9 hours' FROM grinding_cycles g WHERE ${seeded}`);
    await tx.execute(sql`
      INSERT INTO knife_custody (printing_tenant_id, id, grinding_tenant_id, rfid, article_number, knife_class_name,
        outbound_shipment_id, return_shipment_id, sent_at, received_at, returned_at, delivered_at)
      SELECT ${printing.id}::uuid, ${uuidOf(sql`'stay/' || g.id::text`)}, ${grinding.id}::uuid, g.rfid, k.article_number,
        k.knife_class_name, ${uuidOf(sql`'out/' || ${day}::text`)}, ${uuidOf(sql`'back/' || ${day}::text`)},
        ${day} - interval '9 hours', ${day} - interval '4 hours', ${day} + interval '33 hours',
        ${day} + interval '34 hours'
      FROM grinding_cycles g JOIN knives k ON k.tenant_id = g.tenant_id AND k.rfid = g.rfid WHERE ${seeded}`);
    await attributeSeededGrindingCycles(tx, {
      where: seeded,
      grindingTenantId: grinding.id,
      custodyId: uuidOf(sql`'stay/' || g.id::text`),
      grindingReference: sql`'SM-' || to_char(g.sharpened_at, 'YYMMDD') || '-' || right(g.rfid, 2)`,
    });
    // Knife 19 came back to the grinder once more and was scrapped there.
    await shipOut(tx, rfid(19), now - 36 * DAY, {
      receivedAt: new Date(now - 35 * DAY),
      scrappedAt: new Date(now - 35 * DAY),
    });
    // Knife 20: received, ground and shipped back (below), not yet received home; knife 18:
    // received and ground (below); knife 17: on its way.
    await shipOut(tx, rfid(20), now - 6 * DAY, {});
    await shipOut(tx, rfid(18), now - 4 * DAY, {});
    await shipOut(tx, rfid(17), now - 1 * DAY, {});
    return id;

    async function shipOut(
      inner: typeof tx,
      knife: string,
      at: number,
      stay: { receivedAt?: Date; scrappedAt?: Date },
    ) {
      const shipmentId = await insertShipment(inner, {
        printingTenantId: printing!.id,
        grindingTenantId: grinding!.id,
        partnershipId: id,
        direction: 'TO_GRINDER',
        shippedBy: null,
        at: new Date(at),
      });
      return insertCustody(inner, {
        printingTenantId: printing!.id,
        grindingTenantId: grinding!.id,
        rfid: knife,
        outboundShipmentId: shipmentId,
        sentAt: new Date(at),
        receivedAt: stay.receivedAt ?? null,
        scrappedAt: stay.scrappedAt ?? null,
      });
    }
  });
  if (!partnershipId) return;

  await transactions.withTenant(grinding.id, async (tx) => {
    await tx.execute(sql`
      INSERT INTO shipments (printing_tenant_id, id, grinding_tenant_id, partnership_id, direction, shipped_at)
      SELECT DISTINCT c.printing_tenant_id, c.return_shipment_id, c.grinding_tenant_id, ${partnershipId}::uuid,
        'TO_OWNER', c.returned_at
      FROM knife_custody c WHERE c.grinding_tenant_id = ${grinding.id} AND c.return_shipment_id IS NOT NULL`);
    const [grinder] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM users WHERE username = 'grinder' AND deleted_at IS NULL`,
    );
    if (!grinder) return;
    await receiveAndGrind(rfid(18), { receivedAt: now - 3 * DAY, groundAt: now - 2 * DAY }, 'SM-DEMO-0418');
    const twenty = await receiveAndGrind(
      rfid(20),
      { receivedAt: now - 5 * DAY, groundAt: now - 4 * DAY },
      'SM-DEMO-0420',
    );
    if (twenty) {
      // Shipped back yesterday; the printing shop has not received it yet (SHIPPED_BACK).
      const back = await insertShipment(tx, {
        printingTenantId: printing.id,
        grindingTenantId: grinding.id,
        partnershipId,
        direction: 'TO_OWNER',
        shippedBy: grinder.id,
        at: new Date(now - 1 * DAY),
      });
      await moveKnifeState(tx, printing.id, [rfid(20)], 'shipBack');
      await markReturned(tx, [twenty], back, grinder.id);
      await tx.execute(sql`UPDATE knife_custody SET returned_at = ${new Date(now - 1 * DAY).toISOString()}
        WHERE id = ${twenty}`);
    }

    async function receiveAndGrind(
      knifeRfid: string,
      at: { receivedAt: number; groundAt: number },
      grindingReference: string,
    ) {
      const [stay] = await queryRows<{ id: string }>(
        tx,
        sql`SELECT id FROM knife_custody WHERE printing_tenant_id = ${printing!.id} AND rfid = ${knifeRfid}
              AND returned_at IS NULL AND scrapped_at IS NULL`,
      );
      const knife = await findKnifeRow(tx, printing!.id, knifeRfid);
      if (!stay || !knife || knife.height === null || knife.backThickness === null) return null;
      await markReceived(tx, stay.id, grinder!.id);
      await tx.execute(sql`UPDATE knife_custody SET received_at = ${new Date(at.receivedAt).toISOString()}
        WHERE id = ${stay.id}`);
      await recordShopGrinding(tx, {
        ownerTenantId: printing!.id,
        rfid: knifeRfid,
        grindingTenantId: grinding!.id,
        custodyId: stay.id,
        recordedBy: grinder!.id,
        sharpenedAt: new Date(at.groundAt),
        height: Math.round((knife.height - 0.55) * 100) / 100,
        backThickness: knife.backThickness,
        angleVf: knife.angleVf,
        angleHf: knife.angleHf,
        angleTm: knife.angleTm,
        grindingReference,
      });
      return stay.id;
    }
  });

  // Another printing shop has asked; the grinding shop has not answered yet.
  if (inviting)
    await transactions.withTenant(inviting.id, (tx) =>
      insertPartnership(tx, {
        printingTenantId: inviting.id,
        grindingTenantId: grinding.id,
        printingShopName: inviting.name,
        grindingShopName: grinding.name,
        at: new Date(now - 2 * DAY),
      }),
    );
}
