/**
 * Helpers for the back-office and upload tests: callers (an administrator, a
 * shopper, a forged token), order and contact factories (catalogue rows come
 * from tests/helpers/catalogue.ts), real images made with sharp, videos from
 * their magic bytes, and multipart requests sent like a browser's FormData.
 */

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Insertable } from 'kysely';
import type { OrderTable } from '../../db/schema.ts';
import { expect } from 'vitest';
import { expectMatchesContract } from './contract.ts';
import type { FormChoices } from './catalogue.ts';
import { checkoutAddress } from './orders.ts';
import { startLocalS3 } from './s3.ts';
import { answerOf, call, createTestStore, createUser, signToken, type TestStore } from './store.ts';
import { writeTransaction } from '../../db/transaction.ts';

let counter = 0;
const next = () => ++counter;

/** An administrator, a shopper, and headers that must all be refused with 403. */
export async function callers(store: TestStore) {
  const admin = await createUser(store, { u_type: '0' });
  const shopper = await createUser(store);
  const forged = await signToken(admin.u_id);
  const refused: Array<[label: string, headers: Record<string, string>]> = [
    ['no token', {}],
    ["a shopper's token", shopper.auth],
    ['a forged administrator token', { Authorization: `Bearer ${forged}` }],
    ['a malformed token', { Authorization: 'Bearer not.a.token' }],
  ];
  return { admin, shopper, refused };
}

/** What `callers` answers: `Callers['admin']` is the administrator, `Callers['refused']` the headers every back-office route refuses. */
export type Callers = Awaited<ReturnType<typeof callers>>;

/** A fresh test store (made with `env`) and its callers. */
export async function storeWithCallers(env: Record<string, string> = {}) {
  const store = await createTestStore(env);
  return { store, ...(await callers(store)) };
}

/** A JSON request and what must come of it: [body, headers, the answer's status, its description]. */
export type AnswerCase = [body: unknown, headers: Record<string, string>, status: number, description: unknown];

/** Sends each case to `method url`: its answer must have the case's status and description, as openapi.yaml documents it. */
export async function expectAnswers(store: TestStore, method: string, url: string, cases: AnswerCase[]) {
  for (const [body, headers, status, description] of cases) {
    const res = await call(store, method, url, body, headers);
    expect(res.status, JSON.stringify(body)).toBe(status);
    expect(res.body.description).toEqual(description);
    expectMatchesContract(method, url, res);
  }
}

/** A local S3-compatible bucket and a fresh store whose media are on it (under s3://…/shop), with its callers. */
export async function storeOnLocalS3() {
  const s3 = await startLocalS3();
  try {
    return { s3, ...(await storeWithCallers(s3.env('shop'))) };
  } catch (error) {
    await s3.close();
    throw error;
  }
}

/** Sends each JSON request with each of `refused`'s headers: every answer must be 403, as openapi.yaml documents it. */
export async function expectRefused(store: TestStore, refused: Callers['refused'], requests: ReadonlyArray<readonly [method: string, url: string, body?: unknown]>) {
  for (const [label, headers] of refused) {
    for (const [method, url, body] of requests) {
      const res = await call(store, method, url, body, headers);
      expect(res.status, `${label} ${method} ${url}`).toBe(403);
      expectMatchesContract(method, url, res);
    }
  }
}

/** Posts the form (made afresh each time) with each of `refused`'s headers: every answer must be 403, as openapi.yaml documents it. */
export async function expectFormRefused(store: TestStore, refused: Callers['refused'], url: string, form: () => FormData | Promise<FormData>) {
  for (const [label, headers] of refused) {
    const res = await sendForm(store, url, await form(), headers);
    expect(res.status, `${label} POST ${url}`).toBe(403);
    expectMatchesContract('POST', url, res);
  }
}

/** A tiny real image (4x4) in the given format. */
export async function tinyImage(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png'): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#c9a227' } })[format]().toBuffer();
}

/** The first bytes of an MP4 (ftyp + an empty mdat box): enough for detection by content. */
export function mp4Bytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'),
    Buffer.from([0, 0, 0, 16]), Buffer.from('mdat'), Buffer.alloc(8),
  ]);
}

/** An EBML header with DocType "webm" and the start of a Segment. */
export function webmBytes(): Buffer {
  return Buffer.concat([Buffer.from('1A45DFA39F4286810142F7810142F2810442F381084282847765626D4287810442858102', 'hex'), Buffer.from('18538067', 'hex'), Buffer.alloc(64)]);
}

/** An Ogg page whose first packet is a Theora header (video/ogg). */
export function oggVideoBytes(): Buffer {
  return Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24), Buffer.from([0x80]), Buffer.from('theora'), Buffer.alloc(64)]);
}

