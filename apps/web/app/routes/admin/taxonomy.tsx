/**
 * Categories, tags (per category), other stones and search synonyms (/admin/taxonomy, issue 17): add, rename,
 * remove. Removing what products still use is refused by the server with what to do first.
 */
import { Form, useActionData } from 'react-router';
import type { Route } from './+types/taxonomy';
import { PageHeader, Panel } from '../../components/admin/admin-shell.tsx';
import { FormError, SavedNotice } from '../../components/admin/form-kit.tsx';
import { ConfirmAction } from '../../components/admin/confirm-dialog.tsx';
import { adminApi } from '../../lib/admin.server.ts';
import { isConfirmed } from '../../lib/admin-confirm.ts';
import '../../features/admin-catalogue/catalogue.css';

export const meta: Route.MetaFunction = () => [{ title: 'Categories, tags & stones · Back office' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminApi(context, request).get('/api/admin/taxonomy');
}

const KINDS = { category: 'categories', tag: 'tags', stone: 'stones', synonym: 'synonyms' } as const;
type Kind = keyof typeof KINDS;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const [verb, kindText] = intent.split(':') as [string, string];
  const kind = kindText as Kind;
  if (!(kind in KINDS)) return { ok: false, message: 'Unknown action.', key: '' };
  const id = String(form.get('id') ?? '');
  const api = adminApi(context, request);
  const body: Record<string, unknown> = {};
  for (const name of ['name', 'queryName', 'category', 'terms']) {
    const v = form.get(name);
    if (typeof v === 'string') body[name] = v;
  }
  const path = `/api/admin/taxonomy/${KINDS[kind]}` as const;
  if (verb === 'delete' && !isConfirmed(form)) return { ok: false, message: '', key: `${kind}:${id}`, confirm: intent };
  const result =
    verb === 'create'
      ? await api.send('POST', path, body)
      : verb === 'rename'
        ? await api.send('PATCH', `${path}/${id}`, body)
        : await api.send('DELETE', `${path}/${id}`);
  if (result.ok) return { ok: true, message: result.data.message, key: `${kind}:${id}` };
  const fields = result.refusal.fields ?? {};
  return { ok: false, message: Object.values(fields)[0] ?? result.refusal.message, key: `${kind}:${id}` };
}

function RenameRow({ kind, id, name, label, extra }: { kind: Kind; id: number; name: string; label: string; extra?: React.ReactNode }) {
  const done = useActionData<typeof action>();
  return (
    <Form method="post" className="cat-inline">
      <input type="hidden" name="id" value={id} />
      <label htmlFor={`${kind}-${id}`} className="adm-visually-hidden">
        {label}
      </label>
      <input
        id={`${kind}-${id}`}
        name={kind === 'synonym' ? 'terms' : 'name'}
        defaultValue={name}
        className="adm-input"
        maxLength={kind === 'synonym' ? 400 : 60}
        required
      />
      {extra}
      <button type="submit" name="intent" value={`rename:${kind}`} className="adm-button adm-button--secondary">
        Save
      </button>
      <ConfirmAction
        intent={`delete:${kind}`}
        label="Remove"
        title={`Remove ${name}?`}
        confirmLabel="Remove"
        open={done && 'confirm' in done && done.key === `${kind}:${id}`}
      >
        <p>This cannot be undone.</p>
      </ConfirmAction>
    </Form>
  );
}

function AddRow({ kind, label, children }: { kind: Kind; label: string; children?: React.ReactNode }) {
  return (
    <Form method="post" className="cat-inline" aria-label={`Add: ${label.toLowerCase()}`}>
      <div className="adm-field">
        <label htmlFor={`new-${kind}`} className="adm-label">
          {label}
        </label>
        <input id={`new-${kind}`} name={kind === 'synonym' ? 'terms' : 'name'} className="adm-input" required maxLength={kind === 'synonym' ? 400 : 60} />
      </div>
      {children}
      <button type="submit" name="intent" value={`create:${kind}`} className="adm-button adm-button--primary">
        Add
      </button>
    </Form>
  );
}

const uses = (n: number) => (n === 0 ? 'unused' : `${n.toLocaleString('en-IN')} product${n === 1 ? '' : 's'}`);

export default function TaxonomyScreen({ loaderData: t }: Route.ComponentProps) {
  const done = useActionData<typeof action>();
  return (
    <>
      <PageHeader
        title="Categories, tags & stones"
        description="The words the catalogue is sorted and found by. Something products use cannot be removed until they no longer do."
      />
      {done && done.message && (done.ok ? <SavedNotice message={done.message} /> : <FormError message={done.message} />)}
      <div className="cat-tax">
        <Panel title="Categories">
          <AddRow kind="category" label="New category" />
          <table className="adm-table">
            <caption className="adm-visually-hidden">Categories</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Used by</th>
              </tr>
            </thead>
            <tbody>
              {t.categories.map((c) => (
                <tr key={c.id}>
                  <td>
                    <RenameRow kind="category" id={c.id} name={c.name} label={`Name of ${c.name}`} />
                  </td>
                  <td>{uses(c.products)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>

        <Panel title="Tags (styles per category)">
          <AddRow kind="tag" label="New tag">
            <div className="adm-field">
              <label htmlFor="new-tag-category" className="adm-label">
                In category
              </label>
              <select id="new-tag-category" name="category" className="adm-input adm-select" required>
                {t.categories.map((c) => (
                  <option key={c.id} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          </AddRow>
          <table className="adm-table">
            <caption className="adm-visually-hidden">Tags</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Tag</th>
                <th scope="col">Used by</th>
              </tr>
            </thead>
            <tbody>
              {t.tags.map((tag) => (
                <tr key={tag.id}>
                  <td>{tag.category}</td>
                  <td>
                    <RenameRow kind="tag" id={tag.id} name={tag.name} label={`Name of tag ${tag.name} in ${tag.category}`} />
                  </td>
                  <td>{uses(tag.products)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>

        <Panel title="Other stones">
          <AddRow kind="stone" label="New stone" />
          <table className="adm-table">
            <caption className="adm-visually-hidden">Stones</caption>
            <thead>
              <tr>
                <th scope="col">Stone</th>
                <th scope="col">Used by</th>
              </tr>
            </thead>
            <tbody>
              {t.stones.map((s) => (
                <tr key={s.id}>
                  <td>
                    <RenameRow kind="stone" id={s.id} name={s.name} label={`Name of ${s.name}`} />
                  </td>
                  <td>{uses(s.products)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>

        <Panel title="Search synonyms">
          <p className="adm-hint">Words a shopper may type for the same thing, separated by commas (e.g. jhumka, jhumki, झुमका).</p>
          <AddRow kind="synonym" label="New synonym group" />
          <ul className="adm-stack">
            {t.synonyms.map((s) => (
              <li key={s.id}>
                <RenameRow kind="synonym" id={s.id} name={s.terms.join(', ')} label={`Synonyms ${s.terms.join(', ')}`} />
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </>
  );
}
