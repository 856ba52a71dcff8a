/** Checks the condition every 25 ms for up to `withinMs`; answers whether it came true. */
export async function waitFor(condition: () => boolean | Promise<boolean>, withinMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
}
