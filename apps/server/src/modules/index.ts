import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../app.ts';
import { accountsModule } from './accounts/routes.ts';
import { cartModule } from './cart/routes.ts';
import { customDesignModule } from './custom-design/routes.ts';
import { catalogModule } from './catalog/routes.ts';
import { settingsModule } from './settings/routes.ts';
import { storesModule } from './stores/routes.ts';
import { sizerModule } from './stores/sizer.ts';

/** Every API module, mounted under /api by buildApp. */
export const modules: FastifyPluginAsync<ModuleDeps>[] = [settingsModule, storesModule, catalogModule, accountsModule, cartModule, sizerModule, customDesignModule];
