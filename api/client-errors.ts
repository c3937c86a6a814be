// Answers in the error shape, written raw with Connection: close, to requests Node's HTTP parser
// refuses before the app sees them (headers over the limit, a malformed request line, a timeout).
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiIssue, errorBody, validationIssue } from './errors.ts';

/** The issue for an HTTP parser error code of node:http's 'clientError' event. */
export function clientErrorIssue(code: string | undefined, maxHeaderBytes: number): ApiIssue {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiIssue(
        431,
        'PayloadTooLargeIssue',
        `The request headers exceed the limit of ${maxHeaderBytes} bytes.`,
        { limit_bytes: maxHeaderBytes },
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiIssue(
        413,
        'PayloadTooLargeIssue',
        'The chunk extensions of the request body exceed their size limit.',
        null,
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiIssue(408, 'ValidationIssue', 'The request was not received in time.', {
        errors: [{ path: '(request)', message: 'was not received in time' }],
      });
    default:
      return validationIssue(`The request is not valid HTTP/1.1${code ? ` (${code})` : ''}.`, [
        { path: '(request)', message: 'is not a valid HTTP/1.1 request' },
      ]);
  }
}

/** A whole HTTP/1.1 response carrying the issue in the error shape, closing the connection. */
export function rawErrorResponse(issue: ApiIssue, requestId: string = randomUUID()): string {
  const body = JSON.stringify(errorBody(issue, requestId));
  return [
    `HTTP/1.1 ${issue.status} ${STATUS_CODES[issue.status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** How long a refused connection may stay half-open for the client to read the answer and close. */
const LINGER_MS = 5_000;

/**
 * node:http 'clientError' listener: answers in the error shape when nothing of a response was sent
 * on the connection yet, else (or when the peer is gone: ECONNRESET) just closes it, quietly.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
  maxHeaderBytes: number,
): ApiIssue | undefined {
  // A response already under way on this connection (a keep-alive request): another one would corrupt it.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return undefined;
  }
  const issue = clientErrorIssue(error.code, maxHeaderBytes);
  socket.end(rawErrorResponse(issue));
  // The rest of what the client sends is read and dropped, so closing never resets the connection
  // before the client has read the answer; a client that never closes is cut off after a while.
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
  return issue;
}
