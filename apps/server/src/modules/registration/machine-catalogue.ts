import type { MachineModel } from '@kerf/contracts';

/**
 * Guillotine cutters the website offers in the machine list (step 2), with their cutting width in
 * millimetres. "Other" lets a shop name any machine; the installation technician checks it on site.
 */
export const MACHINE_MODELS: MachineModel[] = [
  { manufacturer: 'Polar', model: 'N 66 Plus', cuttingWidth: 660 },
  { manufacturer: 'Polar', model: 'N 92 Plus', cuttingWidth: 920 },
  { manufacturer: 'Polar', model: 'N 115 Plus', cuttingWidth: 1150 },
  { manufacturer: 'Polar', model: 'N 137 Plus', cuttingWidth: 1370 },
  { manufacturer: 'Polar', model: 'N 176 Plus', cuttingWidth: 1760 },
  { manufacturer: 'Wohlenberg', model: 'cut-TEC 115', cuttingWidth: 1150 },
  { manufacturer: 'Wohlenberg', model: 'cut-TEC 137', cuttingWidth: 1370 },
  { manufacturer: 'Wohlenberg', model: 'cut-TEC 176', cuttingWidth: 1760 },
  { manufacturer: 'Perfecta', model: '92 TS', cuttingWidth: 920 },
  { manufacturer: 'Perfecta', model: '115 TS', cuttingWidth: 1150 },
  { manufacturer: 'Perfecta', model: '132 TS', cuttingWidth: 1320 },
  { manufacturer: 'Schneider Senator', model: 'S 115', cuttingWidth: 1150 },
  { manufacturer: 'Schneider Senator', model: 'S 137', cuttingWidth: 1370 },
  { manufacturer: 'IDEAL', model: '7260', cuttingWidth: 720 },
];

export const CUTTING_WIDTHS = [...new Set(MACHINE_MODELS.map((model) => model.cuttingWidth))].sort(
  (a, b) => a - b,
);
