import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdFor } from '../plugins/external/openapi';
import { buildTestApp, type TestApp } from '../test/app';
import { type OpenApiDocument, openApiDocument, operationsOf } from './operations.testing';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/**
 * The contract as others read it (issue 17, decision 0123): the OpenAPI document of the built app names and
 * summarises every operation, passes `redocly lint` with the recommended rules, and a typed client generated
 * from it with openapi-typescript compiles. Both tools run from node_modules, without the network.
 */
describe('[API][OPENAPI] the document at /docs/json', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let dir: string;

  beforeAll(async () => {
    t = await buildTestApp();
    doc = await openApiDocument(t);
    dir = await mkdtemp(join(tmpdir(), 'sage-openapi-'));
    await writeFile(join(dir, 'openapi.json'), JSON.stringify(doc, null, 2));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives every operation a summary and a unique operationId', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(50);
    const name = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
    expect(operations.filter((op) => !op.summary?.trim()).map(name)).toEqual([]);
    expect(operations.filter((op) => !op.operationId).map(name)).toEqual([]);
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it.each([
    ['GET', '/admin/api/v1/tasks/:taskId/notes', 'getAdminTasksByTaskIdNotes'],
    [
      'POST',
      '/messageorchestration/api/v1/phoneNumberSubscriptions/bulk',
      'postMessageorchestrationPhoneNumberSubscriptionsBulk',
    ],
    [
      'GET',
      '/staffFacilityPreferences/staff/{staffMemberId}/facility/{facilityId}',
      'getStaffFacilityPreferencesStaffByStaffMemberIdFacilityByFacilityId',
    ],
    ['DELETE', '/recipients/webPushNotifications', 'deleteRecipientsWebPushNotifications'],
    ['GET', '/healthz', 'getHealthz'],
  ])('derives the operationId of %s %s from method and path: %s', (method, path, id) => {
    expect(operationIdFor(method, path)).toBe(id);
  });

  it('passes redocly lint with the recommended rules (no errors)', async () => {
    const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
    await writeFile(join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n');
    const { stdout } = await run(
      process.execPath,
      [cli, 'lint', join(dir, 'openapi.json'), '--config', join(dir, 'redocly.yaml'), '--format=json'],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 180_000);

  it('generates a typed client with openapi-typescript that compiles with tsc', async () => {
    const client = astToString(await openapiTS(JSON.stringify(doc)));
    await writeFile(join(dir, 'client.d.ts'), client);
    // The client used as a caller would: an operation by its operationId, a path's parameters and reply.
    await writeFile(
      join(dir, 'use.ts'),
      [
        "import type { operations, paths } from './client';",
        "type TaskId = operations['getAdminTasksByTaskId']['parameters']['path']['taskId'];",
        "export const taskId: TaskId = 'a-task';",
        "type Delete = paths['/messageorchestration/api/v1/recipients/webPushNotifications']['delete'];",
        "export const query: Delete['parameters']['query'] = { recipientIds: ['a-staff-member'] };",
        '',
      ].join('\n'),
    );
    const program = ts.createProgram([join(dir, 'use.ts'), join(dir, 'client.d.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: false,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    expect(await readFile(join(dir, 'client.d.ts'), 'utf8')).toContain('getAdminTasksByTaskId');
  }, 180_000);
});
