/** True when `url` answers with any HTTP response within `timeoutMs`. */
export async function isAnswering(url: string, timeoutMs = 1000): Promise<boolean> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
