import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

it('openapi.yaml lints clean with Redocly', async () => {
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['node_modules/@redocly/cli/bin/cli.js', 'lint', 'openapi.yaml', '--config', '.redocly.yaml', '--format=summary'],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  ).catch((error: { stdout: string; stderr: string }) => {
    throw new Error(`redocly lint failed:\n${error.stdout}\n${error.stderr}`);
  });
  expect(`${stdout}${stderr}`).toMatch(/valid/);
}, 60_000);
