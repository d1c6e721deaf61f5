#!/usr/bin/env node
/**
 * `npm run verify-draw -- record.json`: re-runs a draw record and prints "verified" (exit 0), the
 * differences (exit 1), or why the file could not be read (exit 2). All checking is in record.ts.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { verifyRecord, type VerifyCheck } from './record.js';

export interface CliResult {
  code: 0 | 1 | 2;
  out: string[];
  err: string[];
}

/** The whole command as a function of its arguments and a file reader, so it can be tested. */
export function runVerifyCli(args: readonly string[], readFile: (path: string) => string): CliResult {
  const path = args[0];
  if (path === undefined || args.length > 1 || path === '--help' || path === '-h') {
    return { code: 2, out: [], err: ['usage: verify-draw <record.json>'] };
  }
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : errorMessage(error);
    return { code: 2, out: [], err: [`cannot read ${path}: ${reason}`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { code: 2, out: [], err: [`${path} is not valid JSON: ${errorMessage(error)}`] };
  }
  const result = verifyRecord(json);
  if (!result.ok)
    return { code: 1, out: ['NOT verified:', ...result.differences.map((d) => `- ${d}`)], err: [] };
  const checked = result.checks.map((c) => `- ${CHECKED[c]}`);
  if (result.scope === 'full') return { code: 0, out: ['verified', ...checked], err: [] };
  return {
    code: 0,
    out: ["verified (a beneficiary's copy: their own part)", ...checked, `- not checked: ${NOT_IN_A_COPY}`],
    err: [],
  };
}

const CHECKED: Record<VerifyCheck, string> = {
  rerun: "re-running the step on the record's inputs gives exactly its results",
  commitment: 'the revealed secret is the one committed to before the draw',
  inputCommitment: "the inputs commitment is the root over every receiver's salted lines",
  inclusion: "the member's own lines, with their salt and proof, lead to the inputs commitment",
  ownResults: 'every item in the copy is one the member hearted, with the tokens they placed',
};

const NOT_IN_A_COPY =
  "the draw itself: the copy holds no one else's inputs. The trustee may publish the full records after stage 40; anyone can then re-run the step.";

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function main(): void {
  const result = runVerifyCli(process.argv.slice(2), (path) => readFileSync(path, 'utf8'));
  for (const line of result.out) process.stdout.write(`${line}\n`);
  for (const line of result.err) process.stderr.write(`${line}\n`);
  process.exitCode = result.code;
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return pathToFileURL(realpathSync(entry)).href === import.meta.url;
  } catch {
    return false;
  }
}

// Run only when executed, not when a test imports runVerifyCli.
if (isEntryPoint()) main();
