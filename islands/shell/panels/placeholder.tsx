// Stand-in for a panel whose screen has not landed yet.
import { t } from '../../../shared/i18n';
import type { PanelProps } from '../panels';

export const titleKey = 'common.loading';

export default function PlaceholderPanel({ titleId }: PanelProps) {
  return <h2 id={titleId}>{t('common.loading')}</h2>;
}
