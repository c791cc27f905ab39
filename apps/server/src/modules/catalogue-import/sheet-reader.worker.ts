/**
 * Reads import files in a worker thread (started by `readSheet`), one message a file: unpacking and
 * parsing a large spreadsheet take seconds of CPU and memory that must not come out of the thread
 * serving visitors, and the worker's own memory limit stops whatever the file limits did not foresee.
 */
import { parentPort } from 'node:worker_threads';
import { HttpError } from '../../http-error';
import { readSheetHere, type SheetReaderAnswer } from './import-sheet';

async function answer(file: string): Promise<SheetReaderAnswer> {
  try {
    return { ok: true, sheet: await readSheetHere(file) };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, statusCode: error.statusCode, message: error.message };
    return { ok: false, statusCode: 500, message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: { file: string }) => {
  void answer(request.file).then((reply) => parentPort?.postMessage(reply));
});
