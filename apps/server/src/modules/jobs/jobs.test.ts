/**
 * The job engine in the store (decision 042), on PGlite and, with TEST_DATABASE_URL, PostgreSQL: a mail its server
 * refuses lands as a failed `mail.send` job the owner sees on the Jobs screen (its mail id and kind, the server's answer,
 * never the address) and retries or discards, each audited; only the owner may; the ids are checked; a reconciliation
 * job run twice lapses an unpaid order once.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@milli/db';
import { JOBS_SCHEMA } from '../../lib/jobs.ts';
import { QUEUE } from '../../queues.ts';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createProduct, createShopper, createStaff, placeOrder, type TestStaff } from '../../testing-factories.ts';
import { queueMail } from '../mail/service.ts';

let t: TestApp;
let owner: TestStaff;
let orders: TestStaff;
let smtp: SMTPServer;
/** Whether the mail server refuses every recipient (550), as an unknown mailbox would be refused. */
let refusing = true;
const delivered: string[] = [];

async function until(check: () => Promise<boolean>, timeoutMs = 25_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobRows(queue: string) {
  const result = await t.database.db.execute(
    sql`select id::text as id, state, data, output from ${sql.raw(JOBS_SCHEMA)}.job where name = ${queue} order by created_on`,
  );
  return (result as unknown as { rows: { id: string; state: string; data: Record<string, unknown> | null; output: Record<string, unknown> | null }[] }).rows;
}

const get = (url: string, who: TestStaff = owner) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (url: string, who: TestStaff = owner) => t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie } });

async function refusedMail(to: string): Promise<number> {
  await queueMail(t.database.db, { to, subject: 'Your order', text: 'text', html: '<p>html</p>', kind: 'order-placed' });
  const [row] = await t.database.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, to));
  t.app.mailer.kick();
  await until(async () => (await jobRows(QUEUE.mailSend)).some((j) => j.state === 'failed' && j.data?.mailId === row!.id));
  return row!.id;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusing) callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  t = await createTestApp({
    config: { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` },
    jobs: { pollingSeconds: 0.5, cronSeconds: 1, stopTimeoutSeconds: 5 },
  });
  owner = await createStaff(t.app, { role: 'owner' });
  orders = await createStaff(t.app, { role: 'orders' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

describe('the Jobs screen', () => {
  it('lists every queue of the store with its schedule and counts', async () => {
    const res = await get('/api/admin/jobs');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.engine).toBe('running');
    expect(body.queues.map((q: { name: string }) => q.name)).toEqual([
      'payments.reconcile',
      'harvest.daily',
      'rate-locks.end',
      'metal-accounts.expire',
      'catalog.sales',
      'appointments.remind',
      'housekeeping.sweep',
      'mail.flush',
      'mail.send',
      'messages.flush',
      'messages.send',
    ]);
    expect(body.queues[0]).toMatchObject({ name: 'payments.reconcile', schedule: 'Every minute', retryLimit: 2, retryDelaySeconds: 10 });
    expect(body.queues[8]).toMatchObject({ name: 'mail.send', schedule: null, retryLimit: 7 });
  });

  it('is the owner’s alone', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/jobs'],
      ['GET', '/api/admin/jobs/failed'],
      ['POST', '/api/admin/jobs/mail.send/00000000-0000-4000-8000-000000000000/retry'],
      ['POST', '/api/admin/jobs/mail.send/00000000-0000-4000-8000-000000000000/discard'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: orders.cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('PERMISSION_DENIED');
    }
  });

  it('shows a refused mail as a failed mail.send job: its mail id and kind and the server’s answer, never the address', async () => {
    refusing = true;
    const mailId = await refusedMail('refused.person@example.in');
    const res = await get('/api/admin/jobs/failed?queue=mail.send');
    expect(res.statusCode, res.body).toBe(200);
    const failed = res.json().data.find((j: { summary: string }) => j.summary === `mail ${mailId} (order-placed)`);
    expect(failed).toMatchObject({ queue: 'mail.send', attempts: 1, error: expect.stringContaining('Recipient address rejected') });
    expect(res.body).not.toContain('refused.person');
    expect(res.body).not.toMatch(/[^\s"]+@[^\s"]+/);
    const overview = (await get('/api/admin/jobs')).json();
    expect(overview.queues.find((q: { name: string }) => q.name === 'mail.send').failed).toBeGreaterThanOrEqual(1);
    // A 5xx answer is final: the engine did not try again.
    const [mail] = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, mailId));
    expect(mail).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('retries a failed job: queued again, audited, and sent once the server takes it', async () => {
    refusing = true;
    const mailId = await refusedMail('retry.me@example.in');
    const failed = (await get('/api/admin/jobs/failed?queue=mail.send')).json().data.find((j: { summary: string }) => j.summary.startsWith(`mail ${mailId} `));
    refusing = false;
    const res = await post(`/api/admin/jobs/mail.send/${failed.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ queue: 'mail.send', id: failed.id, state: 'retry' });
    const [audit] = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, 'job'), eq(schema.auditLog.entityId, `mail.send/${failed.id}`)));
    expect(audit).toMatchObject({ action: 'retry', staffEmail: owner.email, after: { state: 'retry' } });
    expect(audit!.before).toMatchObject({ state: 'failed', attempts: 1 });
    // Due at once (not after the wait its next retry would have had), and sent.
    await until(async () => (await jobRows(QUEUE.mailSend)).find((j) => j.id === failed.id)?.state === 'completed', 10_000);
    expect(delivered.filter((a) => a === 'retry.me@example.in')).toHaveLength(1);
    const [mail] = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, mailId));
    expect(mail!.status).toBe('sent');
    // Not failed any more: a second retry is refused.
    const again = await post(`/api/admin/jobs/mail.send/${failed.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/is done: only a failed job can be retried/);
  });

  it('discards a failed job: gone, audited', async () => {
    refusing = true;
    const mailId = await refusedMail('discard.me@example.in');
    const failed = (await get('/api/admin/jobs/failed?queue=mail.send')).json().data.find((j: { summary: string }) => j.summary.startsWith(`mail ${mailId} `));
    const res = await post(`/api/admin/jobs/mail.send/${failed.id}/discard`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'discarded' });
    expect((await jobRows(QUEUE.mailSend)).find((j) => j.id === failed.id)).toBeUndefined();
    const [audit] = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, `mail.send/${failed.id}`));
    expect(audit).toMatchObject({ action: 'discard', entity: 'job', staffEmail: owner.email });
    // The mail stays failed in the outbox: the flush never hands it out again.
    const [mail] = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, mailId));
    expect(mail!.status).toBe('failed');
    expect((await post(`/api/admin/jobs/mail.send/${failed.id}/discard`)).statusCode).toBe(404);
  });

  it('takes one of many retries and discards of a failed job sent at once: one answer 200, one audit line, the rest refused', async () => {
    refusing = true;
    const mailId = await refusedMail('race.me@example.in');
    const failed = (await get('/api/admin/jobs/failed?queue=mail.send')).json().data.find((j: { summary: string }) => j.summary.startsWith(`mail ${mailId} `));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => post(`/api/admin/jobs/mail.send/${failed.id}/${i % 2 === 0 ? 'retry' : 'discard'}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c === 200),
      codes.join(','),
    ).toHaveLength(1);
    expect(
      codes.every((c) => c === 200 || c === 404 || c === 409),
      codes.join(','),
    ).toBe(true);
    const audits = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, `mail.send/${failed.id}`));
    expect(audits).toHaveLength(1);
  });

  it('checks the queue and the id: 404 for a job not in that queue, 409 for one that has not failed', async () => {
    await until(async () => (await jobRows(QUEUE.paymentsReconcile)).some((j) => j.state === 'completed'));
    const done = (await jobRows(QUEUE.paymentsReconcile)).find((j) => j.state === 'completed')!;
    const cases: [string, number, RegExp][] = [
      [`/api/admin/jobs/no.such.queue/${done.id}/retry`, 404, /no job queue named “no.such.queue”/],
      ['/api/admin/jobs/mail.send/not-a-job/retry', 404, /has no job not-a-job/],
      ['/api/admin/jobs/mail.send/00000000-0000-4000-8000-000000000000/discard', 404, /has no job/],
      [`/api/admin/jobs/mail.send/${done.id}/retry`, 404, /The queue mail.send has no job/],
      [`/api/admin/jobs/payments.reconcile/${done.id}/retry`, 409, /is done: only a failed job can be retried/],
      [`/api/admin/jobs/payments.reconcile/${done.id}/discard`, 409, /only a failed job can be discarded/],
    ];
    for (const [url, status, message] of cases) {
      const res = await post(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await get('/api/admin/jobs/failed?queue=no.such.queue')).statusCode).toBe(404);
  });
});

