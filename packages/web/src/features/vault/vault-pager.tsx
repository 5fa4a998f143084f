import { VAULT_PAGE_SIZES } from '@dilosi/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLinks } from '../../ui/page-links';

type VaultPagerProps = {
  page: number;
  totalPages: number;
  size: number;
  /** The address of a page of this list at a size. */
  hrefOf: (query: { page?: number; size?: number }) => string;
};

/**
 * The pages of a vault list and its page size (spec section 9: sizes 5, 10, 15; up to 10 pages
 * all shown, otherwise first, dots, current to current + 2, dots, last).
 */
export function VaultPager({ page, totalPages, size, hrefOf }: VaultPagerProps) {
  const { t } = useTranslation('vault');
  const navigate = useNavigate();
  const sizeId = useId();
  return (
    <div className="dilosi-vault-paging">
      <PageLinks
        page={page}
        totalPages={totalPages}
        hrefOf={(link) => hrefOf({ page: link, size })}
        label={t('paging.label')}
        pageLabel={(link) => t('paging.page', { page: link })}
        className="dilosi-vault-pages"
      />
      <div className="dilosi-vault-size">
        <label className="govgr-label" htmlFor={sizeId}>
          {t('paging.size')}
        </label>
        <select
          className="govgr-select"
          id={sizeId}
          value={size}
          onChange={(event) => navigate(hrefOf({ size: Number(event.target.value) }))}
        >
          {VAULT_PAGE_SIZES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
