/** The back office lists sms.log's lines with codes hidden: staff who read messages cannot use a shopper's reset code. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { keptSms, withoutCodes } from '../../api/messages/channels/sms.ts';

it('hides a reset code and leaves order numbers and tracking numbers as they are', async () => {
  expect(withoutCodes('Your Aurum Jewels code is 482913. It expires in 10 minutes.')).toBe('Your Aurum Jewels code is (hidden). It expires in 10 minutes.');
  expect(withoutCodes('Order #123456 has shipped: Blue Dart 987654321.')).toBe('Order #123456 has shipped: Blue Dart 987654321.');
  const dir = mkdtempSync(path.join(tmpdir(), 'sms-codes-'));
  try {
    const file = path.join(dir, 'sms.log');
    writeFileSync(file, `${JSON.stringify({ to: '+919876543210', text: 'Your Aurum Jewels code is 482913. It expires in 10 minutes.', at: '2026-11-28T10:00:00Z', message_id: 'msg_1' })}\n`);
    const [line] = await keptSms(file, 10);
    expect(line.summary).not.toContain('482913');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