describe('a job run twice', () => {
  it('lapses an unpaid order once: the reconciliation job changes nothing the second time', async () => {
    const shopper = await createShopper(t.app);
    const product = await createProduct(t.database.db, { stock: 5 });
    const placed = await placeOrder(t.app, shopper, { productId: product.id, pay: false });
    expect(placed.statusCode, placed.body).toBe(200);
    await t.database.db
      .update(schema.orders)
      .set({ payBy: new Date(Date.now() - 60_000) })
      .where(eq(schema.orders.customerId, shopper.userId));
    const lapsedSoFar = async () =>
      (await jobRows(QUEUE.paymentsReconcile)).filter((j) => j.state === 'completed').reduce((n, j) => n + Number(j.output?.lapsed ?? 0), 0);
    const before = await lapsedSoFar();
    for (let run = 0; run < 2; run++) {
      // Null when the minute's scheduled run is waiting already (the queue holds one): that one runs instead.
      const id = await t.app.jobs.send(QUEUE.paymentsReconcile);
      await until(async () => {
        const rows = await jobRows(QUEUE.paymentsReconcile);
        return id ? rows.find((j) => j.id === id)?.state === 'completed' : rows.every((j) => j.state === 'completed' || j.state === 'failed');
      });
    }
    expect((await lapsedSoFar()) - before).toBe(1);
    const [order] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.customerId, shopper.userId));
    expect(order!.status).not.toBe('Awaiting payment');
    const [stock] = await t.database.db.select({ stock: schema.products.stock }).from(schema.products).where(eq(schema.products.id, product.id));
    expect(stock!.stock).toBe(5);
    const lapsedMails = await t.database.db
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.toAddress, shopper.email), eq(schema.mailOutbox.kind, 'order-lapsed')));
    expect(lapsedMails).toHaveLength(1);
  });
});
