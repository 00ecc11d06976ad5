// The size-guide panel (spec §2 rightSidebar=size-guide): the table of bust, waist and hips.
import { t } from '../../../shared/i18n';
import type { PanelProps } from '../../shell/panels';
import { SIZE_GUIDE } from './sizes';

export const titleKey = 'size_guide.title';

export default function SizeGuidePanel({ titleId }: PanelProps) {
  return (
    <div className="size-guide-panel">
      <h2 id={titleId} className="size-guide-panel__title">
        {t('size_guide.title')}
      </h2>
      <table className="size-guide-table">
        <thead>
          <tr>
            <th scope="col">{t('size_guide.size')}</th>
            <th scope="col">{t('size_guide.bust')}</th>
            <th scope="col">{t('size_guide.waist')}</th>
            <th scope="col">{t('size_guide.hips')}</th>
          </tr>
        </thead>
        <tbody>
          {SIZE_GUIDE.map((row) => (
            <tr key={row.size}>
              <th scope="row">{row.size}</th>
              <td>{row.bust}</td>
              <td>{row.waist}</td>
              <td>{row.hips}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
