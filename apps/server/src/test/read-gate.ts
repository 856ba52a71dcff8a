/** Holds back the reads of a fake table while a test changes things, to play a slow database read. */
export function createReadGate() {
  let gate: Promise<void> | undefined;
  return {
    /** Reads wait from now on until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
    /** What a read awaits before it answers. */
    async pass() {
      if (gate) await gate;
    },
  };
}
