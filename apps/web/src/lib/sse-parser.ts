/**
 * Splits a text/event-stream into the `data` of its events (multi-line data joined with
 * '\n'; comments and other fields ignored). Feed it chunks as they arrive; it keeps what
 * is left of an unfinished event for the next chunk.
 */
export function createSseParser(onData: (data: string) => void) {
  let buffer = '';
  const flushEvent = (block: string) => {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0) onData(data.join('\n'));
  };
  return {
    push(chunk: string) {
      buffer += chunk.replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        flushEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    },
    /** The stream ended: an event without its blank line still counts. */
    end() {
      if (buffer.trim().length > 0) flushEvent(buffer);
      buffer = '';
    },
  };
}
