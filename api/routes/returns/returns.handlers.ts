import type { RouteHandler } from '@hono/zod-openapi';
import type { Handler } from 'hono';
import type { DB } from '../../../db/connection.ts';
import { mediaKey, mediaStore } from '../../../db/media-store.ts';
import { writeTransaction } from '../../../db/transaction.ts';
import { MAX_RETURN_PHOTOS } from '../../../rules/return-photos.ts';
import { parseFields, withUpload } from '../../uploads.ts';
import { findCreditNote } from '../../../db/queries/credit-notes.ts';
import { findOrder } from '../../../db/queries/orders.ts';
import {
  deliveredAt,
  findReturn,
  findReturnPhoto,
  insertReturnPhoto,
  linesForReturn,
  photosOfReturns,
  type ReturnPhotoRow,
  returnPhotoRefusal,
  shopperReturns,
} from '../../../db/queries/returns.ts';
import { shopPolicy } from '../../../db/queries/shop-policy.ts';
import type { CreditNoteDocument } from '../../../rules/credit-note.ts';
import { conflictError, type DomainError, invalidError, notFoundError } from '../../../rules/errors.ts';
import { toMajor } from '../../../rules/money.ts';
import { lineNonReturnable, RETURN_KINDS, RETURN_REASONS, returnRequestRefusal, returnWindowClosesAt, type ReturnKind, type ReturnReason } from '../../../rules/returns.ts';
import type { AppEnv } from '../../context.ts';
import { created, ok } from '../../errors.ts';
import { renderCreditNotePdf } from '../../invoices/credit-note-pdf.ts';
import { majorFigures, requestReturn, withdrawReturn } from '../../returns/lifecycle.ts';
import {
  type getCreditNote,
  type getReturnOptions,
  type getReturnPhoto,
  type getReturns,
  RETURN_PHOTO_UPLOAD,
  type requestReturn as requestReturnRoute,
  type withdrawReturn as withdrawReturnRoute,
} from './returns.routes.ts';
import { ReturnParam } from './returns.schemas.ts';
import { photoView, shopperReturnViews } from './returns.views.ts';

export const requestReturnHandler: RouteHandler<typeof requestReturnRoute, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  const { r_id, estimate } = await requestReturn(c.var.deps, {
    u_id: c.var.caller.u_id,
    o_id: body.o_id,
    kind: body.kind,
    reason: body.reason as ReturnReason,
    note: body.note || null,
    items: body.items,
  });
  return ok(c, `Return #${r_id} requested. We will tell you by e-mail once it is reviewed.`, { r_id, status: 'requested' as const, estimate: estimate ? majorFigures(estimate) : null });
};

export const getReturnsHandler: RouteHandler<typeof getReturns, AppEnv> = async (c) => {
  const { db } = c.var.deps;
  return ok(c, 'Your returns.', await shopperReturnViews(db, await shopperReturns(db, c.var.caller.u_id)));
};

export const getReturnOptionsHandler: RouteHandler<typeof getReturnOptions, AppEnv> = async (c) => {
  const { o_id } = c.req.valid('param');
  const { db } = c.var.deps;
  const order = await findOrder(db, o_id);
  if (!order || order.u_id !== c.var.caller.u_id) throw notFoundError('Order not found.');
  const [policy, delivered, rawLines] = await Promise.all([shopPolicy(db), deliveredAt(db, o_id), linesForReturn(db, o_id)]);
  const lines = rawLines.map((l) => ({ ...l, non_returnable: lineNonReturnable(policy, l.non_returnable) }));
  const now = Date.now();
  // Whether a refund could be asked now for some piece (the window, delivery): the line-by-line rules apply when asked.
  const open = lines.filter((l) => l.quantity > l.already_returned && !l.non_returnable);
  const refusal =
    returnRequestRefusal(policy, {
      kind: 'refund',
      reason: 'changed_mind',
      order_status: order.status,
      delivered_at: delivered,
      items: open.length ? [{ oi_id: open[0].oi_id, quantity: 1 }] : [],
      lines,
      now,
    }) ?? null;
  const anyLeft = lines.some((l) => l.quantity > l.already_returned);
  const kinds: ReturnKind[] = RETURN_KINDS.filter((k) => {
    if (!anyLeft || order.status !== 4 || delivered === null) return false;
    if (k === 'buyback') return true;
    if (k === 'exchange' && !policy.exchange_allowed) return false;
    return refusal === null;
  });
  return ok(c, 'Return options.', {
    o_id,
    currency: order.currency,
    delivered: delivered !== null && order.status === 4,
    deliveredAt: delivered === null ? null : new Date(delivered).toISOString(),
    return_window_closes_at: delivered === null ? null : new Date(returnWindowClosesAt(policy, delivered)).toISOString(),
    kinds,
    refusal: refusal ?? (anyLeft ? null : 'Every piece of this order has already been asked back.'),
    reasons: Object.entries(RETURN_REASONS).map(([key, text]) => ({ key, text })),
    lines: lines.map((l) => ({
      oi_id: l.oi_id,
      product_name: l.product_name,
      quantity: l.quantity,
      returnable_quantity: Math.max(0, l.quantity - l.already_returned),
      non_returnable: l.non_returnable,
      refund_percent: l.partial_refund ? policy.partial_refund_percent : 100,
      unit_price: toMajor(l.price),
    })),
  });
};

