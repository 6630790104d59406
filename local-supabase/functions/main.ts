/**
 * Entry point of one edge function's Deno process (run by Deno, not Node): exits as soon as its
 * stdin closes, so no function outlives the stack even when the stack is killed outright, then
 * loads the function, whose `Deno.serve` listens where DENO_SERVE_ADDRESS says.
 */
declare const Deno: {
  args: string[];
  stdin: { readable: ReadableStream<Uint8Array> };
  exit(code: number): never;
};

const entry = Deno.args[0];
if (!entry) {
  console.error('usage: main.ts <file url of the function>');
  Deno.exit(2);
}

void (async () => {
  try {
    const reader = Deno.stdin.readable.getReader();
    while (!(await reader.read()).done) {
      /* the stack never writes; the loop ends when the pipe closes */
    }
  } finally {
    Deno.exit(0);
  }
})();

await import(entry);
