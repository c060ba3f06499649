// Loaded into the API process with `node --import`: records the event-loop delay. Each time
// the file `${EVENT_LOOP_PROBE_FILE}.mark` gets a new content, it appends the percentiles
// (ms) since the previous mark to EVENT_LOOP_PROBE_FILE as one JSON line and starts a new
// recording. (Signals are not used: Nest's shutdown hooks treat SIGUSR2 as a stop signal.)
// The service itself knows nothing of it.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setInterval } from 'node:timers';
import { isMainThread } from 'node:worker_threads';

const file = process.env.EVENT_LOOP_PROBE_FILE;
// `--import` also runs in the API's worker threads (FHIR validation): their loops are meant
// to be busy, and their lines would mix with the main thread's. Only the main loop is measured.
if (file && isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lastMark = '';
  const ms = (nanoseconds) => Math.round((nanoseconds / 1e6) * 10) / 10;
  setInterval(() => {
    const mark = existsSync(`${file}.mark`) ? readFileSync(`${file}.mark`, 'utf8') : '';
    if (mark === lastMark) return;
    lastMark = mark;
    appendFileSync(
      file,
      `${JSON.stringify({
        mark,
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
      })}\n`,
    );
    histogram.reset();
  }, 100).unref();
}
