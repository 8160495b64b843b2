import { IconBlade, IconHistory } from '@tabler/icons-react';
import { type AreaSection, PlaceholderArea } from '../shared';

const SECTIONS: AreaSection[] = [
  { path: 'knives', label: 'knives', icon: IconBlade },
  { path: 'grinding-cycles', label: 'grindingCycles', icon: IconHistory },
];

/** spec §6 "grinder": the screens arrive with their own issue; until then the frame and start page. */
export function Component() {
  return <PlaceholderArea area="grinder" sections={SECTIONS} />;
}
