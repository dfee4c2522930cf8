/**
 * The browser's side of the product import (issue 17): sends the file to POST /api/admin/products/import with
 * XMLHttpRequest (fetch reports no upload progress) and reads the streamed answer (NDJSON) as it arrives, so
 * the screen shows both bars: the upload, then the check or the write.
 */
import type { ImportReport, ImportStreamLine } from '@milli/contracts/schemas';

export const IMPORT_API = '/api/admin/products/import';

export interface ImportProgress {
  /** 0..1 of the file sent. */
  upload: number;
  /** Rows checked or written so far, of the total. */
  processing: { phase: 'check' | 'write'; done: number; total: number } | null;
}

export type ImportOutcome =
  | { ok: true; report: ImportReport }
  /** Refused: the message, and the report when the file had problems (IMPORT_INVALID). */
  | { ok: false; message: string; report?: ImportReport; status: number };

/** Reads complete NDJSON lines from a growing text, keeping where it got to. */
export function ndjsonReader(onLine: (line: ImportStreamLine) => void) {
  let seen = 0;
  return (text: string) => {
    let end = text.indexOf('\n', seen);
    while (end !== -1) {
      const line = text.slice(seen, end).trim();
      seen = end + 1;
      if (line !== '') {
        try {
          onLine(JSON.parse(line) as ImportStreamLine);
        } catch {
          // A line that is not JSON is not ours (a proxy's page): the outcome says what happened.
        }
      }
      end = text.indexOf('\n', seen);
    }
  };
}

function refusalMessage(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message !== '') return body.message;
  } catch {
    // not JSON
  }
  if (status === 413) return 'The file is larger than 10 MB. Please split it into smaller files.';
  return `The import could not be sent (${status || 'no answer'}). Please try again.`;
}

/** Sends the file; resolves with the report or the refusal. `onProgress` hears both bars. */
export function sendImport(file: File, dryRun: boolean, onProgress: (p: ImportProgress) => void): Promise<ImportOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const state: ImportProgress = { upload: 0, processing: null };
    let outcome: ImportOutcome | null = null;
    const read = ndjsonReader((line) => {
      if (line.type === 'progress') {
        state.processing = { phase: line.phase, done: line.done, total: line.total };
        onProgress({ ...state });
      } else if (line.type === 'report') outcome = { ok: true, report: line.report };
      else outcome = { ok: false, message: line.message, status: 200, ...(line.report ? { report: line.report } : {}) };
    });
    xhr.open('POST', IMPORT_API);
    xhr.setRequestHeader('accept', 'application/x-ndjson');
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      state.upload = e.loaded / e.total;
      onProgress({ ...state });
    };
    xhr.upload.onload = () => {
      state.upload = 1;
      onProgress({ ...state });
    };
    xhr.onprogress = () => {
      if (xhr.status === 200) read(xhr.responseText);
    };
    xhr.onload = () => {
      if (xhr.status !== 200) {
        resolve({ ok: false, status: xhr.status, message: refusalMessage(xhr.status, xhr.responseText) });
        return;
      }
      read(xhr.responseText.endsWith('\n') ? xhr.responseText : `${xhr.responseText}\n`);
      resolve(
        outcome ?? { ok: false, status: 502, message: 'The answer ended before the report. Nothing may have been written; please check the products list.' },
      );
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: 'The store’s server could not be reached. Please try again.' });
    const form = new FormData();
    form.append('dryRun', String(dryRun));
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
