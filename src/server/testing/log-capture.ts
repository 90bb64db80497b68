import { Writable } from 'node:stream';
import { loggerOptions } from '../logger.ts';

/** The app's JSON log lines, through the server's own logger options (redaction included): pass `logger` to buildTestApp. */
export function logCapture() {
  const lines: Array<Record<string, unknown>> = [];
  let raw = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, all: () => raw, logger: loggerOptions('info', stream) };
}
