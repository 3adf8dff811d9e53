/** Why `url` does not answer with any HTTP response within `timeoutMs`, or undefined when it does. */
export async function whyNotAnswering(url: string, timeoutMs = 1000): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    await response.body?.cancel();
    return undefined;
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}

/** True when `url` answers with any HTTP response within `timeoutMs`. */
export async function isAnswering(url: string, timeoutMs = 1000): Promise<boolean> {
  return (await whyNotAnswering(url, timeoutMs)) === undefined;
}
