import { useTranslation } from 'react-i18next';
import { ChartLegend } from '../../../components/charts';
import { STATUS_GROUP_LOOK, STATUS_GROUPS, type StatusGroup } from '../../../components/status';

/** The status groups with colour, icon and name: the key of every status chart. */
export function StatusLegend({ groups = STATUS_GROUPS }: { groups?: readonly StatusGroup[] }) {
  const { t } = useTranslation();
  return (
    <ChartLegend
      items={groups.map((group) => ({
        key: group,
        label: t(`status.group.${group}`),
        color: STATUS_GROUP_LOOK[group].color,
        icon: STATUS_GROUP_LOOK[group].icon,
        dashed: STATUS_GROUP_LOOK[group].dashed,
      }))}
    />
  );
}
