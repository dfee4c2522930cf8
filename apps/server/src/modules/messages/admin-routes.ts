import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorSchema,
  MessageKindParamsSchema,
  MessageTemplateSchema,
  MessageTemplateUpdateSchema,
  MessageTemplatesSchema,
  formBody,
} from '@milli/contracts/schemas';
import type { ModuleDeps } from '../../deps.ts';
import { actorOf, recordAudit } from '../audit/service.ts';
import { messageTemplates, setMessageTemplate } from './service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const desk = { access: 'staff', permission: 'settings' } as const;

/**
 * The message templates (decision 057; docs/operations.md, "Messages on SMS and WhatsApp"): per kind, the MSG91
 * template id and the DLT template id it is mapped to, and the approved WhatsApp template's name and language. A store
 * setting, so the settings permission.
 */
export const messagesAdminModule: FastifyPluginAsync<ModuleDeps> = async (app, deps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  api.get(
    '/admin/messages/templates',
    {
      config: desk,
      schema: {
        summary: 'Each message kind with its text and variables (what to register), its MSG91 and DLT template ids and its WhatsApp template',
        response: { 200: MessageTemplatesSchema, ...errors },
      },
    },
    async () => ({ templates: await messageTemplates(db) }),
  );

  api.put(
    '/admin/messages/templates/:kind',
    {
      config: desk,
      schema: {
        summary: 'Sets a kind’s templates: msg91TemplateId, dltTemplateId (19 digits), whatsappTemplate and whatsappLanguage (blank: none); audited',
        params: MessageKindParamsSchema,
        body: formBody(MessageTemplateUpdateSchema),
        response: { 200: MessageTemplateSchema, ...errors },
      },
    },
    async (req) =>
      db.transaction(async (tx) => {
        const { before, after } = await setMessageTemplate(tx, req.params.kind, req.body);
        await recordAudit(tx, actorOf(req), { action: 'message-template.update', entity: 'message_template', entityId: req.params.kind, before, after });
        return after;
      }),
  );
};
