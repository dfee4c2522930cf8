/**
 * /admin/settings/messages (issue 41, decision 057): each SMS and WhatsApp message kind with its text and numbered
 * variables (what to register on the DLT platform, at MSG91 and with Meta), and the ids the store sends it with: the
 * MSG91 template id, the DLT template id it is mapped to, and the WhatsApp template's name and language. One form per
 * kind, each a plain POST (no JavaScript needed); permission 'settings'. docs/operations.md says how to register them.
 */
import { MESSAGE_KIND_LABELS, isMessageKind } from '@milli/contracts';
import type { Route } from './+types/message-templates';
import { PageHeader, Panel } from '../../components/admin/admin-shell.tsx';
import { AdminForm, FormActions, SubmitButton, TextField } from '../../components/admin/form-kit.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { formText } from '../../lib/admin-form.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Message templates · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminApi(context, request).get('/api/admin/messages/templates');
}

type Result = { kind: string; ok: true; message: string } | { kind: string; ok: false; message: string; fields: Record<string, string> };
const FIELDS = ['msg91TemplateId', 'dltTemplateId', 'whatsappTemplate', 'whatsappLanguage'] as const;

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const form = await request.formData();
  const kind = formText(form, 'kind');
  if (!isMessageKind(kind)) return { kind, ok: false, message: 'That is not a message kind.', fields: {} };
  const values = Object.fromEntries(FIELDS.map((f) => [f, formText(form, f)]));
  const r = await adminApi(context, request).send('PUT', `/api/admin/messages/templates/${kind}`, values);
  return r.ok
    ? { kind, ok: true, message: `${MESSAGE_KIND_LABELS[kind]}: saved.` }
    : { kind, ok: false, message: r.refusal.message, fields: r.refusal.fields ?? {} };
}

export default function MessageTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as Result | undefined;
  return (
    <>
      <PageHeader title="Message templates" />
      <p className="adm-muted">
        Register each text below on the DLT platform and at MSG91 (variables as ##var1##, ##var2## …) and as a WhatsApp template (variables as {'{{1}}'},{' '}
        {'{{2}}'} …), then enter the ids here. A message whose kind has no template on its channel fails there, shown on the customer desk.
      </p>
      {loaderData.templates.map((t) => {
        const mine = result?.kind === t.kind ? result : undefined;
        const errors = mine && !mine.ok ? mine.fields : {};
        return (
          <Panel key={t.kind} title={MESSAGE_KIND_LABELS[t.kind]}>
            <p>
              <code>{t.text}</code>
            </p>
            <AdminForm
              error={mine && !mine.ok ? mine.message : null}
              saved={mine?.ok ? mine.message : null}
              aria-label={`${MESSAGE_KIND_LABELS[t.kind]} templates`}
            >
              <input type="hidden" name="kind" value={t.kind} />
              <TextField
                id={`${t.kind}-msg91`}
                name="msg91TemplateId"
                label="MSG91 template id"
                defaultValue={t.msg91TemplateId}
                error={errors.msg91TemplateId}
              />
              <TextField
                id={`${t.kind}-dlt`}
                name="dltTemplateId"
                label="DLT template id"
                hint="19 digits"
                inputMode="numeric"
                defaultValue={t.dltTemplateId}
                error={errors.dltTemplateId}
              />
              <TextField
                id={`${t.kind}-wa`}
                name="whatsappTemplate"
                label="WhatsApp template name"
                defaultValue={t.whatsappTemplate}
                error={errors.whatsappTemplate}
              />
              <TextField
                id={`${t.kind}-lang`}
                name="whatsappLanguage"
                label="WhatsApp language"
                hint="en, en_US, hi …"
                defaultValue={t.whatsappLanguage}
                error={errors.whatsappLanguage}
              />
              <FormActions>
                <SubmitButton>Save</SubmitButton>
              </FormActions>
            </AdminForm>
          </Panel>
        );
      })}
    </>
  );
}