export const withdrawReturnHandler: RouteHandler<typeof withdrawReturnRoute, AppEnv> = async (c) => {
  const { r_id } = c.req.valid('json');
  await withdrawReturn(c.var.deps, r_id, c.var.caller.u_id);
  return ok(c, `Return #${r_id} withdrawn.`, { r_id, status: 'withdrawn' as const });
};

export const getCreditNoteHandler: RouteHandler<typeof getCreditNote, AppEnv> = async (c) => {
  const { r_id } = c.req.valid('param');
  const { db } = c.var.deps;
  const ret = await findReturn(db, r_id);
  // Another shopper's return is answered as missing.
  if (!ret || (ret.u_id !== c.var.caller.u_id && !c.var.caller.permissions.includes('orders.view'))) throw notFoundError('Return not found.');
  const note = await findCreditNote(db, r_id);
  if (!note) throw notFoundError('The credit note is issued when the return is refunded or credited.');
  const pdf = await renderCreditNotePdf(JSON.parse(note.document) as CreditNoteDocument);
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="credit-note-${note.credit_note_no.replaceAll('/', '-')}.pdf"`,
    'Cache-Control': 'private, no-store',
  });
};

/** The refusal of a photo to a return, in words (404 for another shopper's request, as for a missing one). */
function photoRefusal(refusal: 'missing' | 'closed' | 'full', r_id: number): DomainError {
  if (refusal === 'missing') return notFoundError('Return not found.');
  if (refusal === 'closed') return conflictError(`Return #${r_id} is no longer waiting for review: photos can be added only while it is requested.`);
  return invalidError(`A return can carry at most ${MAX_RETURN_PHOTOS} photos; return #${r_id} has ${MAX_RETURN_PHOTOS} already.`);
}

/** POST /addreturnphoto/{r_id}: one photo, checked by its bytes, stored privately; at most five to a request, whatever runs beside. */
export const addReturnPhotoHandler: Handler<AppEnv> = async (c) => {
  const { r_id } = parseFields(ReturnParam, { r_id: c.req.param('r_id') ?? '' });
  const { db } = c.var.deps;
  const u_id = c.var.caller.u_id;
  const check = async (reader: DB) => {
    const refusal = await returnPhotoRefusal(reader, r_id, u_id, MAX_RETURN_PHOTOS);
    if (refusal) throw photoRefusal(refusal, r_id);
  };
  return withUpload(
    c,
    RETURN_PHOTO_UPLOAD,
    async (upload) => {
      const [file] = upload.files('file');
      if (!file) throw invalidError('Choose a photo to send (the form field file).');
      const rp_id = await writeTransaction(
        db,
        async (trx) => {
          await check(trx);
          return insertReturnPhoto(trx, { r_id, file_name: upload.claim(file), content_type: file.contentType as ReturnPhotoRow['content_type'], size: file.size });
        },
        { name: 'addReturnPhoto' },
      );
      const photo = (await photosOfReturns(db, [r_id])).get(r_id)!.find((p) => p.rp_id === rp_id)!;
      return created(c, 'Photo added to your return.', photoView(photo));
    },
    // Before any photo is decoded: another's request, an ended one or a full one costs no decode.
    { beforeDecode: () => check(db) },
  );
};

/** GET /returnphoto/{rp_id}: the bytes, to the request's shopper or staff holding orders.view; never cached, never sniffed. */
export const getReturnPhotoHandler: RouteHandler<typeof getReturnPhoto, AppEnv> = async (c) => {
  const { rp_id } = c.req.valid('param');
  const { db, config } = c.var.deps;
  const { caller } = c.var;
  const photo = await findReturnPhoto(db, rp_id);
  if (!photo || (photo.u_id !== caller.u_id && !caller.permissions.includes('orders.view'))) throw notFoundError('Photo not found.');
  const key = mediaKey('ReturnPhotos', photo.file_name);
  const bytes = key && (await mediaStore(config.media).read(key));
  if (!bytes) throw notFoundError('Photo not found.');
  return c.body(new Uint8Array(bytes), 200, {
    'Content-Type': photo.content_type,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
};
