import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/page-heading';
import { DEMO_VEHICLES } from './demo-samples';

/** /demo/vehicles: the vehicles service of the home page's card, with two sample vehicles. */
export function DemoVehiclesPage() {
  const { t } = useTranslation('ui');
  return (
    <>
      <PageHeading caption={t('demo.caption')}>{t('demo.vehicles.title')}</PageHeading>
      <table className="govgr-table">
        <caption className="govgr-visually-hidden">{t('demo.vehicles.title')}</caption>
        <thead className="govgr-table__head">
          <tr className="govgr-table__row">
            <th scope="col" className="govgr-table__header">
              {t('demo.vehicles.plate')}
            </th>
            <th scope="col" className="govgr-table__header">
              {t('demo.vehicles.vehicle')}
            </th>
            <th scope="col" className="govgr-table__header">
              {t('demo.vehicles.year')}
            </th>
            <th scope="col" className="govgr-table__header">
              {t('demo.vehicles.fuel')}
            </th>
          </tr>
        </thead>
        <tbody className="govgr-table__body">
          {DEMO_VEHICLES.map((vehicle) => (
            <tr key={vehicle.plate} className="govgr-table__row">
              <th scope="row" className="govgr-table__header">
                {vehicle.plate}
              </th>
              <td className="govgr-table__cell">
                {vehicle.make} {vehicle.model}
              </td>
              <td className="govgr-table__cell">{vehicle.year}</td>
              <td className="govgr-table__cell">{t(`demo.vehicles.fuels.${vehicle.fuel}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
