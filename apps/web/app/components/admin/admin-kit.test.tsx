// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import type { ReactNode } from 'react';
import { ROLE_PERMISSIONS, type StaffMe, type StaffRole } from '@milli/contracts';
import type { AdminListPage } from '@milli/contracts/schemas';
import { accessibleDescription } from '../../lib/test-dom.ts';
import { readListState } from '../../lib/admin-list.ts';
import { AdminShell } from './admin-shell.tsx';
import { EmptyState, ListTable, ListToolbar, Pagination } from './list-kit.tsx';
import { ConfirmAction } from './confirm-dialog.tsx';
import { AdminForm, Checkbox, MoneyField, NumberField, Select, TextField } from './form-kit.tsx';

afterEach(cleanup);

const member = (role: StaffRole): StaffMe => ({
  id: 1,
  email: 'asha@milli.example',
  name: 'Asha Rao',
  roles: [role],
  permissions: [...ROLE_PERMISSIONS[role]],
  deskMail: true,
  twoFactor: false,
  mustEnrolTwoFactor: false,
});

/** Renders `ui` at `path` inside a router, remembering what forms post. */
function renderAt(path: string, ui: () => ReactNode) {
  const posted: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: path.split('?')[0]!,
      Component: () => <>{ui()}</>,
      action: async ({ request }) => {
        posted.push(await request.formData());
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return posted;
}

describe('the admin shell', () => {
  it('shows a catalogue member their name, role and only their desks, with a skip link to the content', async () => {
    renderAt('/admin/products', () => (
      <AdminShell me={member('catalogue')} storeName="Milli">
        <h1>Products</h1>
      </AdminShell>
    ));
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual([
      'Dashboard',
      'Products',
      'Categories, tags & stones',
      'Import / export CSV',
      'Rates',
      'Coupons',
      'Offers strip',
      'Stores',
      'Reviews',
      'My security',
    ]);
    expect(within(nav).getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(screen.getByText('Catalogue', { selector: '.adm-role' })).toBeTruthy();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip.getAttribute('href')).toBe('#adm-main');
    expect(screen.getByRole('main').id).toBe('adm-main');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('shows the owner the store’s desks too', async () => {
    renderAt('/admin', () => (
      <AdminShell me={member('owner')} storeName="Milli">
        x
      </AdminShell>
    ));
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    for (const name of ['Settings', 'Staff', 'Audit log', 'Returns']) expect(within(nav).getByRole('link', { name })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('signs out with a plain form', async () => {
    const posted = renderAt('/admin', () => (
      <AdminShell me={member('orders')} storeName="Milli">
        x
      </AdminShell>
    ));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await expect.poll(() => posted.length).toBe(1);
    expect(posted[0]!.get('intent')).toBe('logout');
  });
});

interface Row {
  id: number;
  name: string;
  stock: number;
}
const PAGE: AdminListPage<Row> = {
  data: [
    { id: 4, name: 'Lotus Ring', stock: 2 },
    { id: 9, name: 'Kangan Bangle', stock: 0 },
  ],
  page: 2,
  perPage: 25,
  total: 80,
  totalPages: 4,
};

function List({ url, page = PAGE }: { url: string; page?: AdminListPage<Row> }) {
  const list = readListState(new URL(url, 'http://x'), { sort: 'name', filters: ['status'] });
  return (
    <>
      <ListToolbar
        list={list}
        searchLabel="Search products"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: [
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
            ],
          },
        ]}
      />
      <form method="post">
        <ListTable
          list={list}
          page={page}
          caption="Products"
          rowKey={(r) => r.id}
          columns={[
            { key: 'name', label: 'Name', sort: 'name', rowHeader: true, cell: (r) => r.name },
            { key: 'stock', label: 'Stock', sort: 'stock', align: 'end', cell: (r) => r.stock },
            { key: 'id', label: 'Id', cell: (r) => r.id },
          ]}
          bulk={{
            label: (r) => `Select ${r.name}`,
            actions: (
              <button type="submit" name="intent" value="archive">
                Archive
              </button>
            ),
          }}
          empty={<EmptyState title="No products match" />}
        />
      </form>
      <Pagination list={list} page={page} />
    </>
  );
}

describe('the list kit', () => {
  it('marks the sorted column and links each header to its sort', async () => {
    renderAt('/admin/products', () => <List url="/admin/products?sort=stock&dir=desc&page=2&status=active&q=ring" />);
    const headers = await screen.findAllByRole('columnheader');
    const byName = (name: string) => headers.find((h) => h.textContent?.includes(name))!;
    expect(byName('Stock').getAttribute('aria-sort')).toBe('descending');
    expect(byName('Name').getAttribute('aria-sort')).toBe('none');
    expect(byName('Id').getAttribute('aria-sort')).toBeNull();
    expect(within(byName('Stock')).getByRole('link').getAttribute('href')).toBe('/admin/products?q=ring&status=active&sort=stock&dir=asc');
    expect(within(byName('Name')).getByRole('link').getAttribute('href')).toBe('/admin/products?q=ring&status=active');
    // The search form keeps the sort and starts again at page 1.
    const search = screen.getByRole('search', { name: 'Search products' });
    expect((within(search).getByLabelText('Search products') as HTMLInputElement).value).toBe('ring');
    expect((within(search).getByLabelText('Status') as HTMLSelectElement).value).toBe('active');
    expect(search.querySelector<HTMLInputElement>('input[name="sort"]')!.value).toBe('stock');
    expect(search.querySelector('input[name="page"]')).toBeNull();
  });

  it('pages with links, saying where the reader is', async () => {
    renderAt('/admin/products', () => <List url="/admin/products?page=2" />);
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Showing 26–50 of 80');
    expect(
      within(pages)
        .getByRole('link', { name: /Previous/ })
        .getAttribute('href'),
    ).toBe('/admin/products');
    expect(within(pages).getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/admin/products?page=3');
    expect(within(pages).getByText('2', { exact: false, selector: '[aria-current="page"]' })).toBeTruthy();
  });

  it('ticks rows for a bulk action, one by one or the whole page', async () => {
    renderAt('/admin/products', () => <List url="/admin/products" />);
    const all = await screen.findByRole('checkbox', { name: 'Select every row on this page' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lotus Ring' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    await userEvent.click(all);
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Kangan Bangle' }) as HTMLInputElement).checked).toBe(true);
    const form = screen.getByRole('button', { name: 'Archive' }).closest('form')!;
    expect(new FormData(form).getAll('ids')).toEqual(['4', '9']);
  });

  it('shows the empty state when nothing matches', async () => {
    renderAt('/admin/products', () => <List url="/admin/products?q=zzz" page={{ data: [], page: 1, perPage: 25, total: 0, totalPages: 1 }} />);
    expect(await screen.findByText('No products match')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});

describe('the form kit', () => {
  it('labels every field and reads the server’s message with it', async () => {
    renderAt('/admin/products/4', () => (
      <AdminForm error="Please check the highlighted fields." saved={false}>
        <TextField name="name" label="Name" defaultValue="Lotus Ring" error="A name is at most 120 characters." required />
        <NumberField name="stock" label="Stock" defaultValue={3} hint="Pieces ready to ship." />
        <MoneyField name="salePrice" label="Sale price" defaultPaise={12345650} />
        <Select name="category" label="Category" placeholder="Choose a category" options={[{ value: '1', label: 'Rings' }]} defaultValue="1" />
        <Checkbox name="hallmarked" label="HUID hallmarked" defaultChecked />
      </AdminForm>
    ));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields.');
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(name)).toBe('A name is at most 120 characters.');
    expect(accessibleDescription(screen.getByLabelText('Stock'))).toBe('Pieces ready to ship.');
    expect((screen.getByLabelText('Sale price') as HTMLInputElement).value).toBe('123456.50');
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('HUID hallmarked') as HTMLInputElement).checked).toBe(true);
  });
});

describe('the confirm dialog', () => {
  it('asks before a destructive post, keeps focus inside, and Escape cancels', async () => {
    const posted = renderAt('/admin/products/4', () => (
      <form method="post" action="/admin/products/4">
        <input type="hidden" name="id" value="4" />
        <ConfirmAction intent="archive" label="Archive" title="Archive Lotus Ring?" confirmLabel="Archive it">
          It leaves the storefront at once.
        </ConfirmAction>
      </form>
    ));
    const opener = await screen.findByRole('button', { name: 'Archive' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Archive Lotus Ring?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(accessibleDescription(dialog)).toBe('It leaves the storefront at once.');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Archive it' }));
    await userEvent.tab();
    expect(document.activeElement, 'Tab wraps around inside the dialog').toBe(cancel);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(posted).toEqual([]);
  });

  it('opens by itself when the action asked (the way without JavaScript), and posts the confirmation', async () => {
    renderAt('/admin/products/4', () => (
      <form method="post" onSubmit={(e) => e.preventDefault()}>
        <ConfirmAction intent="delete" label="Delete" title="Delete this coupon?" confirmLabel="Delete" open />
      </form>
    ));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this coupon?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    const data = new FormData(confirm.form!, confirm);
    expect([data.get('intent'), data.get('confirmed')]).toEqual(['delete', 'yes']);
  });
});
