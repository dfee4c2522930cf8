import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../deps.ts';
import { accountsModule } from './accounts/routes.ts';
import { addressesModule } from './addresses/routes.ts';
import { catalogAdminModule } from './catalog/admin-routes.ts';
import { tradePartnersAdminModule } from './trade-partners/admin-routes.ts';
import { dashboardAdminModule } from './dashboard/admin-routes.ts';
import { customDesignAdminModule } from './custom-design/admin-routes.ts';
import { ordersAdminModule } from './orders/admin-routes.ts';
import { harvestAdminModule } from './harvest/admin-routes.ts';
import { reviewsModule } from './reviews/routes.ts';
import { reviewsAdminModule } from './reviews/admin-routes.ts';
import { returnsModule } from './returns/routes.ts';
import { auditModule } from './audit/routes.ts';
import { cartModule } from './cart/routes.ts';
import { catalogModule } from './catalog/routes.ts';
import { checkoutModule } from './checkout/routes.ts';
import { couponsModule } from './coupons/routes.ts';
import { couponsAdminModule } from './coupons/admin-routes.ts';
import { customDesignModule } from './custom-design/routes.ts';
import { harvestModule } from './harvest/routes.ts';
import { ordersModule } from './orders/routes.ts';
import { paymentsModule } from './payments/routes.ts';
import { settingsModule } from './settings/routes.ts';
import { settingsAdminModule } from './settings/admin-routes.ts';
import { staffModule } from './staff/routes.ts';
import { storesModule } from './stores/routes.ts';
import { storesAdminModule } from './stores/admin-routes.ts';
import { tradePartnersModule } from './trade-partners/routes.ts';
import { wishlistModule } from './wishlist/routes.ts';
import { meModule } from './me/routes.ts';
import { appointmentsModule } from './appointments/routes.ts';
import { adminAppointmentsModule } from './appointments/admin-routes.ts';
import { exchangesModule } from './exchanges/routes.ts';
import { storeCreditModule } from './store-credit/routes.ts';
import { jobsAdminModule } from './jobs/admin-routes.ts';
import { complaintsModule } from './complaints/routes.ts';
import { complaintsAdminModule } from './complaints/admin-routes.ts';
import { customersModule } from './customers/routes.ts';
import { customersAdminModule } from './customers/admin-routes.ts';
import { courierModule } from './courier/routes.ts';
import { courierAdminModule } from './courier/admin-routes.ts';
import { searchAdminModule } from './search/admin-routes.ts';
import { rateAlertsModule } from './rate-alerts/routes.ts';
import { messagesModule } from './messages/routes.ts';
import { messagesAdminModule } from './messages/admin-routes.ts';
import { rateLocksModule } from './rate-locks/routes.ts';
import { rateLocksAdminModule } from './rate-locks/admin-routes.ts';
import { metalAccountsModule } from './metal-accounts/routes.ts';

/** Every API module, mounted under /api by buildApp. One a line, so adding one never touches another. */
export const modules: FastifyPluginAsync<ModuleDeps>[] = [
  settingsModule,
  storesModule,
  catalogModule,
  accountsModule,
  addressesModule,
  cartModule,
  wishlistModule,
  meModule,
  couponsModule,
  checkoutModule,
  ordersModule,
  paymentsModule,
  harvestModule,
  tradePartnersModule,
  customDesignModule,
  catalogAdminModule,
  couponsAdminModule,
  storesAdminModule,
  tradePartnersAdminModule,
  dashboardAdminModule,
  staffModule,
  auditModule,
  settingsAdminModule,
  customDesignAdminModule,
  ordersAdminModule,
  harvestAdminModule,
  reviewsAdminModule,
  appointmentsModule,
  adminAppointmentsModule,
  exchangesModule,
  storeCreditModule,
  reviewsModule,
  returnsModule,
  jobsAdminModule,
  complaintsModule,
  complaintsAdminModule,
  customersModule,
  courierModule,
  courierAdminModule,
  searchAdminModule,
  customersAdminModule,
  rateAlertsModule,
  messagesModule,
  messagesAdminModule,
  rateLocksModule,
  rateLocksAdminModule,
  metalAccountsModule,
];