/** Files that must never be stored, each with the name a client would give it. */
export async function hostileFiles(): Promise<Array<{ label: string; bytes: Buffer; name: string }>> {
  const png = await tinyImage('png');
  const jpeg = await tinyImage('jpeg');
  // A JPEG whose comment segment (FFFE) carries a PHP web shell: valid JPEG, decodes fine.
  const comment = Buffer.from('<?php system($_GET["c"]); ?>');
  const commentSegment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
  return [
    { label: 'a shell script named .jpg', bytes: Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'), name: 'photo.jpg' },
    { label: 'an SVG with a script', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'), name: 'logo.svg' },
    { label: 'an HTML page named .png', bytes: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), name: 'page.png' },
    { label: 'a PNG with an HTML page appended (polyglot)', bytes: Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]), name: 'poly.png' },
    { label: 'a JPEG with a PHP shell in its comment', bytes: Buffer.concat([jpeg.subarray(0, 2), commentSegment, jpeg.subarray(2)]), name: 'shell.jpg' },
    { label: 'a GIF header in front of JavaScript (GIF/JS polyglot)', bytes: Buffer.concat([Buffer.from('GIF89a/*'), Buffer.from([0, 0, 0xf7, 0, 0]), Buffer.alloc(30), Buffer.from('*/=alert(1);')]), name: 'x.gif' },
    { label: 'a PDF', bytes: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), name: 'doc.jpg' },
    { label: 'an empty file', bytes: Buffer.alloc(0), name: 'empty.png' },
  ];
}

export type FormValue = string | { bytes: Buffer; name: string } | Array<{ bytes: Buffer; name: string }>;

/** A browser-like multipart form: strings are fields, `{ bytes, name }` entries are files; an undefined entry is left out. */
export function formData(entries: Record<string, FormValue | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(entries)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v === 'string') form.append(key, v);
      else form.append(key, new Blob([new Uint8Array(v.bytes)]), v.name);
    }
  }
  return form;
}

/** POST /insertproduct's fields for a lotus ring of `choices`; `fields` are added or override. */
export function productFields(choices: FormChoices, fields: Record<string, FormValue> = {}): Record<string, FormValue> {
  return {
    name: 'Lotus Ring',
    cate_id: String(choices.cate_id),
    description: 'A ring with a lotus.',
    specifications: '22K gold',
    offer: 'Free shipping',
    materials: JSON.stringify([choices.m_id]),
    size: JSON.stringify([choices.size_id]),
    ...fields,
  };
}

/**
 * Sends a multipart request (method POST unless given) and answers status and
 * parsed envelope. The form is encoded to bytes first, as it arrives from a
 * socket: undici's own FormData body stream does not survive the server
 * cancelling it mid-way (it enqueues after cancel and rejects unhandled).
 */
export async function sendForm(store: TestStore, url: string, form: FormData, headers: Record<string, string> = {}, method = 'POST') {
  const encoded = new Response(form);
  const bytes = Buffer.from(await encoded.arrayBuffer());
  return answerOf(await store.app.request(url, { method, body: bytes, headers: { 'Content-Type': encoded.headers.get('content-type')!, ...headers } }));
}

/** Posts the form with the administrator's headers: it must be created (201); answers the answer's data. */
export async function createWithForm(store: TestStore, url: string, form: FormData, admin: { auth: Record<string, string> }) {
  const res = await sendForm(store, url, form, admin.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Names of the files in a media folder (temporary upload files included). */
export function mediaFiles(store: TestStore, folder: string): string[] {
  const dir = path.join(store.config.mediaDir, folder);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** Inserts an order with one item of a product (or a product-less item), for a user or none. */
export async function createOrder(
  store: TestStore,
  overrides: { u_id?: number | null; p_id?: number | null; status?: number; created_at?: string; fields?: Partial<Insertable<OrderTable>> } = {},
) {
  return writeTransaction(store.db, async (trx) => {
    const { o_id } = await trx
      .insertInto('orders')
      .values({
        u_id: overrides.u_id ?? null,
        status: overrides.status ?? 1,
        currency: 'INR',
        subtotal: 5234050,
        total: 5234050,
        ...checkoutAddress,
        payment_method: 'cod',
        payment_status: 'unpaid',
        ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
        ...overrides.fields,
      })
      .returning('o_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('order_items')
      .values({
        o_id,
        p_id: overrides.p_id ?? null,
        product_name: 'Lotus Ring',
        product_image: 'lotus.png',
        category_name: 'Rings',
        carat_name: '22K',
        material_name: 'Yellow Gold',
        size_name: '12',
        quantity: 2,
        price: 2617025,
        line_total: 5234050,
      })
      .execute();
    return { o_id };
  });
}

/** Inserts a contact message. */
export async function createContact(store: TestStore, overrides: { name?: string; created_at?: string } = {}) {
  const n = next();
  return store.db
    .insertInto('contact_messages')
    .values({ name: overrides.name ?? `Visitor ${n}`, email: `visitor${n}@example.com`, message: `Hello ${n}`, mo_no: '9876543210', ...(overrides.created_at ? { created_at: overrides.created_at } : {}) })
    .returning(['c_id', 'name'])
    .executeTakeFirstOrThrow();
}
