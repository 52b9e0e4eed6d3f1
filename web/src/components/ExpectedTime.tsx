import { formatExpected } from '../lib/expected-time';

/** An expected instant from the server, in the viewer's clock and relative to `now`. */
export function ExpectedTime({ at, now }: { at: string; now: Date }) {
  return <time dateTime={at}>{formatExpected(new Date(at), now)}</time>;
}
