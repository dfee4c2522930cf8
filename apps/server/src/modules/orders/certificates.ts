import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { CERTIFICATE_MAX_BYTES, CertificateFieldsSchema, type OrderPiece } from '@milli/contracts/schemas';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import type { FileStore } from '../../lib/storage.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import type { SettingsService } from '../settings/service.ts';
import { pieceOf } from './documents.ts';
import { certificateReadyMail } from './mail.ts';
import { ordersRepository } from './repository.ts';

/** The kinds of file a lab's certificate comes as, told by their first bytes (never by name or declared type). */
const KINDS = [
  { type: 'application/pdf', ext: 'pdf', magic: Buffer.from('%PDF-', 'latin1') },
  { type: 'image/jpeg', ext: 'jpg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
  { type: 'image/png', ext: 'png', magic: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]) },
] as const;

/** The stored file's key: certificates/{order id}/{piece id}-{32 hex}.{pdf|jpg|png}. */
const CERTIFICATE_KEY = /^certificates\/\d{1,10}\/\d{1,10}-[0-9a-f]{32}\.(pdf|jpg|png)$/;

export function certificateKind(bytes: Buffer) {
  return KINDS.find((k) => bytes.length > k.magic.length && bytes.subarray(0, k.magic.length).equals(k.magic)) ?? null;
}

const notFound = () => new DomainError('CERTIFICATE_NOT_FOUND', 'There is no diamond certificate for this piece.');

/**
 * A certificate is sent as a download, whatever it is: a PDF is never shown inline (where a crafted one could
 * run in the site's origin), and no browser may sniff it into HTML.
 */
export function sendCertificate(reply: FastifyReply, file: { bytes: Buffer; type: string; filename: string }) {
  return reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

/**
 * Diamond certificates of packed pieces (issue 20): the orders desk stores a lab's certificate (PDF, JPEG or PNG,
 * checked by its bytes, at most 5 MB) on a piece; the customer downloads it from their order. Files live in the
 * media store, never public: only the order's owner and the orders desk are given them, always as an attachment.
 */
export function createCertificates(db: Db, files: FileStore, opts: { settings: Pick<SettingsService, 'brand'>; mailQueued?: () => void }) {
  async function download(found: Awaited<ReturnType<ReturnType<typeof ordersRepository>['certifiedPiece']>>) {
    const p = found?.piece;
    if (!found || !p?.certificatePath || !p.certificateType || !CERTIFICATE_KEY.test(p.certificatePath)) throw notFound();
    const bytes = await files.get(p.certificatePath);
    if (!bytes) throw notFound();
    const ext = p.certificatePath.split('.').pop()!;
    const type = KINDS.find((k) => k.ext === ext)!.type;
    const filename = `${found.orderNumber}-${p.certificateLab}-${p.certificateNumber}`.replace(/[^A-Za-z0-9._-]+/g, '-') + `.${ext}`;
    return { bytes, type, filename };
  }

  return {
    /** POST /api/admin/orders/{orderNumber}/pieces/{pieceId}/certificate: stores (or replaces) a piece's certificate. */
    async upload(actor: AuditActor, orderNumber: string, pieceId: number, body: Record<string, unknown>, file: Buffer | null): Promise<OrderPiece> {
      const parsed = CertificateFieldsSchema.safeParse(body);
      const fields: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'number')] ??= issue.message;
      const kind = file ? certificateKind(file) : null;
      if (!file || file.length === 0) fields.file = 'Please add the certificate file (PDF, JPEG or PNG).';
      else if (file.length > CERTIFICATE_MAX_BYTES) throw new DomainError('FILE_TOO_LARGE', 'A certificate file is at most 5 MB.');
      else if (!kind) fields.file = 'The certificate must be a PDF, JPEG or PNG file.';
      if (!parsed.success || !kind || Object.keys(fields).length)
        throw new DomainError('INVALID_REQUEST', [...new Set(Object.values(fields))].join(' '), fields);
      const { lab, number } = parsed.data;
      let written: string | null = null;
      try {
        const { piece, oldPath } = await db.transaction(async (tx) => {
          const r = ordersRepository(tx);
          const found = await r.certifiedPiece(orderNumber, pieceId, { lock: true });
          if (!found) throw new DomainError('NOT_FOUND', `Order ${orderNumber} has no such piece.`);
          // A lab grades diamonds: a plain gold or silver piece has nothing for a certificate to describe (issue 39).
          if (!found.diamondWeightCents || found.diamondWeightCents <= 0)
            throw new DomainError('CONFLICT', 'This piece has no diamonds: a diamond certificate is stored only on a piece set with diamonds.');
          const path = `certificates/${found.orderId}/${pieceId}-${randomBytes(16).toString('hex')}.${kind.ext}`;
          await files.put(path, file!, kind.type);
          written = path;
          await r.setCertificate(pieceId, { lab, number, path, type: kind.type });
          const before = found.piece;
          await recordAudit(tx, actor, {
            action: 'certificate',
            entity: 'order',
            entityId: found.orderNumber,
            before: { pieceId, huid: before.huid, lab: before.certificateLab, number: before.certificateNumber },
            after: { pieceId, huid: before.huid, lab, number, type: kind.type, bytes: file!.length },
          });
          const to = (await r.customer(found.customerId))?.email;
          if (to) await queueMail(tx, certificateReadyMail(await opts.settings.brand(tx), to, found.orderNumber, { lab, number, huid: before.huid }));
          const after = await r.certifiedPiece(orderNumber, pieceId);
          return { piece: pieceOf(after!.piece), oldPath: before.certificatePath };
        });
        opts.mailQueued?.();
        if (oldPath) await files.delete(oldPath).catch(() => {});
        return piece;
      } catch (error) {
        if (written) await files.delete(written).catch(() => {});
        throw error;
      }
    },

    /** The file for the orders desk. */
    deskDownload: async (orderNumber: string, pieceId: number) => download(await ordersRepository(db).certifiedPiece(orderNumber, pieceId)),
    /** The file for the order's owner; anyone else's order answers as if there were none. */
    customerDownload: async (customerId: number, orderNumber: string, pieceId: number) =>
      download(await ordersRepository(db).certifiedPiece(orderNumber, pieceId, { customerId })),
  };
}
