import { IconBlade, IconBuildingFactory2, IconChartBar, IconColumns } from '@tabler/icons-react';
import { type AreaSection, PlaceholderArea } from '../shared';

const SECTIONS: AreaSection[] = [
  { path: 'locations', label: 'locations', icon: IconBuildingFactory2 },
  { path: 'knives', label: 'knives', icon: IconBlade },
  { path: 'knife-comparison', label: 'knifeComparison', icon: IconColumns },
  { path: 'reports', label: 'reports', icon: IconChartBar },
];

/** spec §2 "Printing-shop manager": the screens arrive with their own issue; until then the frame and start page. */
export function Component() {
  return <PlaceholderArea area="printing-manager" sections={SECTIONS} />;
}
