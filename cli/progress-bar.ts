/** A one-line progress bar for long builds; silent when the stream is not a terminal. */
export interface ProgressBar {
  update: (done: number, total: number) => void;
  done: () => void;
}

const WIDTH = 30;
/** Builds smaller than this finish too fast for a bar to help. */
const MINIMUM_TOTAL = 200;

/** Creates a progress bar drawing on `stream` (only when it is a TTY), redrawing at most ~20 times a second. */
export function createProgressBar(stream: NodeJS.WriteStream, label: string): ProgressBar {
  let drawn = false;
  let lastDraw = 0;
  return {
    update(done, total) {
      if (!stream.isTTY || total < MINIMUM_TOTAL) return;
      const now = Date.now();
      if (done < total && now - lastDraw < 50) return;
      lastDraw = now;
      const filled = Math.round((done / total) * WIDTH);
      stream.write(`\r${label} [${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ${done}/${total}`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}
