import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../deps.ts';
import { accountsModule } from './accounts/routes.ts';
import { addressesModule } from './addresses/routes.ts';
import { adminCatalogueModule } from './admin-catalogue/routes.ts';
import { adminCouponsModule } from './admin-coupons/routes.ts';
import { adminStoresModule } from './admin-stores/routes.ts';
import { adminPartnersModule } from './admin-partners/routes.ts';
import { adminDashboardModule } from './admin-dashboard/routes.ts';
import { adminSizersModule } from './admin-sizers/routes.ts';
import { adminDesignModule } from './admin-design/routes.ts';
import { adminHarvestModule } from './admin-harvest/routes.ts';
import { adminReviewsModule } from './admin-reviews/routes.ts';
import { reviewsModule } from './reviews/routes.ts';
import { returnsModule } from './returns/routes.ts';
import { auditModule } from './audit/routes.ts';
import { adminRatesModule } from './admin-rates/routes.ts';
import { adminSettingsModule } from './admin-settings/routes.ts';
import { cartModule } from './cart/routes.ts';
import { catalogModule } from './catalog/routes.ts';
import { checkoutModule } from './checkout/routes.ts';
import { couponsModule } from './coupons/routes.ts';
import { customDesignModule } from './custom-design/routes.ts';
import { harvestModule } from './harvest/routes.ts';
import { ordersModule } from './orders/routes.ts';
import { ordersAdminModule } from './orders/admin-routes.ts';
import { paymentsModule } from './payments/routes.ts';
import { productCsvModule } from './product-csv/routes.ts';
import { settingsModule } from './settings/routes.ts';
import { staffModule } from './staff/routes.ts';
import { storesModule } from './stores/routes.ts';
import { sizerModule } from './stores/sizer.ts';
import { tradePartnersModule } from './trade-partners/routes.ts';
import { wishlistModule } from './wishlist/routes.ts';
import { meModule } from './me/routes.ts';
import { appointmentsModule } from './appointments/routes.ts';
import { adminAppointmentsModule } from './appointments/admin-routes.ts';
import { exchangesModule } from './exchanges/routes.ts';
import { storeCreditModule } from './store-credit/routes.ts';

/** Every API module, mounted under /api by buildApp. One a line, so adding one never touches another. */
export const modules: FastifyPluginAsync<ModuleDeps>[] = [
  settingsModule,
  storesModule,
  catalogModule,
  accountsModule,
  addressesModule,
  cartModule,
  sizerModule,
  wishlistModule,
  meModule,
  couponsModule,
  checkoutModule,
  ordersModule,
  paymentsModule,
  harvestModule,
  tradePartnersModule,
  customDesignModule,
  productCsvModule,
  adminCatalogueModule,
  adminCouponsModule,
  adminStoresModule,
  adminPartnersModule,
  adminDashboardModule,
  staffModule,
  auditModule,
  adminRatesModule,
  adminSettingsModule,
  adminSizersModule,
  adminDesignModule,
  ordersAdminModule,
  adminHarvestModule,
  adminReviewsModule,
  appointmentsModule,
  adminAppointmentsModule,
  exchangesModule,
  storeCreditModule,
  reviewsModule,
  returnsModule,
];
