// The hostile side of bench/uploads.ts, in a process of its own so that pushing tens of megabytes a
// second never stalls the reader's event loop (the reader's latency is the server's, not the
// bench's). Usage: `node --import tsx bench/uploads/bursts.ts '<json>'` with
// { url, tokens, bodyFile, query, seconds, inFlight, everyMs }; prints the answers' statuses as JSON.
import { readFileSync } from 'node:fs';

interface BurstPlan {
  url: string;
  tokens: string[];
  bodyFile: string;
  query: string;
  seconds: number;
  inFlight: number;
  everyMs: number;
}

const plan = JSON.parse(process.argv[2]!) as BurstPlan;
// One copy for every request (fetch only reads it).
const payload = new Uint8Array(readFileSync(plan.bodyFile));
const deadline = Date.now() + plan.seconds * 1000;
const statuses: number[] = [];
while (Date.now() < deadline) {
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: plan.inFlight }, async (_, index) => {
      try {
        const response = await fetch(`${plan.url}/api/images${plan.query}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${plan.tokens[index % plan.tokens.length]!}`,
            'content-type': 'application/octet-stream',
          },
          body: payload,
        });
        await response.arrayBuffer();
        return response.status;
      } catch {
        // The server may answer 429 and close before the whole body is sent.
        return 0;
      }
    }),
  );
  statuses.push(...answers);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, plan.everyMs - (Date.now() - started))));
}
process.stdout.write(JSON.stringify(statuses));
