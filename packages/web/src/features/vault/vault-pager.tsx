import { VAULT_PAGE_SIZES } from '@dilosi/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { pageLinks } from '../../ui/pagination';

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
      {totalPages > 1 ? (
        <nav aria-label={t('paging.label')}>
          <ul className="dilosi-vault-pages">
            {pageLinks(page, totalPages).map((link, index) =>
              link === 'gap' ? (
                <li key={`gap-${index}`} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={link}>
                  <Link
                    className="govgr-link"
                    to={hrefOf({ page: link, size })}
                    aria-current={link === page ? 'page' : undefined}
                    aria-label={t('paging.page', { page: link })}
                  >
                    {link}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
      ) : null}
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
